import { randomBytes, randomInt } from 'node:crypto';
import {
  AppError,
  type CodePurpose,
  type Identity,
  isStrongPassword,
  type Language,
  type ProfileUpdate,
} from '@junction/domain';
import argon2 from 'argon2';
import { keyedHash, sameDigest } from '../../lib/crypto';
import type { Auth } from '../../plugins/auth';
import type { AccountRepository, UserRow } from './account.repository';
import type { LoginGuard } from './login-guard';
import type { Mailer } from './messaging/mailer';
import { activationMail, codeMail, codeSms } from './messaging/messages';
import type { SmsProvider } from './messaging/sms';
import { DAY, HOUR, MINUTE, type RateLimiter } from './rate-limiter';
import { type RequestMeta, Sessions, sha256 } from './sessions';
import { normalizeTarget } from './targets';

export { toCurrentUser } from './current-user';
export { LOGIN_LOCK_FAILURES, LOGIN_LOCK_MS } from './login-guard';
export { hashToken, type RequestMeta } from './sessions';

/** OWASP's argon2id parameters: 19 MiB, two passes, one lane. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const CODE_TTL_MS = 10 * MINUTE;
export const CODE_MAX_ATTEMPTS = 5;
export const ACTIVATION_TTL_MS = DAY;
/** The window of the per-address sign-in limit. */
export const LOGIN_IP_WINDOW_MS = 15 * MINUTE;

/**
 * An argon2id hash of a password nobody knows: a sign-in for an unknown account is checked against it, so
 * it costs the same time as one for a known account and the answer time tells nothing.
 */
const UNKNOWN_ACCOUNT_HASH = argon2.hash(randomBytes(16).toString('hex'), ARGON2_OPTIONS);

export type SignedIn = { user: UserRow; token: string };
/** An e-mail registration waiting for its link; `claim` goes to the browser that registered, as a cookie. */
export type PendingActivation = { pendingEmail: string; claim: string };

/** An account registered by e-mail whose link nobody has opened yet: it gives no one a credential. */
const isPendingEmailAccount = (user: UserRow): boolean => Boolean(user.email && !user.emailVerifiedAt && !user.mobile);

export type AccountServiceOptions = {
  publicUrl: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** Multiplies the per-address limits, for sites where many travellers share one address. */
  ipLimitFactor: number;
};

/** Registration, sign-in, codes, sessions and profile: the rules, with no HTTP and no SQL. */
export class AccountService {
  constructor(
    private readonly repo: AccountRepository,
    private readonly limiter: RateLimiter,
    private readonly guard: LoginGuard,
    /** The server's HMAC secret: verification codes are stored as keyed hashes. */
    private readonly secret: Buffer,
    private readonly mailer: Mailer,
    private readonly sms: SmsProvider,
    private readonly options: AccountServiceOptions,
    private readonly now: () => Date,
  ) {
    this.sessions = new Sessions(repo, options, now);
  }

  private readonly sessions: Sessions;

  private perIp(max: number): number {
    return Math.max(1, Math.round(max * this.options.ipLimitFactor));
  }

  /** A mobile number in E.164 or an e-mail address in lower case; a malformed one is refused by field. */
  normalizeTarget(type: Identity, target: string, country = 'CN'): string {
    return normalizeTarget(type, target, country);
  }

  private codeHash(target: string, purpose: CodePurpose, code: string): string {
    return keyedHash(this.secret, 'verification-code', `${target}|${purpose}|${code}`);
  }

  private findByTarget(type: Identity, target: string): Promise<UserRow | undefined> {
    return type === 'mobile' ? this.repo.findUserByMobile(target) : this.repo.findUserByEmail(target);
  }

  async requestCode(
    input: { type: Identity; target: string; country?: string; purpose: CodePurpose },
    meta: RequestMeta,
  ): Promise<void> {
    const target = this.normalizeTarget(input.type, input.target, input.country);
    // The address pays for every request, look-ups of accounts that do not exist included.
    await this.limiter.hit([{ key: `code-ip:${meta.ip}`, max: this.perIp(30), windowMs: HOUR }]);
    const existing = await this.findByTarget(input.type, target);
    if (input.purpose === 'register' || input.purpose === 'bind') {
      if (existing) throw new AppError('ACCOUNT_EXISTS');
    } else if (!existing) {
      throw new AppError(input.type === 'mobile' ? 'MOBILE_UNREGISTERED' : 'EMAIL_UNREGISTERED');
    }
    const key = `code:${target}`;
    const sent = await this.limiter.hit([
      { key, max: 1, windowMs: MINUTE },
      { key, max: 5, windowMs: HOUR },
      { key, max: 10, windowMs: DAY },
    ]);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.now();
    await this.repo.insertCode({
      target,
      purpose: input.purpose,
      codeHash: this.codeHash(target, input.purpose, code),
      now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    try {
      if (input.type === 'mobile')
        await this.sms.send({
          to: target,
          text: codeSms(meta.language, code, input.purpose),
          template: { name: 'code', params: { code } },
        });
      else await this.mailer.send({ to: target, ...codeMail(meta.language, code, input.purpose) });
    } catch {
      // Nothing reached the traveller: the wait before the next request does not start.
      await this.limiter.release(sent);
      throw new AppError('DELIVERY_FAILED');
    }
  }

  /**
   * Checks and spends a code: wrong → 1101 (dead after five tries), missing, used or expired → 1601.
   * The try is reserved before the comparison, so no more than five comparisons are ever made per code.
   */
  private async useCode(target: string, purpose: CodePurpose, code: string): Promise<void> {
    const now = this.now();
    const row = await this.repo.reserveCodeAttempt(target, purpose, now, CODE_MAX_ATTEMPTS);
    if (!row) throw new AppError('CODE_EXPIRED');
    if (!sameDigest(row.codeHash, this.codeHash(target, purpose, code))) throw new AppError('CODE_INCORRECT');
    if (!(await this.repo.useCode(row.id, now))) throw new AppError('CODE_EXPIRED');
  }

  private assertPassword(password: string): void {
    if (!isStrongPassword(password)) {
      throw new AppError('VALIDATION_FAILED', { params: { field: 'password', reason: 'weak' } });
    }
  }

  async register(
    input: { type: Identity; target: string; country?: string; password: string; code?: string },
    meta: RequestMeta,
  ): Promise<SignedIn | PendingActivation> {
    await this.limiter.hit([{ key: `register-ip:${meta.ip}`, max: this.perIp(10), windowMs: HOUR }]);
    const target = this.normalizeTarget(input.type, input.target, input.country);
    this.assertPassword(input.password);
    const existing = await this.findByTarget(input.type, target);
    // A newer registration of an address nobody has activated replaces the pending one.
    const pending = existing && isPendingEmailAccount(existing) ? existing : undefined;
    if (existing && !pending) throw new AppError('ACCOUNT_EXISTS');
    if (input.type === 'mobile' && !input.code) {
      throw new AppError('VALIDATION_FAILED', { params: { field: 'code', reason: 'required' } });
    }
    if (input.code) await this.useCode(target, 'register', input.code);
    const passwordHash = await argon2.hash(input.password, ARGON2_OPTIONS);
    const now = this.now();
    let user: UserRow | null;
    if (pending) {
      user = await this.repo.replacePendingUser(pending.id, {
        passwordHash,
        language: meta.language,
        emailVerifiedAt: input.code ? now : null,
      });
      // Links sent for the earlier registration activate nothing any more.
      await this.repo.revokeActivations(pending.id, now);
    } else {
      user = await this.repo.insertUser({
        passwordHash,
        language: meta.language,
        ...(input.type === 'mobile'
          ? { mobile: target, mobileCountry: input.country ?? 'CN' }
          : { email: target, emailVerifiedAt: input.code ? now : null }),
      });
    }
    if (!user) throw new AppError('ACCOUNT_EXISTS');
    if (input.type === 'email' && !input.code) {
      const claim = await this.sendActivation(user.id, target, meta.language);
      return { pendingEmail: target, claim };
    }
    return { user, token: await this.sessions.start(user.id, meta) };
  }

  private claimHash(claim: string): string {
    return keyedHash(this.secret, 'activation-claim', claim);
  }

  /**
   * Mails an activation link. The returned claim stays with the browser that asked (a cookie): opened
   * there, the link keeps the password given at registration; opened anywhere else, whoever holds the
   * mailbox chooses the password, so a registration made by someone else never yields a usable credential.
   */
  private async sendActivation(userId: string, email: string, language: Language): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const claim = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.repo.insertActivation({
      tokenHash: sha256(token),
      userId,
      email,
      claimHash: this.claimHash(claim),
      now,
      expiresAt: new Date(now.getTime() + ACTIVATION_TTL_MS),
    });
    const link = `${this.options.publicUrl}/verify?token=${token}`;
    try {
      await this.mailer.send({ to: email, ...activationMail(language, link) });
    } catch {
      throw new AppError('DELIVERY_FAILED');
    }
    return claim;
  }

  async resendActivation(email: string, meta: RequestMeta): Promise<string> {
    const target = this.normalizeTarget('email', email);
    await this.limiter.hit([
      { key: `activation:${target}`, max: 1, windowMs: MINUTE },
      { key: `activation:${target}`, max: 5, windowMs: DAY },
      { key: `code-ip:${meta.ip}`, max: this.perIp(30), windowMs: HOUR },
    ]);
    const user = await this.repo.findUserByEmail(target);
    if (!user) throw new AppError('EMAIL_UNREGISTERED');
    if (user.emailVerifiedAt) throw new AppError('ACTIVATION_USED');
    return this.sendActivation(user.id, target, meta.language);
  }

  /**
   * Activates an e-mail account from its link and signs it in. Without the claim of the browser that
   * registered, the link asks for the password (1701) and sets it: the mailbox owner's choice, not the
   * registrant's, is the one that works.
   */
  async verifyEmail(
    input: { token: string; password?: string | undefined; claim?: string | undefined },
    meta: RequestMeta,
  ): Promise<SignedIn> {
    await this.limiter.hit([{ key: `verify-ip:${meta.ip}`, max: this.perIp(30), windowMs: HOUR }]);
    const row = await this.repo.findActivation(sha256(input.token));
    if (!row) throw new AppError('ACTIVATION_INVALID');
    if (row.usedAt) throw new AppError('ACTIVATION_USED');
    const now = this.now();
    if (new Date(row.expiresAt) <= now) throw new AppError('ACTIVATION_EXPIRED');
    let passwordHash: string | undefined;
    if (input.password) {
      this.assertPassword(input.password);
      passwordHash = await argon2.hash(input.password, ARGON2_OPTIONS);
    } else if (!(input.claim && row.claimHash && sameDigest(row.claimHash, this.claimHash(input.claim)))) {
      throw new AppError('ACTIVATION_PASSWORD_REQUIRED');
    }
    if (!(await this.repo.useActivation(row.tokenHash, now))) throw new AppError('ACTIVATION_USED');
    const user = await this.repo.updateUser(row.userId, {
      emailVerifiedAt: now,
      ...(passwordHash ? { passwordHash } : {}),
    });
    if (!user) throw new AppError('ACTIVATION_INVALID');
    return { user, token: await this.sessions.start(user.id, meta) };
  }

  async login(
    input: { username: string; identity: Identity; district?: string; password?: string; code?: string },
    meta: RequestMeta,
  ): Promise<SignedIn> {
    const target = this.normalizeTarget(input.identity, input.username, input.district);
    await this.limiter.hit([{ key: `login-ip:${meta.ip}`, max: this.perIp(30), windowMs: LOGIN_IP_WINDOW_MS }]);
    const user = await this.findByTarget(input.identity, target);
    const unregistered = input.identity === 'mobile' ? 'MOBILE_UNREGISTERED' : 'EMAIL_UNREGISTERED';
    if (input.code) {
      // Sign-in by code never meets the password lock: the owner of the phone or mailbox always gets in.
      if (!user) throw new AppError(unregistered);
      // Only the holder of the code learns that the address waits for activation.
      await this.useCode(target, 'login', input.code);
      if (input.identity === 'email' && !user.emailVerifiedAt) throw new AppError('EMAIL_UNACTIVATED');
      await this.guard.succeeded(this.guard.subjectOf(target));
      return { user, token: await this.sessions.start(user.id, meta) };
    }
    if (!user) {
      // As long as a wrong password for a known account, so the answer time tells nothing.
      await argon2.verify(await UNKNOWN_ACCOUNT_HASH, input.password ?? '');
      throw new AppError(unregistered);
    }
    const subject = await this.guard.reserve(target);
    if (!(await argon2.verify(user.passwordHash, input.password ?? ''))) {
      await this.guard.failed(subject);
      throw new AppError('PASSWORD_INCORRECT');
    }
    await this.guard.succeeded(subject);
    // Only someone who knows the password learns that the address waits for activation.
    if (input.identity === 'email' && !user.emailVerifiedAt) throw new AppError('EMAIL_UNACTIVATED');
    return { user, token: await this.sessions.start(user.id, meta) };
  }

  async resetPassword(
    input: { type: Identity; target: string; country?: string; code: string; password: string },
    meta: RequestMeta,
  ): Promise<void> {
    await this.limiter.hit([{ key: `reset-ip:${meta.ip}`, max: this.perIp(20), windowMs: HOUR }]);
    const target = this.normalizeTarget(input.type, input.target, input.country);
    this.assertPassword(input.password);
    const user = await this.findByTarget(input.type, target);
    if (!user) {
      await argon2.hash(input.password, ARGON2_OPTIONS);
      throw new AppError(input.type === 'mobile' ? 'MOBILE_UNREGISTERED' : 'EMAIL_UNREGISTERED');
    }
    await this.useCode(target, 'reset', input.code);
    const now = this.now();
    await this.repo.updateUser(user.id, {
      passwordHash: await argon2.hash(input.password, ARGON2_OPTIONS),
      // Receiving the code proves the address, so an unactivated e-mail account becomes active.
      ...(input.type === 'email' && !user.emailVerifiedAt ? { emailVerifiedAt: now } : {}),
    });
    await this.repo.revokeUserSessions(user.id, now);
    // A new password chosen with a code ends any lock on the old one.
    await this.guard.succeeded(this.guard.subjectOf(target));
  }

  /** Changes the password with the current one; every session ends and a fresh one replaces this one. */
  async changePassword(userId: string, current: string, next: string, meta: RequestMeta): Promise<string> {
    const user = await this.repo.findUserById(userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    const subject = await this.guard.reserve(`user:${userId}`);
    if (!(await argon2.verify(user.passwordHash, current))) {
      await this.guard.failed(subject);
      throw new AppError('PASSWORD_INCORRECT');
    }
    await this.guard.succeeded(subject);
    this.assertPassword(next);
    await this.repo.updateUser(userId, { passwordHash: await argon2.hash(next, ARGON2_OPTIONS) });
    await this.repo.revokeUserSessions(userId, this.now());
    return this.sessions.start(userId, meta);
  }

  async bind(
    userId: string,
    input: { type: Identity; target: string; country?: string; code: string },
  ): Promise<UserRow> {
    const target = this.normalizeTarget(input.type, input.target, input.country);
    const owner = await this.findByTarget(input.type, target);
    if (owner && owner.id !== userId) throw new AppError('ACCOUNT_EXISTS');
    await this.useCode(target, 'bind', input.code);
    const changes =
      input.type === 'mobile'
        ? { mobile: target, mobileCountry: input.country ?? 'CN' }
        : { email: target, emailVerifiedAt: this.now() };
    const user = await this.repo.updateUser(userId, changes);
    if (!user) throw new AppError('ACCOUNT_EXISTS');
    return user;
  }

  async updateProfile(userId: string, changes: ProfileUpdate): Promise<UserRow> {
    const user = await this.repo.updateUser(userId, {
      ...(changes.name !== undefined ? { name: changes.name || null } : {}),
      ...(changes.nickname !== undefined ? { nickname: changes.nickname || null } : {}),
      ...(changes.gender !== undefined ? { gender: changes.gender } : {}),
      ...(changes.birthday !== undefined ? { birthday: changes.birthday } : {}),
    });
    if (!user) throw new AppError('SESSION_EXPIRED');
    return user;
  }

  async getUser(userId: string): Promise<UserRow> {
    const user = await this.repo.findUserById(userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return user;
  }

  /** The user of a session token, or null when it is unknown, revoked, idle too long or past its lifetime. */
  authenticate(token: string): Promise<Auth | null> {
    return this.sessions.authenticate(token);
  }

  logout(tokenHash: string): Promise<void> {
    return this.sessions.logout(tokenHash);
  }

  signOutOthers(userId: string, tokenHash: string): Promise<number> {
    return this.sessions.signOutOthers(userId, tokenHash);
  }

  otherSessionCount(userId: string): Promise<number> {
    return this.sessions.otherSessionCount(userId);
  }
}
