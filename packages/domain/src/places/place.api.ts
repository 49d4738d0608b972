import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint';
import { cityMapQuerySchema, cityMapSchema } from './city-map.schema';
import { doorSchema } from './door.schema';
import { placeQuerySchema, placeSchema } from './place.schema';

export const placeListSchema = z.object({
  data: z.array(placeSchema),
  /** Addresses and landmarks matching the keyword (the place picker's own group), best first. */
  doors: z.array(doorSchema).optional(),
  /** True when the best door matches better than the best city, airport or station: its group goes first. */
  doorsFirst: z.boolean().optional(),
});
export const nearestDoorQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  lang: z.enum(['en', 'zh-CN']).optional(),
});
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
  nearest: defineEndpoint({
    method: 'GET',
    path: '/api/place/door',
    query: nearestDoorQuerySchema,
    response: z.object({ data: doorSchema }),
    summary: 'The door at a point of the map, named after the nearest named place',
  }),
  cityMap: defineEndpoint({
    method: 'GET',
    path: '/api/place/map',
    query: cityMapQuerySchema,
    response: z.object({ data: cityMapSchema }),
    summary: 'What the map draws for a city: district outlines, metro lines and stations, airports and stations',
  }),
} as const;
