import {
  AppError,
  accountEndpoints as api,
  CLIENT_CHANNEL_HEADER,
  type CurrentUser,
  type Language,
} from '@junction/domain';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { serve } from '../../lib/serve';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/auth';
import type { UserRow } from './account.repository';
import { type AccountService, type RequestMeta, toCurrentUser } from './account.service';

/** Header text as stored: no control characters, bounded. */
const headerText = (value: string | undefined, max: number): string | null =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  value ? value.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, max) : null;

function meta(req: FastifyRequest, language?: Language): RequestMeta {
  return {
    ip: headerText(req.ip, 64) ?? '',
    userAgent: headerText(req.headers['user-agent'], 300),
    language: language ?? req.language,
    // The channel is told once, when the session is made; later requests cannot change it.
    channel: req.headers[CLIENT_CHANNEL_HEADER] === 'app' ? 'app' : 'web',
  };
}

/** The browser that registered an e-mail keeps this cookie; with it, the link keeps the chosen password. */
const CLAIM_COOKIE = 'activation_claim';
const CLAIM_PATH = api.verifyEmail.path;

function setClaimCookie(req: FastifyRequest, reply: FastifyReply, claim: string): void {
  reply.setCookie(CLAIM_COOKIE, claim, {
    path: CLAIM_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: 86_400,
  });
}

/** How many unread notices a user has (the notifications feature, composed in `app.ts`). */
export type UnreadCounter = (userId: string) => Promise<number>;

/** What the account's routes share: the service, the session cookie's lifetime, and the answer of `GET /user`. */
type RouteContext = {
  accounts: AccountService;
  sessionMaxAgeSeconds: number;
  answer: (user: UserRow) => Promise<CurrentUser>;
};

const tags = ['account'];
const signedIn = { tags, preHandler: requireUser };

/** Codes, registration, activation, sign-in and sign-out. */
function signInRoutes(app: FastifyInstance, { accounts, sessionMaxAgeSeconds, answer }: RouteContext): void {
  serve(app, api.sendCode, { tags }, async (req) => {
    await accounts.requestCode(req.body, meta(req));
    return { result: 0 as const };
  });

  serve(app, api.register, { tags }, async (req, reply) => {
    const result = await accounts.register(req.body, meta(req, req.body.language));
    if ('pendingEmail' in result) {
      setClaimCookie(req, reply, result.claim);
      return { pending: true as const, email: result.pendingEmail };
    }
    setSessionCookie(req, reply, result.token, sessionMaxAgeSeconds);
    return answer(result.user);
  });

  serve(app, api.verifyEmail, { tags }, async (req, reply) => {
    const result = await accounts.verifyEmail(
      { token: req.body.token, password: req.body.password, claim: req.cookies[CLAIM_COOKIE] },
      meta(req),
    );
    reply.clearCookie(CLAIM_COOKIE, { path: CLAIM_PATH });
    setSessionCookie(req, reply, result.token, sessionMaxAgeSeconds);
    return answer(result.user);
  });

  serve(app, api.resendActivation, { tags }, async (req, reply) => {
    setClaimCookie(req, reply, await accounts.resendActivation(req.body.email, meta(req, req.body.language)));
    return { ok: true as const };
  });

  // Spec §8: 1001 answers a sign-in that fails for no more specific reason.
  serve(app, api.login, { tags, invalidRequest: 'LOGIN_FAILED' }, async (req, reply) => {
    if (req.auth) throw new AppError('ALREADY_SIGNED_IN');
    const result = await accounts.login(req.body, meta(req));
    setSessionCookie(req, reply, result.token, sessionMaxAgeSeconds);
    return answer(result.user);
  });

  serve(app, api.logout, { tags }, async (req, reply) => {
    if (req.auth) await accounts.logout(req.auth.tokenHash);
    clearSessionCookie(req, reply);
    return { ok: true as const };
  });
}

/** The signed-in traveller's profile, password, bound identities and other sessions. */
function profileRoutes(app: FastifyInstance, { accounts, sessionMaxAgeSeconds, answer }: RouteContext): void {
  serve(app, api.currentUser, signedIn, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return answer(await accounts.getUser(req.auth?.userId ?? ''));
  });

  serve(app, api.updateProfile, signedIn, async (req) =>
    answer(await accounts.updateProfile(req.auth?.userId ?? '', req.body)),
  );

  serve(app, api.resetPassword, { tags }, async (req) => {
    await accounts.resetPassword(req.body, meta(req));
    return { ok: true as const };
  });

  serve(app, api.changePassword, signedIn, async (req, reply) => {
    const token = await accounts.changePassword(
      req.auth?.userId ?? '',
      req.body.currentPassword,
      req.body.newPassword,
      meta(req),
    );
    setSessionCookie(req, reply, token, sessionMaxAgeSeconds);
    return { ok: true as const };
  });

  serve(app, api.bind, signedIn, async (req) => answer(await accounts.bind(req.auth?.userId ?? '', req.body)));

  serve(app, api.otherSessions, signedIn, async (req) => ({
    others: await accounts.otherSessionCount(req.auth?.userId ?? ''),
  }));

  serve(app, api.signOutOthers, signedIn, async (req) => ({
    revoked: await accounts.signOutOthers(req.auth?.userId ?? '', req.auth?.tokenHash ?? ''),
  }));
}

/** Sign-in, registration, codes, profile and security: the paths of spec §7, served as written. */
export const accountRoutes = (
  accounts: AccountService,
  sessionMaxAgeSeconds: number,
  unread: UnreadCounter = async () => 0,
): FastifyPluginAsync =>
  async function account(app) {
    const context: RouteContext = {
      accounts,
      sessionMaxAgeSeconds,
      answer: async (user) => toCurrentUser(user, await unread(user.id)),
    };
    signInRoutes(app, context);
    profileRoutes(app, context);
  };
