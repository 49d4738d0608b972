import { z } from 'zod';

export const PLACE_KINDS = ['city', 'airport', 'station'] as const;
export const placeKindSchema = z.enum(PLACE_KINDS);
export type PlaceKind = z.infer<typeof placeKindSchema>;

/** A child of a city: an airport or a railway station (spec §3 `places` / `airports`). */
export const childPlaceSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['airport', 'station']),
  /** The four-character base-35 code of the id (spec §5). */
  placeCode: z.string(),
  name: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  /** IATA code for an airport, 12306 telecode for a station. */
  code: z.string(),
  placeId: z.number().int().describe('id of the parent city'),
  lat: z.number(),
  lon: z.number(),
});
export type ChildPlace = z.infer<typeof childPlaceSchema>;

/** A place as `GET /api/place` returns it: a city with its airports and stations, or one of them. */
export const placeSchema = z.object({
  id: z.number().int(),
  kind: placeKindSchema,
  placeCode: z.string(),
  /** In the language asked for; `nameEn` and `nameZh` carry both. */
  name: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  city_code: z.string(),
  /** IATA code (airport or city), or 12306 telecode (station). */
  code: z.string(),
  country: z.string().length(2),
  countryName: z.string(),
  timeZone: z.string(),
  lat: z.number(),
  lon: z.number(),
  /** For an airport or station: its city. */
  placeId: z.number().int().optional(),
  cityName: z.string().optional(),
  places: z.array(childPlaceSchema).optional(),
  airports: z.array(childPlaceSchema).optional(),
});
export type Place = z.infer<typeof placeSchema>;

export const placeQuerySchema = z.object({
  keyword: z.string().max(100).default(''),
  lang: z.enum(['en', 'zh-CN']).optional(),
  limit: z.coerce.number().int().min(1).max(30).default(10),
});
export type PlaceQuery = z.infer<typeof placeQuerySchema>;
