import { z } from 'zod';
import type { JobRegistry } from '../../jobs/jobs';
import type { FaresService, FillOptions } from './fares.service';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    /** Nothing of ours: a schedule's occurrence carries the runner's stamp (`_cron`), read by no one. */
    'fares.fill': Record<string, unknown>;
  }
}

/** At each run the trips searched most whose prices are older than 6 hours are priced again, 20 at a time. */
export const FILL: FillOptions = { batch: 20, staleMs: 6 * 3_600_000, claimMs: 15 * 60_000 };

/**
 * The filling of the month of fares: a schedule (`FARES_FILL_CRON`, none when off) any process may hold, each
 * occurrence run by one.
 */
export function registerFareJobs(jobs: JobRegistry, fares: FaresService, cron: string | null): void {
  jobs.task('fares.fill', z.object({}).loose(), async () => {
    const run = await fares.fill(FILL);
    // The rest of the batch is priced; the runner logs the trips that could not be, tried again when stale.
    if (run.failed.length > 0) {
      throw new AggregateError(
        run.failed.map((f) => f.error),
        `${run.failed.length} of ${run.failed.length + run.priced} trips could not be priced`,
      );
    }
  });
  if (cron !== null) jobs.schedule('fares.fill', cron);
}
