import { z } from 'zod';

/** Spec §3 country list: code, Chinese and English names, phone country code (and a flag to show). */
export const countrySchema = z.object({
  code: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  phoneCode: z.string(),
  flag: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

/** Spec §3 currency table: symbol, side of the amount, names and home country. */
export const currencyInfoSchema = z.object({
  code: z.string(),
  symbol: z.string(),
  position: z.enum(['left', 'right']),
  nameEn: z.string(),
  nameZh: z.string(),
  country: z.string(),
});
export type CurrencyInfo = z.infer<typeof currencyInfoSchema>;

/** Rates from the snapshot, keyed by pair (`CNY:USD`). */
export const rateSnapshotSchema = z.object({ date: z.string(), rates: z.record(z.string(), z.number()) });

export const currencyTableSchema = z.object({ data: z.array(currencyInfoSchema), rates: rateSnapshotSchema });
export type CurrencyTable = z.infer<typeof currencyTableSchema>;

export const countryListSchema = z.object({ data: z.array(countrySchema) });

/** One day of the holiday calendar: a public holiday, or a weekend day that is a working day instead. */
export const calendarDaySchema = z.object({
  type: z.enum(['holiday', 'workday']),
  key: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
});
export type HolidayCalendarDay = z.infer<typeof calendarDaySchema>;

/** Spec §3 calendar info: this year and next, with whether each year's dates are official yet. */
export const holidayCalendarSchema = z.object({
  years: z.record(z.string(), z.object({ status: z.enum(['official', 'provisional']) })),
  /** By 'yyyy-mm-dd'. */
  days: z.record(z.string(), calendarDaySchema),
});
export type HolidayCalendar = z.infer<typeof holidayCalendarSchema>;
