import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint';
import { placeKindSchema } from '../places/place.schema';
import { localTextSchema } from '../text.schema';
import { pullRequestSchema, pullResponseSchema } from './pull.schema';
import { priceCalendarSchema } from './result-view';
import {
  refreshRequestSchema,
  refreshResponseSchema,
  searchCriteriaSchema,
  searchStartedSchema,
} from './search.schema';
import { MAX_MULTI_CITY_LEGS } from './search-options';
import { trainStopsQuerySchema, trainStopsSchema } from './train-stops.schema';

/** Routes and extras of a short link (spec §5); doors carry their names, so a link with five of them is long. */
export const shortLinkQuerySchema = z.object({ routes: z.string().min(1).max(2000) });
export const shortLinkCriteriaSchema = z.object({ criteria: searchCriteriaSchema });

/** Splits comma-separated tokens, keeping a door's `@lat,lon` whole. */
function splitTokens(s: string): string[] {
  const parts = s.split(',');
  const tokens: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const next = parts[i + 1];
    if (/^@-?[\d.]+$/.test(part) && next !== undefined && /^-?[\d.]+$/.test(next)) {
      tokens.push(`${part},${next}`);
      i++;
    } else tokens.push(part);
  }
  return tokens;
}

/** Place tokens of criteria (spec §5), comma-separated: two per leg at most. */
export const criteriaPlacesQuerySchema = z.object({
  tokens: z
    .string()
    .min(1)
    .max(500)
    .transform(splitTokens)
    .pipe(z.array(z.string().min(1).max(40)).max(MAX_MULTI_CITY_LEGS * 2)),
});
export const criteriaPlaceSchema = z.object({
  id: z.number().int(),
  /** A door (`@lat,lon`) is named as the gazetteer names its point. */
  kind: z.union([placeKindSchema, z.literal('door')]),
  /** IATA city or airport code, or 12306 telecode. */
  code: z.string(),
  name: localTextSchema,
});
export type CriteriaPlace = z.infer<typeof criteriaPlaceSchema>;
/** One answer per token, in order; null for a token that names no place. */
export const criteriaPlacesSchema = z.object({ places: z.array(criteriaPlaceSchema.nullable()) });

/** Spec §7: search, pull and refresh, plus the criteria behind a short link. */
export const searchEndpoints = {
  start: defineEndpoint({
    method: 'POST',
    path: '/api/v2/search',
    body: searchCriteriaSchema,
    response: searchStartedSchema,
    summary: 'Start a search; results are collected with pull',
  }),
  pull: defineEndpoint({
    method: 'POST',
    path: '/api/v2/pull',
    body: pullRequestSchema,
    response: pullResponseSchema,
    summary: 'Results that arrived since the cursor, with the progress of the suppliers',
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/api/v2/refresh',
    body: refreshRequestSchema,
    response: refreshResponseSchema,
    summary: 'Re-price one result with its seller',
  }),
  link: defineEndpoint({
    method: 'GET',
    path: '/api/v2/link',
    query: shortLinkQuerySchema,
    response: shortLinkCriteriaSchema,
    summary: 'The search criteria a short link stands for (spec §5)',
  }),
  places: defineEndpoint({
    method: 'GET',
    path: '/api/v2/places',
    query: criteriaPlacesQuerySchema,
    response: criteriaPlacesSchema,
    summary: 'The places that criteria name by token, in both languages',
  }),
  calendar: defineEndpoint({
    method: 'GET',
    path: '/api/v2/calendar',
    query: z.object({ searchId: z.string().min(1).max(100) }),
    response: priceCalendarSchema,
    summary: "The lowest price of each kind of trip on the search's date and the days around it",
  }),
  trainStops: defineEndpoint({
    method: 'GET',
    path: '/api/v2/train-stops',
    query: trainStopsQuerySchema,
    response: trainStopsSchema,
    summary: "A train's stations with its times and stops there, on the day it is boarded at a station",
  }),
} as const;
