import { fareCalendarEndpoints } from '@junction/domain';
import { callApi } from '../../../shared/api/api-client';

type MonthQuery = { from: string; to: string; month: string };
type GridQuery = { from: string; to: string; departure: string; return: string };

/**
 * The lowest price seen on each day of a month for a route. The fares job keeps the prices fresh, so the
 * month is asked for each time the calendar opens and not again while it stays open.
 */
export const fareMonthQueryOptions = (query: MonthQuery) => ({
  queryKey: ['fare-calendar', query] as const,
  queryFn: () => callApi(fareCalendarEndpoints.month, { query }),
  refetchOnMount: 'always' as const,
});

/** The lowest round-trip price seen for each pair of days around the chosen ones. */
export const fareGridQueryOptions = (query: GridQuery) => ({
  queryKey: ['fare-grid', query] as const,
  queryFn: () => callApi(fareCalendarEndpoints.grid, { query }),
});
