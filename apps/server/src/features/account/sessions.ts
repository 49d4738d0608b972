import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@junction/domain';
import type { Auth } from '../../plugins/auth';
import type { AccountRepository } from './account.repository';
import { MINUTE } from './rate-limiter';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
export const hashToken = sha256;

/** Who asks: their address, browser, language, and the channel they sign in by (an app says so). */
export type RequestMeta = { ip: string; userAgent: string | null; language: Language; channel: 'web' | 'app' };

/** Signed-in sessions: a token to the browser, its hash in the database, idle and absolute lifetimes. */
export class Sessions {
  constructor(
    private readonly repo: AccountRepository,
    private readonly options: { sessionIdleMs: number; sessionAbsoluteMs: number },
    private readonly now: () => Date,
  ) {}

  async start(userId: string, meta: RequestMeta): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.repo.insertSession({
      userId,
      tokenHash: sha256(token),
      now,
      expiresAt: new Date(now.getTime() + this.options.sessionAbsoluteMs),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip,
      channel: meta.channel,
    });
    return token;
  }

  /** The user of a session token, or null when it is unknown, revoked, idle too long or past its lifetime. */
  async authenticate(token: string): Promise<Auth | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const tokenHash = sha256(token);
    const now = this.now();
    const session = await this.repo.findLiveSession(tokenHash, now);
    if (!session) return null;
    if (now.getTime() - new Date(session.lastSeenAt).getTime() > this.options.sessionIdleMs) {
      await this.repo.revokeSession(tokenHash, now);
      return null;
    }
    if (now.getTime() - new Date(session.lastSeenAt).getTime() > MINUTE) await this.repo.touchSession(session.id, now);
    return { userId: session.userId, tokenHash, channel: session.channel === 'app' ? 'app' : 'web' };
  }

  async logout(tokenHash: string): Promise<void> {
    await this.repo.revokeSession(tokenHash, this.now());
  }

  async signOutOthers(userId: string, tokenHash: string): Promise<number> {
    return this.repo.revokeUserSessions(userId, this.now(), tokenHash);
  }

  async otherSessionCount(userId: string): Promise<number> {
    const { n } = await this.repo.countLiveSessions(userId, this.now());
    return Math.max(0, Number(n) - 1);
  }
}
