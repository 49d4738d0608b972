import { AppError, apiErrorSchema } from '@junction/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'sid';

/** A signed-in request: its user, its session, and the channel the session was created by. */
export type Auth = { userId: string; tokenHash: string; channel: 'web' | 'app' };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyInstance {
    requireUser: (req: FastifyRequest) => Promise<void>;
  }
}

/** The port this plugin needs: who a session token belongs to (the account feature provides it). */
export type SessionAuthenticator = { authenticate(token: string): Promise<Auth | null> };

/** Reads the session cookie into `req.auth` on every API request. */
export function sessionReader(sessions: SessionAuthenticator) {
  return async (req: FastifyRequest): Promise<void> => {
    const token = req.cookies[SESSION_COOKIE];
    req.auth = token ? await sessions.authenticate(token) : null;
  };
}

/** preHandler for routes that need a signed-in traveller: 401 with 1401 otherwise (spec §8). */
export async function requireUser(req: FastifyRequest): Promise<void> {
  if (!req.auth) throw new AppError('SESSION_EXPIRED');
}

/** Who is a customer-service agent (the chat feature knows). */
export type AgentCheck = { isAgent(userId: string): Promise<boolean> };

/** preHandler for the agents' desks: signed in (1401) and a customer-service agent (7001 otherwise). */
export const requireAgent =
  (agents: AgentCheck) =>
  async (req: FastifyRequest): Promise<void> => {
    await requireUser(req);
    if (!(await agents.isAgent(req.auth?.userId ?? ''))) throw new AppError('CHAT_NOT_AGENT');
  };

/**
 * The options of a route only a signed-in traveller calls: its OpenAPI group, `requireUser`, and the
 * errors it answers besides 401 (400, 404 and 422 unless it names others).
 */
export function signedInRoute(tag: string, errors: readonly number[] = [400, 404, 422]) {
  return {
    tags: [tag],
    preHandler: requireUser,
    responses: Object.fromEntries(errors.map((status) => [status, apiErrorSchema])),
  };
}

/** The signed-in traveller's id, on a route `requireUser` guards (so never the empty string there). */
export const userOf = (auth: Auth | null): string => auth?.userId ?? '';

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https' });
}

/**
 * Cross-site request forgery guard: a state-changing request that names an Origin must come from this
 * site. Browsers always send Origin with a cross-site POST; requests without one (curl, the app) pass.
 */
export async function checkOrigin(req: FastifyRequest): Promise<void> {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
  const origin = req.headers.origin;
  if (!origin) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new AppError('FORBIDDEN');
  }
  // Fastify reads X-Forwarded-Host only from a trusted proxy (TRUST_PROXY); anyone else's is ignored.
  const expected = req.host;
  if (host !== expected) throw new AppError('FORBIDDEN');
}
