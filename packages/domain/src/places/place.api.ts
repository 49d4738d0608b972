import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint';
import { placeQuerySchema, placeSchema } from './place.schema';

export const placeListSchema = z.object({ data: z.array(placeSchema) });
export const popularPlacesQuerySchema = placeQuerySchema.pick({ lang: true });

/** `GET /api/place` (spec §7) and the popular cities an empty place picker offers. */
export const placeEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/place',
    query: placeQuerySchema,
    response: placeListSchema,
    summary: 'Search cities, airports and railway stations',
  }),
  popular: defineEndpoint({
    method: 'GET',
    path: '/api/place/popular',
    query: popularPlacesQuerySchema,
    response: placeListSchema,
    summary: 'Popular cities for an empty place picker',
  }),
} as const;
