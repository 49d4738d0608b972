import { z } from 'zod';

const lonLat = z.tuple([z.number(), z.number()]);

/**
 * What the map dialog draws for a city, from our own data (no tile server): district outlines, metro
 * lines and stations, and the city's airports and railway stations. Points are [lon, lat], WGS-84.
 */
/**
 * Map tiles drawn under the map when a commercial map is configured: a URL template with `{z}`, `{x}`
 * and `{y}` of Web Mercator tiles (256 px), the datum the tiles are drawn in (AMap's are GCJ-02), and
 * the credit the provider asks for.
 */
export const mapTilesSchema = z.object({
  url: z.string(),
  datum: z.enum(['wgs84', 'gcj02']),
  attribution: z.string().optional(),
});
export type MapTiles = z.infer<typeof mapTilesSchema>;

export const cityMapSchema = z.object({
  cityCode: z.string(),
  name: z.string(),
  center: z.object({ lat: z.number(), lon: z.number() }),
  districts: z.array(z.object({ name: z.string(), rings: z.array(z.array(lonLat)) })),
  metroLines: z.array(z.object({ name: z.string(), color: z.string(), points: z.array(lonLat) })),
  metroStations: z.array(z.object({ name: z.string(), lat: z.number(), lon: z.number() })),
  hubs: z.array(
    z.object({
      kind: z.enum(['airport', 'station']),
      name: z.string(),
      code: z.string(),
      lat: z.number(),
      lon: z.number(),
    }),
  ),
  /** Tiles to draw underneath, when configured (none by default). */
  tiles: mapTilesSchema.optional(),
});
export type CityMap = z.infer<typeof cityMapSchema>;

export const cityMapQuerySchema = z.object({
  /** A city code (BJS), or the id of a city or of a place in it. */
  code: z.string().regex(/^([A-Za-z]{3}|\d{1,7})$/),
  lang: z.enum(['en', 'zh-CN']).optional(),
});
