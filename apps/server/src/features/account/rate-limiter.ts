import { AppError } from '@junction/domain';
import type { Db } from '../../db/database';

export type Limit = { key: string; max: number; windowMs: number };

/**
 * Counts events per key in PostgreSQL, so every server process sees the same counts. `check` refuses
 * with 1429 and the seconds to wait once `max` events fall inside the window; `record` counts one.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async check(limits: Limit[]): Promise<void> {
    const now = this.now().getTime();
    for (const limit of limits) {
      const since = new Date(now - limit.windowMs);
      const rows = await this.db
        .selectFrom('rateLimitHits')
        .select('at')
        .where('key', '=', limit.key)
        .where('at', '>', since)
        .orderBy('at', 'asc')
        .execute();
      if (rows.length >= limit.max) {
        const oldest = new Date(rows[rows.length - limit.max]?.at ?? now).getTime();
        const retryAfter = Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000));
        throw new AppError('TOO_MANY_REQUESTS', { params: { retryAfter } });
      }
    }
  }

  async record(keys: string[]): Promise<void> {
    const at = this.now();
    await this.db
      .insertInto('rateLimitHits')
      .values(keys.map((key) => ({ key, at })))
      .execute();
    // Old hits are never needed again: the longest window is a day.
    await this.db
      .deleteFrom('rateLimitHits')
      .where('key', 'in', keys)
      .where('at', '<', new Date(at.getTime() - 86_400_000))
      .execute();
  }

  async hit(limits: Limit[]): Promise<void> {
    await this.check(limits);
    await this.record(limits.map((l) => l.key));
  }

  /** Deletes hits no limit looks back to any more; returns how many. */
  async purgeExpired(): Promise<number> {
    const result = await this.db
      .deleteFrom('rateLimitHits')
      .where('at', '<', new Date(this.now().getTime() - DAY))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rateLimitHits').where('key', '=', key).execute();
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
