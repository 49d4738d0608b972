import { type CityMap, type Door, type Language, placeEndpoints } from '@junction/domain';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

/** What the map draws for a city (district outlines, metro, airports and stations); kept for the session. */
export const cityMapQueryOptions = (code: string, language: Language) =>
  queryOptions({
    queryKey: ['map', 'city', code, language] as const,
    queryFn: ({ signal }): Promise<CityMap> =>
      callApi(placeEndpoints.cityMap, { query: { code, lang: language }, signal }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: /^([A-Za-z]{3}|\d{1,7})$/.test(code),
  });

/** The door at a point of the map, named after the nearest named place. */
export const doorAtQueryOptions = (point: { lat: number; lon: number } | undefined, language: Language) =>
  queryOptions({
    queryKey: ['map', 'door', point?.lat, point?.lon, language] as const,
    queryFn: ({ signal }): Promise<Door> =>
      callApi(placeEndpoints.nearest, {
        query: { lat: point?.lat ?? 0, lon: point?.lon ?? 0, lang: language },
        signal,
      }).then((r) => r.data),
    enabled: point !== undefined,
    staleTime: 60 * 60 * 1000,
  });
