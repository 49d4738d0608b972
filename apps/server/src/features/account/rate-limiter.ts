import { AppError } from '@junction/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { keyedHash } from '../../lib/crypto';

export type Limit = { key: string; max: number; windowMs: number };

/** What a counted request recorded, so a request that did not happen after all can give it back. */
export type HitReceipt = { ids: string[] };

/** The advisory-lock class of rate-limit keys ("RL"), apart from any other user of advisory locks. */
const LOCK_CLASS = 0x524c;

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** No limit looks back further than this; older hits are purged. */
export const LONGEST_WINDOW_MS = DAY;

/**
 * Counts events per key in PostgreSQL, so every server process sees the same counts. Keys name a phone
 * number, an e-mail or an address; only their keyed hash is stored. `hit` counts and records in one step
 * under a lock per key: of any number of requests sent at once, at most `max` pass in the window, and the
 * others are refused with 1429 and the seconds to wait.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly secret: Buffer,
    private readonly now: () => Date,
  ) {}

  private hashKey(key: string): string {
    return keyedHash(this.secret, 'rate-limit', key);
  }

  async hit(limits: Limit[]): Promise<HitReceipt> {
    const at = this.now();
    const hashed = limits.map((l) => ({ ...l, key: this.hashKey(l.key) }));
    const keys = [...new Set(hashed.map((l) => l.key))].sort();
    return this.db.transaction().execute(async (trx) => {
      // Sorted, so two requests with overlapping keys never wait on each other in a cycle.
      for (const key of keys) {
        await sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, hashtext(${key}))`.execute(trx);
      }
      for (const limit of hashed) {
        const rows = await trx
          .selectFrom('rateLimitHits')
          .select('at')
          .where('key', '=', limit.key)
          .where('at', '>', new Date(at.getTime() - limit.windowMs))
          .orderBy('at', 'desc')
          .limit(limit.max)
          .execute();
        if (rows.length >= limit.max) {
          const oldest = new Date(rows[limit.max - 1]?.at ?? at).getTime();
          const retryAfter = Math.max(1, Math.ceil((oldest + limit.windowMs - at.getTime()) / 1000));
          throw new AppError('TOO_MANY_REQUESTS', { params: { retryAfter } });
        }
      }
      const inserted = await trx
        .insertInto('rateLimitHits')
        .values(keys.map((key) => ({ key, at })))
        .returning('id')
        .execute();
      return { ids: inserted.map((r) => r.id) };
    });
  }

  /** Gives back what a hit recorded, for a request that did not take place (a message that was not sent). */
  async release(receipt: HitReceipt): Promise<void> {
    if (receipt.ids.length === 0) return;
    await this.db.deleteFrom('rateLimitHits').where('id', 'in', receipt.ids).execute();
  }

  /** Deletes hits no limit looks back to any more; returns how many. */
  async purgeExpired(): Promise<number> {
    const result = await this.db
      .deleteFrom('rateLimitHits')
      .where('at', '<', new Date(this.now().getTime() - LONGEST_WINDOW_MS))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
