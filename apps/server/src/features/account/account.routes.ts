import {
  AppError,
  bindSchema,
  changePasswordSchema,
  codeRequestSchema,
  currentUserSchema,
  type Language,
  loginBodySchema,
  profileUpdateSchema,
  registerBodySchema,
  resendActivationSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '@junction/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/auth';
import { requestLanguage } from '../../plugins/language';
import { type AccountService, type RequestMeta, toCurrentUser } from './account.service';

const ok = z.object({ ok: z.literal(true) });

function meta(req: FastifyRequest, language?: Language): RequestMeta {
  return {
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
    language: requestLanguage(req, language),
  };
}

/** Sign-in, registration, codes, profile and security: the paths of spec §7, served as written. */
export const accountRoutes = (accounts: AccountService, sessionMaxAgeSeconds: number): FastifyPluginAsyncZod =>
  async function account(app) {
    const tags = ['account'];

    app.post(
      '/code',
      { schema: { tags, body: codeRequestSchema, response: { 200: z.object({ result: z.literal(0) }) } } },
      async (req) => {
        await accounts.requestCode(req.body, meta(req));
        return { result: 0 as const };
      },
    );

    app.post(
      '/register',
      {
        schema: {
          tags,
          body: registerBodySchema,
          response: { 200: z.union([currentUserSchema, z.object({ pending: z.literal(true), email: z.string() })]) },
        },
      },
      async (req, reply) => {
        const result = await accounts.register(req.body, meta(req, req.body.language));
        if ('pendingEmail' in result) return { pending: true as const, email: result.pendingEmail };
        setSessionCookie(req, reply, result.token, sessionMaxAgeSeconds);
        return toCurrentUser(result.user);
      },
    );

    app.post(
      '/api/verify',
      { schema: { tags, body: verifyEmailSchema, response: { 200: currentUserSchema } } },
      async (req, reply) => {
        const result = await accounts.verifyEmail(req.body.token, meta(req));
        setSessionCookie(req, reply, result.token, sessionMaxAgeSeconds);
        return toCurrentUser(result.user);
      },
    );

    app.post(
      '/api/verify/resend',
      { schema: { tags, body: resendActivationSchema, response: { 200: ok } } },
      async (req) => {
        await accounts.resendActivation(req.body.email, meta(req, req.body.language));
        return { ok: true as const };
      },
    );

    app.post(
      '/login',
      { schema: { tags, body: loginBodySchema, response: { 200: currentUserSchema } } },
      async (req, reply) => {
        if (req.auth) throw new AppError('ALREADY_SIGNED_IN');
        const result = await accounts.login(req.body, meta(req));
        setSessionCookie(req, reply, result.token, sessionMaxAgeSeconds);
        return toCurrentUser(result.user);
      },
    );

    app.post('/logout', { schema: { tags, response: { 200: ok } } }, async (req, reply) => {
      if (req.auth) await accounts.logout(req.auth.tokenHash);
      clearSessionCookie(req, reply);
      return { ok: true as const };
    });

    app.get(
      '/user',
      { preHandler: requireUser, schema: { tags, response: { 200: currentUserSchema } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return toCurrentUser(await accounts.getUser(req.auth?.userId ?? ''));
      },
    );

    app.post(
      '/user',
      { preHandler: requireUser, schema: { tags, body: profileUpdateSchema, response: { 200: currentUserSchema } } },
      async (req) => toCurrentUser(await accounts.updateProfile(req.auth?.userId ?? '', req.body)),
    );

    app.post('/password/reset', { schema: { tags, body: resetPasswordSchema, response: { 200: ok } } }, async (req) => {
      await accounts.resetPassword(req.body, meta(req));
      return { ok: true as const };
    });

    app.post(
      '/password/change',
      { preHandler: requireUser, schema: { tags, body: changePasswordSchema, response: { 200: ok } } },
      async (req, reply) => {
        const token = await accounts.changePassword(
          req.auth?.userId ?? '',
          req.body.currentPassword,
          req.body.newPassword,
          meta(req),
        );
        setSessionCookie(req, reply, token, sessionMaxAgeSeconds);
        return { ok: true as const };
      },
    );

    app.post(
      '/bind',
      { preHandler: requireUser, schema: { tags, body: bindSchema, response: { 200: currentUserSchema } } },
      async (req) => toCurrentUser(await accounts.bind(req.auth?.userId ?? '', req.body)),
    );

    app.get(
      '/api/sessions',
      { preHandler: requireUser, schema: { tags, response: { 200: z.object({ others: z.number().int() }) } } },
      async (req) => ({ others: await accounts.otherSessionCount(req.auth?.userId ?? '') }),
    );

    app.post(
      '/api/sessions/revoke-others',
      { preHandler: requireUser, schema: { tags, response: { 200: z.object({ revoked: z.number().int() }) } } },
      async (req) => ({ revoked: await accounts.signOutOthers(req.auth?.userId ?? '', req.auth?.tokenHash ?? '') }),
    );
  };
