import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../../shared/api/api-client';

const calendarDaySchema = z.object({
  type: z.enum(['holiday', 'workday']),
  key: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

const calendarSchema = z.object({
  years: z.record(z.string(), z.object({ status: z.enum(['official', 'provisional']) })),
  /** By 'yyyy-mm-dd': public holidays and the weekend days that are working days instead. */
  days: z.record(z.string(), calendarDaySchema),
});
export type HolidayCalendar = z.infer<typeof calendarSchema>;

/**
 * Chinese public holidays and adjusted working days for this year and next (spec §3: calendar info).
 * The date pickers work without it, so a failure is quiet.
 */
export const holidayCalendarQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'calendar'] as const,
    queryFn: ({ signal }) => apiClient.get('/forestage/calendar.json', { schema: calendarSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { silent: true },
  });

export const useHolidayCalendar = (): HolidayCalendar | undefined => useQuery(holidayCalendarQueryOptions()).data;
