import type { Door, Language, Place, placeEndpoints, referenceEndpoints } from '@junction/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeOf } from './api-client';
import { retryOnlyWhenBusy } from './busy-retry';

/** Reference data every page may show, the first page too: called by route, without loading the schemas. */
const routes = {
  countries: routeOf<typeof referenceEndpoints.countries>({ method: 'GET', path: '/api/countries' }),
  currencies: routeOf<typeof referenceEndpoints.currencies>({ method: 'GET', path: '/api/currencies' }),
  calendar: routeOf<typeof referenceEndpoints.calendar>({ method: 'GET', path: '/forestage/calendar.json' }),
  places: routeOf<typeof placeEndpoints.search>({ method: 'GET', path: '/api/place' }),
  popularPlaces: routeOf<typeof placeEndpoints.popular>({ method: 'GET', path: '/api/place/popular' }),
};

export const referenceKeys = {
  countries: ['reference', 'countries'] as const,
  currencies: ['reference', 'currencies'] as const,
  calendar: ['reference', 'calendar'] as const,
  places: (keyword: string, language: string) => ['reference', 'places', language, keyword] as const,
  popularPlaces: (language: string) => ['reference', 'places', 'popular', language] as const,
};

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.countries,
    queryFn: ({ signal }) => callRoute(routes.countries, { signal }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useCountries = () => useQuery(countriesQueryOptions());

export const currenciesQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.currencies,
    queryFn: ({ signal }) => callRoute(routes.currencies, { signal }),
    staleTime: 60 * 60 * 1000,
  });
export const useCurrencyTable = () => useQuery(currenciesQueryOptions());

/**
 * Chinese public holidays and adjusted working days for this year and next (spec §3: calendar info,
 * loaded at startup). The date pickers work without it, so a failure is quiet.
 */
export const holidayCalendarQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.calendar,
    queryFn: ({ signal }) => callRoute(routes.calendar, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: retryOnlyWhenBusy,
    meta: { silent: true },
  });
export const useHolidayCalendar = () => useQuery(holidayCalendarQueryOptions()).data;

/** Spec §7: a failure of `/api/place` is logged and treated as no match, so the picker never shows an error for it. */
function noMatchOnFailure<T>(signal: AbortSignal, none: T) {
  return (err: unknown): T => {
    if (signal.aborted) throw err;
    console.warn('place search failed', err);
    return none;
  };
}

/** What the picker shows for a keyword: cities, airports and stations, and addresses and landmarks. */
export type PlaceMatches = { places: Place[]; doors: Door[]; doorsFirst: boolean };

export const placesQueryOptions = (keyword: string, language: Language) =>
  queryOptions({
    queryKey: referenceKeys.places(keyword, language),
    queryFn: ({ signal }) =>
      callRoute(routes.places, { query: { keyword, lang: language, limit: 8 }, signal })
        .then((r): PlaceMatches => ({ places: r.data, doors: r.doors ?? [], doorsFirst: r.doorsFirst ?? false }))
        .catch(noMatchOnFailure<PlaceMatches>(signal, { places: [], doors: [], doorsFirst: false })),
    staleTime: 60 * 60 * 1000,
    enabled: keyword.trim().length > 0,
  });

export const popularPlacesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: referenceKeys.popularPlaces(language),
    queryFn: ({ signal }) =>
      callRoute(routes.popularPlaces, { query: { lang: language }, signal })
        .then((r) => r.data)
        .catch(noMatchOnFailure<Place[]>(signal, [])),
    staleTime: Number.POSITIVE_INFINITY,
  });
