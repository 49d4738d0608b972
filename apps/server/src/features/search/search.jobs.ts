import { addDays, localDate, parseDoorToken, searchCriteriaSchema, toRequestDate } from '@junction/domain';
import { z } from 'zod';
import type { JobRegistry } from '../../jobs/jobs';
import { HOME_ZONE, type SearchService } from './search.service';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    /** Nothing of ours: a schedule's occurrence carries the runner's stamp (`_cron`), read by no one. */
    'search.plans.fill': Record<string, unknown>;
  }
}

/** The pairs of places searched most (place codes, or doors), the most first. */
export type PopularPairs = (limit: number) => Promise<{ origin: string; destination: string }[]>;

/**
 * At each run, the door-to-door plans between the 20 pairs of places searched most, both ways, on each of the
 * next 7 days (every day of the week): plans kept already are taken, not made again.
 */
export const PLAN_AHEAD = { pairs: 20, days: 7 };

/** What planning ahead reads of search: its suppliers, and the request a search of criteria asks them. */
type Planning = Pick<SearchService, 'allSuppliers' | 'request'>;

/**
 * Plans door to door ahead for the pairs of places searched most, so that any process's next search of such a
 * pair, on any week of the same calendar, finds its plans between the places' centres kept (`KeptPlanStore`).
 * Returns how many searches' plans were worked out and how many failed.
 */
export async function planAhead(
  search: Planning,
  popular: PopularPairs,
  now: () => Date,
  signal = new AbortController().signal,
): Promise<{ planned: number; failed: unknown[] }> {
  const preparing = (await search.allSuppliers()).filter((s) => s.prepare);
  const today = localDate(now().getTime(), HOME_ZONE);
  const pairs = (await popular(PLAN_AHEAD.pairs)).filter(
    (p) => !parseDoorToken(p.origin) && !parseDoorToken(p.destination),
  );
  const ways = new Map<string, [string, string]>();
  for (const { origin, destination } of pairs) {
    ways.set(`${origin}>${destination}`, [origin, destination]);
    ways.set(`${destination}>${origin}`, [destination, origin]);
  }
  const run = { planned: 0, failed: [] as unknown[] };
  for (const [departure, destination] of ways.values()) {
    for (let day = 1; day <= PLAN_AHEAD.days; day++) {
      if (signal.aborted) return run;
      try {
        const criteria = searchCriteriaSchema.parse({
          type: 1,
          legs: [{ departure, destination, departure_date: toRequestDate(addDays(today, day)) }],
        });
        const request = search.request(criteria);
        for (const supplier of preparing) await supplier.prepare?.(request, signal);
        run.planned++;
      } catch (e) {
        run.failed.push(e);
      }
    }
  }
  return run;
}

/** The planning ahead, on a schedule (`SEARCH_PLANS_FILL_CRON`, none when off) any process may hold, each occurrence run by one. */
export function registerSearchJobs(
  jobs: JobRegistry,
  search: () => Planning,
  popular: PopularPairs,
  now: () => Date,
  cron: string | null,
): void {
  jobs.task('search.plans.fill', z.object({}).loose(), async (_payload, { signal }) => {
    const run = await planAhead(search(), popular, now, signal);
    if (run.failed.length > 0) {
      throw new AggregateError(
        run.failed,
        `${run.failed.length} of ${run.failed.length + run.planned} searches could not be planned`,
      );
    }
  });
  if (cron !== null) jobs.schedule('search.plans.fill', cron);
}
