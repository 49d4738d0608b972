import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns';

export type UsersTable = {
  id: Generated<string>;
  mobile: string | null;
  mobileCountry: string | null;
  email: string | null;
  emailVerifiedAt: Timestamp | null;
  passwordHash: string;
  name: string | null;
  nickname: string | null;
  gender: number | null;
  birthday: ColumnType<string | null, string | null, string | null>;
  language: Generated<string>;
  createdAt: ColumnType<Date, Date | string | undefined, Date | string>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type SessionsTable = {
  id: Generated<string>;
  userId: string;
  tokenHash: string;
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  userAgent: string | null;
  ip: string | null;
  /** 'web' or 'app': how the session was created (an app signs in with `X-Client-Channel: app`). */
  channel: Generated<string>;
};

export type VerificationCodesTable = {
  id: Generated<string>;
  target: string;
  purpose: string;
  codeHash: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  attempts: Generated<number>;
  usedAt: Timestamp | null;
};

export type ActivationTokensTable = {
  tokenHash: string;
  userId: string;
  email: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  /** Keyed hash of the claim cookie of the browser that registered; that browser confirms the password. */
  claimHash: string | null;
};

export type LoginGuardsTable = {
  /** Keyed hash of the account (its normalized mobile or e-mail, or `user:<id>`). */
  subject: string;
  failures: Generated<number>;
  windowStart: Timestamp;
  locks: Generated<number>;
  lockedUntil: Timestamp | null;
  updatedAt: Timestamp;
};

export type RateLimitHitsTable = { id: Generated<string>; key: string; at: Timestamp };

/** The account tables, by the name queries use. */
export type AccountTables = {
  users: UsersTable;
  sessions: SessionsTable;
  verificationCodes: VerificationCodesTable;
  activationTokens: ActivationTokensTable;
  rateLimitHits: RateLimitHitsTable;
  loginGuards: LoginGuardsTable;
};
