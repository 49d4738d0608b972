import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { MemorySearchStore, type SearchStore } from '../features/search/search-store';
import { type KeptPlanStore, MemoryKeptPlans, PgKeptPlans } from '../features/search/stores/kept-plans-store';
import { PgSearchStore } from '../features/search/stores/pg-search-store';
import { RedisSearchStore } from '../features/search/stores/redis-search-store';
import type { JobRegistry } from '../jobs/jobs';
import { pgRateLimitStore, purgeRateCounters, type RateLimitStoreClass } from '../plugins/rate-limit-store';

declare module '../jobs/jobs' {
  interface JobPayloads {
    'shared-state.purge': Record<string, unknown>;
  }
}

/** Plans kept by a process alone (about 10 KB each). */
const KEEP_PLANS_IN_MEMORY = 2_000;

export type SharedState = {
  /** Where search sessions live. */
  searchStore: SearchStore;
  /** Door-to-door plans between places' centres, kept for every planner: PostgreSQL, or this process's memory. */
  keptPlans: KeptPlanStore;
  /** The API rate limit's counters: Redis, PostgreSQL through a store class, or this process's memory. */
  rateLimit: { redis: Redis; nameSpace: string } | { store: RateLimitStoreClass } | Record<string, never>;
  close: () => Promise<void>;
};

/**
 * What every server process must see alike beyond the tables of the features (docs/architecture.md §8):
 * search sessions and the API's request counters live in Redis when `REDIS_URL` is set, otherwise in
 * PostgreSQL, so any number of processes behind a load balancer answer the same. `SEARCH_STORE=memory`
 * keeps search sessions and request counters in the process instead, for a single process only. The Redis
 * client is loaded only with `REDIS_URL`.
 */
export async function sharedState(config: Config, db: Db, now: () => Date, jobs: JobRegistry): Promise<SharedState> {
  const clock = () => now().getTime();
  const redis = config.REDIS_URL
    ? new (await import('ioredis')).Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true })
    : undefined;
  // A lost Redis connection reconnects by itself; requests meanwhile fail or skip the limit, the process stays up.
  redis?.on('error', () => {});
  const searchStore: SearchStore =
    config.SEARCH_STORE === 'memory'
      ? new MemorySearchStore(config.SEARCH_MAX_SESSIONS, clock, config.SEARCH_STORE_MAX_MB * 1024 * 1024)
      : redis
        ? new RedisSearchStore(redis, clock)
        : new PgSearchStore(db, clock, config.SEARCH_MAX_SESSIONS);

  const keptPlans: KeptPlanStore =
    config.SEARCH_STORE === 'memory' ? new MemoryKeptPlans(KEEP_PLANS_IN_MEMORY, clock) : new PgKeptPlans(db, clock);

  jobs.task('shared-state.purge', z.object({}).loose(), async () => {
    await searchStore.purge?.();
    await keptPlans.purge?.();
    if (!redis) await purgeRateCounters(db);
  });
  jobs.schedule('shared-state.purge', '* * * * *');

  return {
    searchStore,
    keptPlans,
    // One process only (SEARCH_STORE=memory): its request counters stay in its memory too.
    rateLimit: redis
      ? { redis, nameSpace: 'junction:rate:' }
      : config.SEARCH_STORE === 'memory'
        ? {}
        : { store: pgRateLimitStore(db) },
    close: async () => {
      redis?.disconnect();
    },
  };
}
