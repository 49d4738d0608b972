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
    // Named after a place with names in both languages where one is near, so the pin is the same place in
    // either language and Chinese text never holds an English name ("Puxi附近"); else after the nearest
    // place in English, and as a pinned location in Chinese.
    const near = this.gazetteer.nearest(point, undefined, undefined, true) ?? this.gazetteer.nearest(point);
    const city = this.refdata.places.nearestCity(point);
    const hasChinese = !!near?.entry.nameZh;
    // Within a few hundred metres the pin is that place; farther, it is a pin near it.
    if (near && near.km <= 0.3 && hasChinese)
      return { ...this.toDoor(near.entry, language), lat: point.lat, lon: point.lon };
    const base = {
      kind: 'pin' as const,
      nameEn: near ? `Near ${near.entry.nameEn}` : PIN_NAME.en,
      nameZh: near && hasChinese ? `${near.entry.nameZh}附近` : PIN_NAME['zh-CN'],
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
