import { nameIn } from '@junction/domain';
import { type Gazetteer, loadGazetteer, loadMapData, type MapData, type Refdata } from '@junction/refdata';
import { lazyObject } from '../../../lib/lazy';
import { type DoorNamer, doorNamer } from '../door-names';
import { AmapGeocoder, FallbackGeocoder } from './amap-geocoder';
import { GazetteerGeocoder } from './gazetteer-geocoder';
import type { Geocoder } from './geocoder';

let gazetteer: Gazetteer | undefined;

/** The process's gazetteer, read once on first use (the planner's workers never read it). */
export function sharedGazetteer(): Gazetteer {
  gazetteer ??= loadGazetteer();
  return gazetteer;
}

/** The process's gazetteer, handed out now and read on the first look-up (`sharedGazetteer`). */
export const lazyGazetteer = (): Gazetteer => lazyObject(sharedGazetteer);

let namer: DoorNamer | undefined;

/** Names doors in both languages from the process's gazetteer, read on the first door named. */
export function sharedDoorNamer(refdata: Refdata): DoorNamer {
  return (point, given) => {
    namer ??= doorNamer(sharedGazetteer(), new GazetteerGeocoder(sharedGazetteer(), refdata));
    return namer(point, given);
  };
}

let mapData: MapData | undefined;

/** What the map draws (district outlines, metro lines), read once on first use. */
export function sharedMapData(): MapData {
  mapData ??= loadMapData();
  return mapData;
}

/** The same, handed out now and read on the first map drawn. */
export const lazyMapData = (): MapData => lazyObject(sharedMapData);

export type GeocoderConfig = { AMAP_KEY?: string; AMAP_BASE_URL: string; AMAP_TIMEOUT_MS: number };

/**
 * The geocoder the configuration asks for: AMap's web service when its key is set, with the offline
 * gazetteer behind it for when AMap fails or finds nothing; the gazetteer alone otherwise.
 */
export function defaultGeocoder(
  refdata: Refdata,
  config: GeocoderConfig,
  onFailure: (error: unknown) => void = () => {},
): Geocoder {
  const offline = new GazetteerGeocoder(lazyGazetteer(), refdata);
  if (!config.AMAP_KEY) return offline;
  const amap = new AmapGeocoder({
    key: config.AMAP_KEY,
    baseUrl: config.AMAP_BASE_URL,
    timeoutMs: config.AMAP_TIMEOUT_MS,
    cityOf: (point) => {
      const city = refdata.places.nearestCity(point);
      return city ? { cityCode: city.cityCode, name: nameIn(city, 'zh-CN') } : undefined;
    },
  });
  return new FallbackGeocoder(amap, offline, onFailure);
}
