import { parseCronItems } from 'graphile-worker';
import { z } from 'zod';

/** Whether graphile-worker, which runs the schedules, reads the pattern: five fields, each value in its range. */
function isCrontab(pattern: string): boolean {
  try {
    parseCronItems([{ task: 'check', match: pattern, identifier: 'check' }]);
    return true;
  } catch {
    return false;
  }
}

/**
 * When a scheduled job runs: a five-field crontab pattern in UTC, or `off` for a process (or a fleet) that
 * never schedules it; the job itself still runs when queued. Read as the pattern, or null for `off`.
 */
export const scheduleSetting = (fallback: string, job: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === 'off' || isCrontab(v), 'a five-field crontab pattern (UTC), or off')
    .default(fallback)
    .transform((v) => (v === 'off' ? null : v))
    .describe(`When ${job} runs (five-field crontab, UTC; off: never on a schedule)`);

/** The schedules of jobs that search on their own. */
export const scheduleSettings = {
  SEARCH_PLANS_FILL_CRON: scheduleSetting(
    '40 * * * *',
    'the job that plans door to door ahead, for every process, between the 20 pairs of places searched most on each of the next 7 days',
  ),
  FARES_FILL_CRON: scheduleSetting(
    '*/20 * * * *',
    'the job that prices again, 20 at a time, the trips searched most whose prices are over 6 hours old',
  ),
};
