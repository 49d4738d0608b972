import { type ResultViewInput, type SearchCriteria, searchEndpoints } from '@junction/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { retryOnlyWhenBusy } from '../../../shared/api/busy-retry';
import { takeLinkEarly } from './early-link';

/**
 * The search calls of spec §7: start, pull what arrived since a cursor (or, with a view, one page of all
 * the results in an order and with filters), re-price one result.
 */
export const searchApi = {
  start: (criteria: SearchCriteria, signal?: AbortSignal) => callApi(searchEndpoints.start, { body: criteria, signal }),
  /** With `waitMs`, the server waits up to that long for something new when nothing arrived since the cursor. */
  pull: (searchId: string, cursor: number, signal?: AbortSignal, view?: ResultViewInput, waitMs?: number) =>
    callApi(searchEndpoints.pull, { body: { searchId, cursor, view, waitMs }, signal }),
  refresh: (searchId: string, resultId: string) => callApi(searchEndpoints.refresh, { body: { searchId, resultId } }),
  /** The criteria of a short route link (`/search/{routes}`); 400 or 404 when the link is not valid. */
  link: (routes: string, signal?: AbortSignal) =>
    callApi(searchEndpoints.link, { query: { routes }, signal }).then((r) => r.criteria),
  /** The lowest prices of each kind on a search's date and the days around it. */
  calendar: (searchId: string, signal?: AbortSignal) =>
    callApi(searchEndpoints.calendar, { query: { searchId }, signal }),
  /** A train's stations with its times, on the day (`yyyy/MM/dd`) it is boarded at station `from`. */
  trainStops: (number: string, from: string, date: string, signal?: AbortSignal) =>
    callApi(searchEndpoints.trainStops, { query: { number, from, date }, signal }),
};

export const searchKeys = {
  all: ['search'] as const,
  link: (routes: string) => [...searchKeys.all, 'link', routes] as const,
  calendar: (searchId: string) => [...searchKeys.all, 'calendar', searchId] as const,
  trainStops: (number: string, from: string, date: string) =>
    [...searchKeys.all, 'train-stops', number, from, date] as const,
  session: (criteriaKey: string, run: number) => [...searchKeys.all, 'session', criteriaKey, run] as const,
};

export const linkCriteriaQueryOptions = (routes: string) =>
  queryOptions({
    queryKey: searchKeys.link(routes),
    // The results route asked for them as it started loading the page (`startLinkEarly`).
    queryFn: ({ signal }) => {
      const early = takeLinkEarly(routes);
      return early
        ? early.then((answer) => searchEndpoints.link.response.parse(answer).criteria)
        : searchApi.link(routes, signal);
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: retryOnlyWhenBusy,
    // An invalid link shows the no-result page; no toast or dialog for it.
    meta: { silent: true },
  });

export const nearbyCalendarQueryOptions = (searchId: string) =>
  queryOptions({
    queryKey: searchKeys.calendar(searchId),
    queryFn: ({ signal }) => searchApi.calendar(searchId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    // Without it the page shows no calendar; nothing to tell the traveller.
    meta: { silent: true },
  });

export const trainStopsQueryOptions = (number: string, from: string, date: string) =>
  queryOptions({
    queryKey: searchKeys.trainStops(number, from, date),
    queryFn: ({ signal }) => searchApi.trainStops(number, from, date, signal),
    // A timetable changes with a data release, not while a traveller reads it.
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });

export const useRefreshResult = () =>
  useMutation({
    mutationFn: ({ searchId, resultId }: { searchId: string; resultId: string }) =>
      searchApi.refresh(searchId, resultId),
  });
