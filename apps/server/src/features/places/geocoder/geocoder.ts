import type { Door, Language, LatLon } from '@junction/domain';

/** A door found for a keyword, with how well it matched (the place search's score scale: 900 an exact Chinese name). */
export type DoorMatch = { door: Door; score: number };

/**
 * Geocoding behind the place picker (docs/architecture.md §9): addresses, landmarks and the name of a point.
 * The default is the offline gazetteer built from open data; a commercial web service (AMap) plugs in
 * behind the same interface when its key is configured. Positions are always WGS-84.
 */
export interface Geocoder {
  readonly id: string;
  /** Doors matching a keyword as typed, best first. */
  suggest(keyword: string, language: Language, limit: number, signal?: AbortSignal): Promise<DoorMatch[]>;
  /** The door at a point, named after the nearest named place; a bare pin where nothing is named near. */
  reverse(point: LatLon, language: Language, signal?: AbortSignal): Promise<Door>;
}
