import { z } from 'zod';
import type { JobRegistry } from '../../jobs/jobs';
import type { RateLimiter } from './rate-limiter';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    'accounts.purge-rate-limits': Record<string, unknown>;
  }
}

/** Counted requests are kept only as long as a limit looks back; any process purges them every 15 minutes. */
export function registerAccountJobs(jobs: JobRegistry, limiter: RateLimiter): void {
  jobs.task('accounts.purge-rate-limits', z.object({}).loose(), async () => {
    await limiter.purgeExpired();
  });
  jobs.schedule('accounts.purge-rate-limits', '*/15 * * * *');
}
