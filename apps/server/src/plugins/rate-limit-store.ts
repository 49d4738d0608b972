import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/database';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
type RouteOptions = { routeInfo?: { method?: string; url?: string } };

/** The constructor @fastify/rate-limit takes as `store`: one instance per plugin, `child` per route. */
export type RateLimitStoreClass = FastifyRateLimitStoreCtor;

/** How often the requests counted in this process are added to the shared counters. */
export const RATE_FLUSH_MS = 250;
/** Requests of one key counted in this process at most before they are added to the shared count. */
export const RATE_LOCAL_MAX = 16;

/**
 * What this process knows of a key's window: the shared count when it last read it (`seen`), requests
 * being added to it by a statement in flight (`adding`), and requests counted here since (`pending`).
 */
type Window = { seen: number; adding: number; pending: number; endsAt: number };

/**
 * The counters of one process: a key's first request of a window is counted by PostgreSQL at once; then,
 * while the key stays under half its limit, requests are answered from the count last read plus those
 * counted here, and added to the shared count for every key together by one statement every
 * `RATE_FLUSH_MS` (or as soon as one key has `RATE_LOCAL_MAX` waiting). From half the limit on, every
 * request is counted by PostgreSQL before it is answered, so the limit holds exactly where it bites: with
 * n processes, no more than n · `RATE_LOCAL_MAX` requests of a key go uncounted by the others.
 */
class Counters {
  private readonly windows = new Map<string, Window>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<unknown>,
    private readonly now: () => number,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    const now = this.now();
    const w = this.windows.get(key);
    // Requests of a window that has ended count in no other.
    if (w && w.endsAt <= now) w.pending = 0;
    if (w && w.endsAt > now && w.seen + w.adding + w.pending + 1 <= max / 2) {
      w.pending++;
      callback(null, { current: w.seen + w.adding + w.pending, ttl: w.endsAt - now });
      if (w.pending >= RATE_LOCAL_MAX) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), RATE_FLUSH_MS).unref();
      return;
    }
    // Counted by the database before it is answered, with what this process counted of the key and not yet added.
    const carried = w?.pending ?? 0;
    if (w && carried > 0) {
      w.adding += carried;
      w.pending = 0;
    }
    this.add([{ key, count: 1 + carried, windowMs: timeWindow }]).then(
      ([row = { current: 1, ttl: timeWindow }]) => {
        const known = this.windows.get(key);
        if (known === w && w) w.adding -= carried;
        if (known) {
          known.seen = row.current;
          known.endsAt = this.now() + row.ttl;
        } else this.windows.set(key, { seen: row.current, adding: 0, pending: 0, endsAt: this.now() + row.ttl });
        callback(null, { current: row.current + (known?.pending ?? 0), ttl: row.ttl });
      },
      (error: Error) => {
        if (w && this.windows.get(key) === w) w.adding -= carried;
        callback(error);
      },
    );
  }

  /** Adds the requests counted here to the shared counts, and reads those back. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = this.now();
    const batch: { key: string; count: number; windowMs: number; w: Window }[] = [];
    for (const [key, w] of this.windows) {
      // A window over: its count no longer matters, and the next request opens the next one.
      if (w.endsAt <= now) {
        if (w.adding === 0) this.windows.delete(key);
        continue;
      }
      if (w.pending === 0) continue;
      batch.push({ key, count: w.pending, windowMs: w.endsAt - now, w });
      w.adding += w.pending;
      w.pending = 0;
    }
    if (batch.length === 0) return Promise.resolve();
    this.flushing = this.add(batch)
      .then(
        (rows) => {
          const at = this.now();
          rows.forEach((row, i) => {
            const { w, count } = batch[i] as (typeof batch)[number];
            w.adding -= count;
            w.seen = row.current;
            w.endsAt = at + row.ttl;
          });
        },
        // Out of reach: the requests stay uncounted, as the plugin lets requests through then (`skipOnError`).
        () => {
          for (const { w, count } of batch) w.adding -= count;
        },
      )
      .finally(() => {
        this.flushing = undefined;
        if (this.timer === undefined && [...this.windows.values()].some((w) => w.pending > 0))
          this.timer = setTimeout(() => void this.flush(), RATE_FLUSH_MS).unref();
      });
    return this.flushing;
  }

  /** Counts requests of several keys in one statement, each in its fixed window by the database's clock. */
  private async add(batch: readonly { key: string; count: number; windowMs: number }[]): Promise<Counted[]> {
    const rows = (
      await sql<{ key: string; current: number; ttl: number }>`
        insert into api_rate_counters as c (key, count, window_end)
        select k, n, now() + w * interval '1 millisecond'
          from unnest(${batch.map((b) => b.key)}::text[], ${batch.map((b) => b.count)}::integer[],
            ${batch.map((b) => Math.max(1, Math.round(b.windowMs)))}::integer[]) as t(k, n, w)
        on conflict (key) do update set
          count = case when c.window_end <= now() then excluded.count else c.count + excluded.count end,
          window_end = case when c.window_end <= now() then excluded.window_end else c.window_end end
        returning c.key, c.count as current,
          greatest(0, ceil(extract(epoch from c.window_end - now()) * 1000))::int as ttl`.execute(this.db)
    ).rows;
    const byKey = new Map(rows.map((r) => [r.key, { current: Number(r.current), ttl: Number(r.ttl) }]));
    return batch.map((b) => byKey.get(b.key) ?? { current: b.count, ttl: b.windowMs });
  }
}

/**
 * The API's per-address request counters in PostgreSQL (table `api_rate_counters`, migration 0010), so
 * the limit counts requests to every server process when no Redis is configured: a fixed window per
 * key by the database's clock, counted as `Counters` tells. `purgeRateCounters` drops finished windows.
 */
export function pgRateLimitStore(
  db: Db,
  now: () => number = Date.now,
): RateLimitStoreClass & { flush(): Promise<void> } {
  const counters = new Counters(db as unknown as Kysely<unknown>, now);
  class PgRateLimitStore implements FastifyRateLimitStore {
    /** Adds what this process counted to the shared counts now (tests, shutdown). */
    static flush(): Promise<void> {
      return counters.flush();
    }

    constructor(
      _params: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      counters.incr(this.prefix + key, callback, timeWindow, max);
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
