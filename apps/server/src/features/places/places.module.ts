import type { MapTiles } from '@junction/domain';
import type { Basics } from '../../feature-module';
import { defaultGeocoder, lazyGazetteer, lazyMapData } from './geocoder/default';
import type { Geocoder } from './geocoder/geocoder';
import { placesRoutes } from './places.routes';

/**
 * Places: place search, addresses and landmarks (the offline gazetteer, or AMap with a key), and the city
 * maps, drawn on a commercial map's tiles when they are configured.
 */
export function placesModule(
  basics: Basics,
  ports: { geocoder?: Geocoder; tiles?: MapTiles; warn: (error: unknown, what: string) => void },
) {
  const { config, refdata } = basics;
  const geocoder =
    ports.geocoder ?? defaultGeocoder(refdata, config, (err) => ports.warn(err, 'AMap failed: the gazetteer answered'));
  return {
    routes: placesRoutes({
      places: refdata.places,
      geocoder,
      gazetteer: lazyGazetteer(),
      map: lazyMapData(),
      ...(ports.tiles ? { tiles: ports.tiles } : {}),
    }),
  };
}
