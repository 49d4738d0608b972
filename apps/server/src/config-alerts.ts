import { z } from 'zod';
import { scheduleSetting } from './config-schedules';

const whole = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Price alerts: how many one account may keep and how often each is searched. */
export const alertSettings = {
  ALERTS_PER_USER: whole(1, 100).default(10).describe('Price alerts one account may keep'),
  ALERT_CHECK_MINUTES: whole(5, 7 * 24 * 60)
    .default(180)
    .describe('Minutes between two searches of one price alert'),
  ALERT_MONTH_SEARCHES: whole(1, 31)
    .default(8)
    .describe('Days of a price alert over a month searched afresh in one check, at most'),
  ALERT_SWEEP_CRON: scheduleSetting('*/15 * * * *', 'the job that queues the price alerts due for a search'),
};
