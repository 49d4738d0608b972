import { z } from 'zod';
import { defineEndpoint, okSchema } from '../api/endpoint';
import {
  bindSchema,
  changePasswordSchema,
  codeRequestSchema,
  currentUserSchema,
  loginBodySchema,
  profileUpdateSchema,
  registerBodySchema,
  resendActivationSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from './account.schema';

/** `POST /code` answers 0 when the code is on its way (spec §8 SMS result codes); failures are coded errors. */
export const codeSentSchema = z.object({ result: z.literal(0) });

/** An e-mail registration without a code waits for its activation link. */
export const pendingActivationSchema = z.object({ pending: z.literal(true), email: z.string() });
export const registerResponseSchema = z.union([currentUserSchema, pendingActivationSchema]);
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const otherSessionsSchema = z.object({ others: z.number().int().nonnegative() });
export const revokedSessionsSchema = z.object({ revoked: z.number().int().nonnegative() });

/** Sign-in, registration, codes, profile and security: the paths of spec §7, served as written. */
export const accountEndpoints = {
  sendCode: defineEndpoint({ method: 'POST', path: '/code', body: codeRequestSchema, response: codeSentSchema }),
  register: defineEndpoint({
    method: 'POST',
    path: '/register',
    body: registerBodySchema,
    response: registerResponseSchema,
  }),
  verifyEmail: defineEndpoint({
    method: 'POST',
    path: '/api/verify',
    body: verifyEmailSchema,
    response: currentUserSchema,
    summary: 'Activate an e-mail account from its link and sign in',
  }),
  resendActivation: defineEndpoint({
    method: 'POST',
    path: '/api/verify/resend',
    body: resendActivationSchema,
    response: okSchema,
  }),
  login: defineEndpoint({ method: 'POST', path: '/login', body: loginBodySchema, response: currentUserSchema }),
  logout: defineEndpoint({ method: 'POST', path: '/logout', response: okSchema }),
  currentUser: defineEndpoint({ method: 'GET', path: '/user', response: currentUserSchema }),
  updateProfile: defineEndpoint({
    method: 'POST',
    path: '/user',
    body: profileUpdateSchema,
    response: currentUserSchema,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/password/reset',
    body: resetPasswordSchema,
    response: okSchema,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/password/change',
    body: changePasswordSchema,
    response: okSchema,
  }),
  bind: defineEndpoint({ method: 'POST', path: '/bind', body: bindSchema, response: currentUserSchema }),
  otherSessions: defineEndpoint({
    method: 'GET',
    path: '/api/sessions',
    response: otherSessionsSchema,
    summary: 'How many other devices are signed in',
  }),
  signOutOthers: defineEndpoint({
    method: 'POST',
    path: '/api/sessions/revoke-others',
    response: revokedSessionsSchema,
    summary: 'Sign out every other device',
  }),
} as const;
