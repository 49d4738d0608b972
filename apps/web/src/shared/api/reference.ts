import { countrySchema, currencyTableSchema, type Place, placeSchema } from '@junction/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from './api-client';

export const referenceKeys = {
  countries: ['reference', 'countries'] as const,
  currencies: ['reference', 'currencies'] as const,
  places: (keyword: string, language: string) => ['reference', 'places', language, keyword] as const,
};

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.countries,
    queryFn: ({ signal }) =>
      apiClient
        .get('/api/countries', { schema: z.object({ data: z.array(countrySchema) }), signal })
        .then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useCountries = () => useQuery(countriesQueryOptions());

export const currenciesQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.currencies,
    queryFn: ({ signal }) => apiClient.get('/api/currencies', { schema: currencyTableSchema, signal }),
    staleTime: 60 * 60 * 1000,
  });
export const useCurrencyTable = () => useQuery(currenciesQueryOptions());

/**
 * Places for a keyword. Spec §7: a failure of `/api/place` is logged and treated as no match, so the
 * picker never shows an error for it.
 */
export async function searchPlaces(keyword: string, language: string, signal?: AbortSignal): Promise<Place[]> {
  try {
    const res = await apiClient.get('/api/place', {
      query: { keyword, lang: language, limit: 8 },
      schema: z.object({ data: z.array(placeSchema) }),
      signal,
    });
    return res.data;
  } catch (err) {
    if (signal?.aborted) throw err;
    console.warn('place search failed', err);
    return [];
  }
}

export const placesQueryOptions = (keyword: string, language: string) =>
  queryOptions({
    queryKey: referenceKeys.places(keyword, language),
    queryFn: ({ signal }) => searchPlaces(keyword, language, signal),
    staleTime: 60 * 60 * 1000,
    enabled: keyword.trim().length > 0,
  });

export const popularPlacesQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['reference', 'places', 'popular', language] as const,
    queryFn: ({ signal }) =>
      apiClient
        .get('/api/place/popular', {
          query: { lang: language },
          schema: z.object({ data: z.array(placeSchema) }),
          signal,
        })
        .then((r) => r.data)
        .catch((err: unknown) => {
          if (signal.aborted) throw err;
          console.warn('popular places failed', err);
          return [] as Place[];
        }),
    staleTime: Number.POSITIVE_INFINITY,
  });
