import { type Language, languageSchema } from '@junction/domain';
import type { FastifyRequest } from 'fastify';

/** The language asked for, else the language cookie (spec §2), else English. */
export function requestLanguage(req: FastifyRequest, asked?: Language): Language {
  if (asked) return asked;
  const cookie = /(?:^|;\s*)lang=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  const parsed = languageSchema.safeParse(cookie ? decodeURIComponent(cookie) : undefined);
  return parsed.success ? parsed.data : 'en';
}
