import { AppError } from '@junction/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { keyedHash } from '../../lib/crypto';
import { DAY, MINUTE } from './rate-limiter';

/** Failed passwords on one account within the window before it locks. */
export const LOGIN_LOCK_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE;
/** The first lock; each further lock without a successful sign-in in between doubles it, up to a day. */
export const LOGIN_LOCK_MS = 15 * MINUTE;
export const LOGIN_LOCK_MAX_MS = DAY;

export function lockDurationMs(previousLocks: number): number {
  return Math.min(LOGIN_LOCK_MAX_MS, LOGIN_LOCK_MS * 2 ** Math.min(previousLocks, 16));
}

/**
 * Guards the password of one account, whatever the address the guesses come from. Each password check
 * first reserves a try in one statement (`failures < 5` and not locked), so requests sent at once cannot
 * check more than five passwords; the fifth failure locks the account for 15 minutes, then 30, 60… until
 * a successful sign-in. Sign-in by code does not pass through here, so a lock never shuts the owner out.
 */
export class LoginGuard {
  constructor(
    private readonly db: Db,
    private readonly secret: Buffer,
    private readonly now: () => Date,
  ) {}

  subjectOf(account: string): string {
    return keyedHash(this.secret, 'login-guard', account);
  }

  /** Reserves one password check, or refuses with 1429 and the seconds until the lock ends. */
  async reserve(account: string): Promise<string> {
    const subject = this.subjectOf(account);
    const now = this.now();
    const windowEdge = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
    const reserved = await sql<{ failures: number }>`
      insert into login_guards as g (subject, failures, window_start, locks, updated_at)
      values (${subject}, 1, ${now}, 0, ${now})
      on conflict (subject) do update set
        failures = case when g.window_start <= ${windowEdge} then 1 else g.failures + 1 end,
        window_start = case when g.window_start <= ${windowEdge} then ${now} else g.window_start end,
        updated_at = ${now}
      where (g.locked_until is null or g.locked_until <= ${now})
        and (g.failures < ${LOGIN_LOCK_FAILURES} or g.window_start <= ${windowEdge})
      returning g.failures`.execute(this.db);
    if (reserved.rows.length === 1) return subject;
    const row = await this.db
      .selectFrom('loginGuards')
      .select(['lockedUntil', 'windowStart'])
      .where('subject', '=', subject)
      .executeTakeFirst();
    const until = row?.lockedUntil
      ? new Date(row.lockedUntil).getTime()
      : new Date(row?.windowStart ?? now).getTime() + LOGIN_FAILURE_WINDOW_MS;
    throw new AppError('TOO_MANY_REQUESTS', {
      params: { retryAfter: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) },
    });
  }

  /** A reserved check failed: the failure that fills the window locks the account, longer each time. */
  async failed(subject: string): Promise<void> {
    const now = this.now();
    await sql`
      update login_guards set
        locked_until = ${now}::timestamptz
          + least(${LOGIN_LOCK_MAX_MS}::float8, ${LOGIN_LOCK_MS}::float8 * power(2, least(locks, 16)))
          * interval '1 millisecond',
        locks = locks + 1,
        failures = 0,
        window_start = ${now},
        updated_at = ${now}
      where subject = ${subject} and failures >= ${LOGIN_LOCK_FAILURES}`.execute(this.db);
  }

  /** The right password: the account starts afresh. */
  async succeeded(subject: string): Promise<void> {
    await this.db.deleteFrom('loginGuards').where('subject', '=', subject).execute();
  }

  /** Drops guards that neither lock nor count any more; returns how many. */
  async purgeExpired(): Promise<number> {
    const now = this.now();
    const result = await this.db
      .deleteFrom('loginGuards')
      .where('updatedAt', '<', new Date(now.getTime() - LOGIN_LOCK_MAX_MS - LOGIN_FAILURE_WINDOW_MS))
      .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
