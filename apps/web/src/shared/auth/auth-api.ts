import {
  type CodePurpose,
  type CurrentUser,
  currentUserSchema,
  type Identity,
  type ProfileUpdate,
} from '@junction/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../api/api-client';

const ok = z.object({ ok: z.literal(true) });

export const authKeys = { user: ['auth', 'user'] as const, sessions: ['auth', 'sessions'] as const };

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user,
    queryFn: ({ signal }) => apiClient.get('/user', { schema: currentUserSchema, signal, quietUnauthorized: true }),
    retry: false,
    // The session check handles its own failure (spec §4): no global 401 dialog for it.
    meta: { silent: true },
  });

export type LoginInput = { username: string; identity: Identity; district?: string; password?: string; code?: string };

export const authApi = {
  currentUser: () => apiClient.get('/user', { schema: currentUserSchema, quietUnauthorized: true }),
  login: (body: LoginInput) => apiClient.post('/login', { body, schema: currentUserSchema }),
  logout: () => apiClient.post('/logout', { body: {}, schema: ok }),
  sendCode: (body: { type: Identity; target: string; country?: string; purpose: CodePurpose }) =>
    apiClient.post('/code', { body, schema: z.object({ result: z.number() }) }),
  register: (body: {
    type: Identity;
    target: string;
    country?: string;
    password: string;
    code?: string;
    language: string;
  }) =>
    apiClient.post('/register', {
      body,
      schema: z.union([currentUserSchema, z.object({ pending: z.literal(true), email: z.string() })]),
    }),
  verifyEmail: (token: string) => apiClient.post('/api/verify', { body: { token }, schema: currentUserSchema }),
  resendActivation: (email: string, language: string) =>
    apiClient.post('/api/verify/resend', { body: { email, language }, schema: ok }),
  resetPassword: (body: { type: Identity; target: string; country?: string; code: string; password: string }) =>
    apiClient.post('/password/reset', { body, schema: ok }),
  changePassword: (body: { currentPassword: string; newPassword: string }) =>
    apiClient.post('/password/change', { body, schema: ok }),
  bind: (body: { type: Identity; target: string; country?: string; code: string }) =>
    apiClient.post('/bind', { body, schema: currentUserSchema }),
  updateProfile: (body: ProfileUpdate): Promise<CurrentUser> =>
    apiClient.post('/user', { body, schema: currentUserSchema }),
  otherSessions: () => apiClient.get('/api/sessions', { schema: z.object({ others: z.number() }) }),
  signOutOthers: () =>
    apiClient.post('/api/sessions/revoke-others', { body: {}, schema: z.object({ revoked: z.number() }) }),
};
