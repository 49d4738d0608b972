import { z } from 'zod';

/** What a door found by name is: a landmark of a kind, a metro station, a district, a town, or a pin on the map. */
export const DOOR_KINDS = [
  'landmark',
  'business',
  'university',
  'hospital',
  'hotel',
  'metro',
  'district',
  'town',
  'address',
  'pin',
] as const;
export type DoorKind = (typeof DOOR_KINDS)[number];

/**
 * A door: a point where a door-to-door plan starts or ends that is not a city, airport or station of
 * the place data (an address, a landmark, a metro station, a pin on the map). Positions are WGS-84.
 */
export const doorSchema = z.object({
  kind: z.enum(DOOR_KINDS),
  /** In the language asked for; `nameEn` and `nameZh` carry both. */
  name: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  /** The city it is in, in the language asked for, when known; its city code for the search form. */
  cityName: z.string().optional(),
  cityCode: z.string().optional(),
  country: z.string(),
  countryName: z.string().optional(),
  /** The street address, when the geocoder gives one. */
  address: z.string().optional(),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});
export type Door = z.infer<typeof doorSchema>;

/** Doors are carried to five decimals (about a metre). */
const DOOR_DECIMALS = 5;
const DOOR_TOKEN = /^@(-?\d{1,2}(?:\.\d{1,6})?),(-?\d{1,3}(?:\.\d{1,6})?)$/;

/** A door as a place token of search criteria and search links: `@lat,lon`, e.g. `@39.9125,116.4105`. */
export function formatDoorToken(point: { lat: number; lon: number }): string {
  const fixed = (x: number) => String(Number(x.toFixed(DOOR_DECIMALS)));
  return `@${fixed(point.lat)},${fixed(point.lon)}`;
}

/** The point of a door token, or null when the text is not one (or lies off the earth). */
export function parseDoorToken(token: string): { lat: number; lon: number } | null {
  const m = DOOR_TOKEN.exec(token.trim());
  if (!m) return null;
  const lat = Number(m[1]);
  const lon = Number(m[2]);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat: lat === 0 ? 0 : lat, lon: lon === 0 ? 0 : lon };
}

export const isDoorToken = (token: string): boolean => parseDoorToken(token) !== null;

/** A stable negative id for a door, from its point: never a place id, and the same door gives the same id. */
export function doorIdOf(point: { lat: number; lon: number }): number {
  const token = formatDoorToken(point);
  let h = 2166136261;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 16777619);
  return -1 - ((h >>> 0) % 2_000_000_000);
}
