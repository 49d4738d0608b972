import { z } from 'zod';
import { requestMonthSchema } from '../search/fare-calendar.api';
import { requestDateSchema } from '../search/search.schema';

/**
 * A price alert is watching (`active`), set aside by its owner (`paused`), or `ended` once its search can no
 * longer be made (its travel date has passed), kept with its last price; a deleted alert is gone.
 */
export const ALERT_STATUSES = ['active', 'paused', 'ended'] as const;
export const alertStatusSchema = z.enum(ALERT_STATUSES);
export type AlertStatus = z.infer<typeof alertStatusSchema>;

/**
 * One check of an alert: when it was made and the lowest price on sale then (null: nothing on sale); of an
 * alert over a month, the day that price leaves (`yyyy/MM/dd`), else null.
 */
export const alertPointSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  lowestMinor: z.number().int().nullable(),
  day: requestDateSchema.nullable(),
});
export type AlertPoint = z.infer<typeof alertPointSchema>;

/**
 * A traveller's watch on a search (route, dates or flexible days, cabin, party, mode): the search link it
 * opens, the lowest price seen at the last check and the history of checks, oldest first.
 */
export const priceAlertSchema = z.object({
  id: z.uuid(),
  /** The search link (spec §7) of the criteria watched; of an alert over a month, made on the month's first day. */
  link: z.string(),
  /** Any day of this month (`yyyy/MM`), the search made on each day; null: the link's own dates. */
  month: requestMonthSchema.nullable(),
  status: alertStatusSchema,
  /** Also tell by SMS (a notice and an e-mail always). */
  sms: z.boolean(),
  currency: z.literal('CNY'),
  lowestMinor: z.number().int().nullable(),
  /** Of an alert over a month: the day of its lowest price (`yyyy/MM/dd`), else null. */
  lowestDay: requestDateSchema.nullable(),
  checkedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  history: z.array(alertPointSchema),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;

export const alertListSchema = z.object({ items: z.array(priceAlertSchema), max: z.number().int().positive() });
export type AlertList = z.infer<typeof alertListSchema>;

export const createAlertSchema = z.object({
  link: z.string().min(1).max(4000),
  sms: z.boolean().default(false),
  /** Watch any day of this month (`yyyy/MM`, not past) instead of the link's date, a round trip keeping its length. */
  month: requestMonthSchema.optional(),
});
export type CreateAlert = z.input<typeof createAlertSchema>;

export const alertIdSchema = z.object({ id: z.uuid() });
export const pauseAlertSchema = z.object({ id: z.uuid(), paused: z.boolean() });
