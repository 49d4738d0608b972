import { z } from 'zod';

const whole = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Price alerts: how many one account may keep and how often each is searched. */
export const alertSettings = {
  ALERTS_PER_USER: whole(1, 100).default(10).describe('Price alerts one account may keep'),
  ALERT_CHECK_MINUTES: whole(5, 7 * 24 * 60)
    .default(180)
    .describe('Minutes between two searches of one price alert'),
  ALERT_SWEEP_CRON: z
    .string()
    .regex(/^\S+( \S+){4}$/, 'a five-field crontab pattern')
    .default('*/15 * * * *')
    .describe('When the job that queues the price alerts due for a search runs (crontab, UTC)'),
};
