import { z } from 'zod';
import { DOOR_KINDS } from './door';

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
