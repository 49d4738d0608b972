import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint';
import { fromRequestDate } from '../dates';
import { requestDateSchema, searchResultSchema } from './search.schema';

/** Days either side of the chosen dates that the round-trip grid shows. */
export const FARE_GRID_DAYS = 3;

const placeToken = z.string().min(1).max(40);
/** Years the calendar counts days in, as the short link does: a day a few days either side stays a date. */
const YEARS = /^20\d{2}\//;
/** A day of the calendar, `yyyy/MM/dd`, a real date in 2000–2099. */
const calendarDate = z
  .string()
  .regex(/^\d{4}\/\d{2}\/\d{2}$/, 'yyyy/MM/dd')
  .refine((s) => YEARS.test(s) && fromRequestDate(s) !== null, 'a date in 2000–2099');
const priceSchema = searchResultSchema.shape.price;

/** A lowest price and when it was seen (ISO 8601). */
export const seenPriceSchema = z.object({ price: priceSchema, seenAt: z.string() });
export type SeenPrice = z.infer<typeof seenPriceSchema>;

/** A month, `yyyy/MM`, in 2000–2099. */
export const requestMonthSchema = z.string().regex(/^20\d{2}\/(0[1-9]|1[0-2])$/, 'yyyy/MM in 2000–2099');

export const fareMonthQuerySchema = z.object({
  from: placeToken,
  to: placeToken,
  /** The month, `yyyy/MM`. */
  month: requestMonthSchema,
});
export const fareMonthSchema = z.object({
  /** Days of the month with a price seen, each with the lowest flight and the lowest train. */
  days: z.array(
    z.object({ date: requestDateSchema, flight: seenPriceSchema.optional(), train: seenPriceSchema.optional() }),
  ),
});
export type FareMonth = z.infer<typeof fareMonthSchema>;

export const fareGridQuerySchema = z.object({
  from: placeToken,
  to: placeToken,
  departure: calendarDate,
  return: calendarDate,
});
export const fareGridSchema = z.object({
  departures: z.array(requestDateSchema),
  returns: z.array(requestDateSchema),
  /** The lowest round-trip price of each pair of dates with one seen. */
  cells: z.array(
    z.object({ departure: requestDateSchema, return: requestDateSchema, price: priceSchema, seenAt: z.string() }),
  ),
});
export type FareGrid = z.infer<typeof fareGridSchema>;

/** The month of fares and the round-trip grid, from prices seen by searches and by the filling job. */
export const fareCalendarEndpoints = {
  month: defineEndpoint({
    method: 'GET',
    path: '/api/v2/fare-calendar',
    query: fareMonthQuerySchema,
    response: fareMonthSchema,
    summary: 'The lowest flight and train price seen on each day of a month for a route, with when each was seen',
  }),
  grid: defineEndpoint({
    method: 'GET',
    path: '/api/v2/fare-grid',
    query: fareGridQuerySchema,
    response: fareGridSchema,
    summary: 'The lowest round-trip price seen for each departure and return date around the chosen ones',
  }),
} as const;
