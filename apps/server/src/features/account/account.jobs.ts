import { z } from 'zod';
import type { JobRegistry } from '../../jobs/jobs';
import type { AccountRepository } from './account.repository';
import type { LoginGuard } from './login-guard';
import type { RateLimiter } from './rate-limiter';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    'accounts.purge-rate-limits': Record<string, unknown>;
  }
}

export type AccountPurge = { limiter: RateLimiter; guard: LoginGuard; repo: AccountRepository; now: () => Date };

/** Runs every purge of the account tables; returns how many rows went. */
export async function purgeAccountRecords(p: AccountPurge): Promise<number> {
  return (await p.limiter.purgeExpired()) + (await p.guard.purgeExpired()) + (await p.repo.purgeExpired(p.now()));
}

/**
 * Counted requests, password guards, codes and activation links are kept only as long as something looks
 * back to them; any process purges them every 15 minutes.
 */
export function registerAccountJobs(jobs: JobRegistry, purge: AccountPurge): void {
  jobs.task('accounts.purge-rate-limits', z.object({}).loose(), async () => {
    await purgeAccountRecords(purge);
  });
  jobs.schedule('accounts.purge-rate-limits', '*/15 * * * *');
}
