import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/database';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
type RouteOptions = { routeInfo?: { method?: string; url?: string } };

/** The constructor @fastify/rate-limit takes as `store`: one instance per plugin, `child` per route. */
export type RateLimitStoreClass = FastifyRateLimitStoreCtor;

/**
 * The API's per-address request counters in PostgreSQL (table `api_rate_counters`, migration 0010), so
 * the limit counts requests to every server process when no Redis is configured: a fixed window per
 * key, counted in one statement by the database's clock. `purgeRateCounters` drops finished windows.
 */
export function pgRateLimitStore(db: Db): RateLimitStoreClass {
  const kdb = db as unknown as Kysely<unknown>;
  class PgRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _params: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      sql<{ current: number; ttl: number }>`
        insert into api_rate_counters as c (key, count, window_end)
        values (${this.prefix + key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when c.window_end <= now() then 1 else c.count + 1 end,
          window_end = case when c.window_end <= now() then excluded.window_end else c.window_end end
        returning c.count as current,
          greatest(0, ceil(extract(epoch from c.window_end - now()) * 1000))::int as ttl`
        .execute(kdb)
        .then(
          (r) => {
            const row = r.rows[0];
            callback(null, { current: Number(row?.current ?? 1), ttl: Number(row?.ttl ?? timeWindow) });
          },
          (error: Error) => callback(error),
        );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): PgRateLimitStore {
      const route = (routeOptions as RouteOptions).routeInfo;
      return new PgRateLimitStore(undefined, `${this.prefix}${route?.method ?? ''}${route?.url ?? ''}-`);
    }
  }
  return PgRateLimitStore;
}

/** Drops request counters whose window has ended; returns how many. */
export async function purgeRateCounters(db: Db): Promise<number> {
  const result = await sql`delete from api_rate_counters where window_end < now()`.execute(
    db as unknown as Kysely<unknown>,
  );
  return Number(result.numAffectedRows ?? 0n);
}
