import { type Door, doorIdOf, inLanguage, type Language, type LocalText, type Place } from '@junction/domain';

/** What a picker holds: a whole city (any of its airports and stations) or only one airport or station. */
export type PickedPlace = {
  /** A door's id is negative, made from its point (`doorIdOf`). */
  id: number;
  kind: Place['kind'] | 'door';
  name: string;
  code: string;
  cityCode: string;
  /** The spec's departureOnlyAirport / destinationOnlyAirport. */
  onlyThis: boolean;
  /** The line under the name (spec §3 below-name): a city's country, an airport's or station's city. */
  belowName?: string;
  /** An address, landmark or pin: its point (WGS-84). */
  door?: { lat: number; lon: number };
  /** Where a city, airport or station lies, when the picker knows it: the map opens there. */
  point?: { lat: number; lon: number };
  /** A door's name in both languages, when known: the picker shows the one of the site's language. */
  names?: LocalText;
};

/** A door as the picker holds it: onlyThis, since a door is one point and never a whole city. */
export function pickedDoor(d: Door): PickedPlace {
  return {
    id: doorIdOf(d),
    kind: 'door',
    name: d.name,
    code: '',
    cityCode: d.cityCode ?? '',
    onlyThis: true,
    ...(d.cityName || d.countryName ? { belowName: d.cityName ?? d.countryName } : {}),
    door: { lat: d.lat, lon: d.lon },
    names: { en: d.nameEn, 'zh-CN': d.nameZh || d.nameEn },
  };
}

/** What a picker shows for its place: a door in the site's language when both its names are known. */
export const shownName = (p: PickedPlace, language: Language): string =>
  p.names ? inLanguage(p.names, language) : p.name;
