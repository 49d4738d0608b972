import { type Gazetteer, loadGazetteer, type Refdata } from '@junction/refdata';
import { GazetteerGeocoder } from './gazetteer-geocoder';
import type { Geocoder } from './geocoder';

let gazetteer: Gazetteer | undefined;

/** The process's gazetteer, read once on first use (the planner's workers never read it). */
export function sharedGazetteer(): Gazetteer {
  gazetteer ??= loadGazetteer();
  return gazetteer;
}

/** The geocoder the configuration asks for: the offline gazetteer unless a commercial service's key is set. */
export function defaultGeocoder(refdata: Refdata): Geocoder {
  return new GazetteerGeocoder(sharedGazetteer(), refdata);
}
