import { type Door, type Language, type LatLon, nameIn } from '@junction/domain';
import type { Gazetteer, GazetteerEntry, Refdata } from '@junction/refdata';
import type { DoorMatch, Geocoder } from './geocoder';

/** Names of a pin with nothing named near it. */
const PIN_NAME = { en: 'Pinned location', 'zh-CN': '地图选点' } as const;

/** The offline geocoder: the gazetteer of `npm run data:build` (landmarks, metro stations, districts, towns). */
export class GazetteerGeocoder implements Geocoder {
  readonly id = 'gazetteer';

  constructor(
    private readonly gazetteer: Gazetteer,
    private readonly refdata: Refdata,
  ) {}

  async suggest(keyword: string, language: Language, limit: number): Promise<DoorMatch[]> {
    return this.suggestNow(keyword, language, limit);
  }

  /** The same, answered in the call: the gazetteer is in memory. */
  suggestNow(keyword: string, language: Language, limit: number): DoorMatch[] {
    return this.gazetteer
      .search(keyword, limit)
      .map((hit) => ({ door: this.toDoor(hit.entry, language), score: hit.score }));
  }

  async reverse(point: LatLon, language: Language): Promise<Door> {
    return this.reverseNow(point, language);
  }

  /** The same, answered in the call. */
  reverseNow(point: LatLon, language: Language): Door {
    const near = this.gazetteer.nearest(point);
    const city = this.refdata.places.nearestCity(point);
    // Within a few hundred metres the pin is that place; farther, it is a pin near it.
    if (near && near.km <= 0.3) return { ...this.toDoor(near.entry, language), lat: point.lat, lon: point.lon };
    const nearName = near ? nameIn(near.entry, language) : undefined;
    const base = {
      kind: 'pin' as const,
      nameEn: nearName ? `Near ${near?.entry.nameEn}` : PIN_NAME.en,
      nameZh: nearName ? `${near?.entry.nameZh || near?.entry.nameEn}附近` : PIN_NAME['zh-CN'],
      country: near?.entry.country ?? city?.country ?? '',
      lat: point.lat,
      lon: point.lon,
    };
    return {
      ...base,
      name: nameIn(base, language),
      ...(city ? { cityName: nameIn(city, language), cityCode: city.cityCode } : {}),
    };
  }

  toDoor(e: GazetteerEntry, language: Language): Door {
    const city = e.cityCode ? this.refdata.places.findByCode(e.cityCode).find((p) => p.kind === 'city') : undefined;
    const country = this.refdata.countries.find((c) => c.code === e.country);
    return {
      kind: e.kind,
      name: nameIn(e, language),
      nameEn: e.nameEn,
      nameZh: e.nameZh || e.nameEn,
      ...(city ? { cityName: nameIn(city, language), cityCode: city.cityCode } : {}),
      country: e.country,
      ...(country ? { countryName: nameIn(country, language) } : {}),
      lat: e.lat,
      lon: e.lon,
    };
  }
}
