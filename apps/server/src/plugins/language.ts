import { DEFAULT_LANGUAGE, type Language, languageSchema, PREFERENCE_COOKIES } from '@junction/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The traveller's language, resolved once per request (`?lang`, else the cookie, else English). */
    language: Language;
  }
}

/** A value that names a language of ours, else nothing: malformed values never fail a request. */
const asLanguage = (value: unknown): Language | undefined => {
  const parsed = languageSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

/** The language a request asks for: `?lang=`, else the language cookie (spec §2), else the default. */
export function resolveLanguage(req: FastifyRequest): Language {
  const query = req.query as Record<string, unknown> | undefined;
  return asLanguage(query?.lang) ?? asLanguage(req.cookies?.[PREFERENCE_COOKIES.language]) ?? DEFAULT_LANGUAGE;
}

/**
 * Resolves `req.language` on every request, after the cookie plugin has parsed the cookies (it decodes
 * safely: a malformed value stays raw and is simply not a language). Nothing else reads the cookie.
 * Register after `@fastify/cookie`.
 */
export function registerLanguage(app: FastifyInstance): void {
  app.decorateRequest('language', DEFAULT_LANGUAGE);
  app.addHook('onRequest', async (req) => {
    req.language = resolveLanguage(req);
  });
}
