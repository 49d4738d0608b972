import {
  CALENDAR_DAYS,
  daysBetween,
  fromRequestDate,
  localDate,
  type PriceCalendarView,
  packSearchLink,
  RESULT_KINDS,
  type ResultKind,
  type SearchCriteria,
  shiftRequestDate,
  toRequestDate,
} from '@junction/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { nearbyCalendarQueryOptions } from '../api/search-api';

/** The kinds of trip a search's mode looks for. */
export const kindsOfMode = (mode: SearchCriteria['mode']): readonly ResultKind[] =>
  mode === 'flight' ? ['flight'] : mode === 'train' ? ['train'] : RESULT_KINDS;

/** The criteria moved to start on another date, every later date moved as much. */
export function criteriaOn(criteria: SearchCriteria, date: string): SearchCriteria {
  const from = fromRequestDate(criteria.legs[0]?.departure_date ?? '');
  const to = fromRequestDate(date);
  const days = from && to ? daysBetween(from, to) : 0;
  return {
    ...criteria,
    legs: criteria.legs.map((leg) => ({
      ...leg,
      departure_date: shiftRequestDate(leg.departure_date, days),
      ...(leg.return_date ? { return_date: shiftRequestDate(leg.return_date, days) } : {}),
    })),
  };
}

/** The days a search on `date` is priced on, from today: its own and those either side, prices to come. */
function placeholderDays(date: string): PriceCalendarView['days'] {
  // Days are counted in Beijing, as the server does.
  const today = toRequestDate(localDate(Date.now(), 'Asia/Shanghai'));
  const days: PriceCalendarView['days'] = [];
  for (let d = -CALENDAR_DAYS; d <= CALENDAR_DAYS; d++) {
    const day = shiftRequestDate(date, d);
    if (day >= today) days.push({ date: day, cheapest: null, lowest: {} });
  }
  return days;
}

/**
 * The price calendar of a search on one date: the days around it, each opening that day's search, their
 * prices asked for once the search is done (the strip holds its place meanwhile). None for a flexible
 * search, whose own dates make its calendar.
 */
export function useNearbyCalendar(
  criteria: SearchCriteria,
  searchId: string | null,
  isDone: boolean,
): { calendar: PriceCalendarView | null; isLoading: boolean; goTo: (date: string | null) => void } {
  const navigate = useNavigate();
  const isExact = criteria.flexDays === 0;
  const nearby = useQuery({
    ...nearbyCalendarQueryOptions(searchId ?? ''),
    enabled: isExact && isDone && !!searchId,
  });
  const goTo = useCallback(
    (date: string | null) => {
      if (date && date !== criteria.legs[0]?.departure_date)
        navigate(paths.searchResults(packSearchLink(criteriaOn(criteria, date))));
    },
    [criteria, navigate],
  );
  const date = criteria.legs[0]?.departure_date ?? '';
  const waiting = useMemo(() => ({ days: placeholderDays(date), cheapest: null }), [date]);
  if (!isExact || nearby.isError) return { calendar: null, isLoading: false, goTo };
  return { calendar: nearby.data ?? waiting, isLoading: !nearby.data, goTo };
}
