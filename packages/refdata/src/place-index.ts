import {
  type ChildPlace,
  decodePlaceCode,
  distanceKm,
  encodePlaceCode,
  type Language,
  nameIn,
  type Place,
} from '@junction/domain';
import type { RawPlace } from './types';

/** How well a keyword matches a place; higher is better. Ties go to cities, then to importance. */
const SCORE = {
  exactCode: 1000,
  exactZh: 900,
  exactEn: 800,
  exactPinyin: 700,
  zhPrefix: 600,
  exactInitials: 550,
  enPrefix: 500,
  pinyinPrefix: 450,
  enWordPrefix: 400,
  initialsPrefix: 300,
} as const;

type Field = 'en' | 'enWord' | 'zh' | 'zhPart' | 'pinyin' | 'pinyinPart' | 'initials';

const EXACT: Record<Field, number> = {
  en: SCORE.exactEn,
  enWord: SCORE.enWordPrefix,
  zh: SCORE.exactZh,
  zhPart: SCORE.zhPrefix,
  pinyin: SCORE.exactPinyin,
  pinyinPart: SCORE.pinyinPrefix,
  initials: SCORE.exactInitials,
};
const PREFIX: Record<Field, number> = {
  en: SCORE.enPrefix,
  enWord: SCORE.enWordPrefix,
  zh: SCORE.zhPrefix,
  zhPart: SCORE.enWordPrefix,
  pinyin: SCORE.pinyinPrefix,
  pinyinPart: SCORE.enWordPrefix,
  initials: SCORE.initialsPrefix,
};

/** Words that end airport and station names and say nothing about which one: 国际机场, 机场, 站. */
const ZH_SUFFIX = /(国际机场|机场|站)$/;

/** Lowercase, accents and width folded, spaces, apostrophes and hyphens dropped: "Xi'an" → "xian". */
export function normalizeKeyword(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s'’\-.·()（）]/g, '');
}

export type CountryNames = Map<string, { nameEn: string; nameZh: string }>;

/** The first place in sorted keys at or after `key` (their length when every key is before it). */
export function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The place search behind `GET /api/place`: built once from the generated places, then each query is
 * a few binary searches over sorted keys. Matching covers codes (IATA airport and city, 12306 telecode,
 * base-35 place code), English names and their words, Chinese names, full pinyin and pinyin initials.
 */
export class PlaceIndex {
  private readonly byId = new Map<number, RawPlace>();
  private readonly childrenOf = new Map<number, RawPlace[]>();
  private readonly byCode = new Map<string, RawPlace[]>();
  private readonly cities: RawPlace[] = [];
  /**
   * Sorted search keys with the place and field each belongs to: made at the first search that needs them
   * (a planner thread looks places up by id and code only, and never needs them).
   */
  private sorted?: { keys: string[]; place: RawPlace[]; field: Field[] };

  constructor(
    private readonly places: readonly RawPlace[],
    private readonly countries: CountryNames,
  ) {
    for (const p of places) {
      this.byId.set(p.id, p);
      if (p.kind === 'city') this.cities.push(p);
      if (p.cityId !== undefined) {
        const list = this.childrenOf.get(p.cityId) ?? [];
        list.push(p);
        this.childrenOf.set(p.cityId, list);
      }
      const codes = new Set([p.code, p.kind === 'city' ? p.cityCode : '']);
      for (const code of codes) if (code) this.byCode.set(code, [...(this.byCode.get(code) ?? []), p]);
    }
    // Airports first, busiest first; then stations, the main ones first.
    for (const list of this.childrenOf.values()) {
      list.sort((a, b) => Number(b.kind === 'airport') - Number(a.kind === 'airport') || b.rank - a.rank);
    }
  }

  /** Makes the search keys now rather than at the first search (a server does it before it serves). */
  prepareSearch(): void {
    void this.index;
  }

  private get index(): { keys: string[]; place: RawPlace[]; field: Field[] } {
    if (this.sorted) return this.sorted;
    const entries: [string, RawPlace, Field][] = [];
    const cityZh = new Map(this.cities.map((p) => [p.id, p]));
    for (const p of this.places) {
      entries.push([normalizeKeyword(p.nameEn), p, 'en']);
      const words = p.nameEn.toLowerCase().split(/[\s/-]+/);
      for (const word of words.slice(1)) if (word.length > 1) entries.push([normalizeKeyword(word), p, 'enWord']);
      if (p.nameZh) entries.push([p.nameZh, p, 'zh']);
      if (p.pinyin) entries.push([p.pinyin, p, 'pinyin']);
      // "虹桥" finds 上海虹桥 and 上海虹桥国际机场: a child's name without its city's name.
      const city = p.cityId === undefined ? undefined : cityZh.get(p.cityId);
      if (city?.nameZh && p.nameZh.startsWith(city.nameZh)) {
        const part = p.nameZh.slice(city.nameZh.length).replace(ZH_SUFFIX, '');
        if (part.length >= 2) entries.push([part, p, 'zhPart']);
        if (part.length >= 2 && city.pinyin && p.pinyin?.startsWith(city.pinyin)) {
          entries.push([p.pinyin.slice(city.pinyin.length), p, 'pinyinPart']);
        }
      }
      if (p.initials && p.initials.length > 1) entries.push([p.initials, p, 'initials']);
    }
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    this.sorted = { keys: entries.map((e) => e[0]), place: entries.map((e) => e[1]), field: entries.map((e) => e[2]) };
    return this.sorted;
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: number): RawPlace | undefined {
    return this.byId.get(id);
  }

  /** A city's airports (busiest first), then its stations (main ones first). */
  children(cityId: number): readonly RawPlace[] {
    return this.childrenOf.get(cityId) ?? [];
  }

  /** Places with this code: cities by city code first, then airports, then stations. */
  findByCode(code: string): RawPlace[] {
    const order = { city: 0, airport: 1, station: 2 };
    return [...(this.byCode.get(code.toUpperCase()) ?? [])].sort((a, b) => order[a.kind] - order[b.kind]);
  }

  /** Places whose Chinese name is exactly this, or starts with it. */
  findByZh(name: string, prefix: boolean): RawPlace[] {
    const out: RawPlace[] = [];
    const { keys, place, field } = this.index;
    for (let i = lowerBound(keys, name); i < keys.length && (keys[i] as string).startsWith(name); i++) {
      if (field[i] === 'zh' && (prefix || keys[i] === name)) out.push(place[i] as RawPlace);
    }
    return out;
  }

  search(keyword: string, language: Language, limit = 10): Place[] {
    return this.searchScored(keyword, language, limit).places;
  }

  /** The city whose centre is nearest to a point, within `maxKm`: the city a door belongs to. */
  nearestCity(point: { lat: number; lon: number }, maxKm = 80): RawPlace | undefined {
    let best: RawPlace | undefined;
    let bestKm = maxKm;
    for (const p of this.cities) {
      const km = distanceKm(point, p);
      if (km < bestKm) {
        best = p;
        bestKm = km;
      }
    }
    return best;
  }

  /** The places matching a keyword and the score of the best match (0 when none), to rank other lists with. */
  searchScored(keyword: string, language: Language, limit = 10): { places: Place[]; best: number } {
    const query = normalizeKeyword(keyword);
    if (!query || query.length > 60) return { places: [], best: 0 };
    const scores = new Map<RawPlace, number>();
    const raise = (p: RawPlace, score: number) => {
      if ((scores.get(p) ?? 0) < score) scores.set(p, score);
    };

    if (/^[a-z0-9]{3,4}$/.test(query)) {
      for (const p of this.byCode.get(query.toUpperCase()) ?? []) raise(p, SCORE.exactCode);
      const id = query.length === 4 ? decodePlaceCode(query) : null;
      const byId = id === null ? undefined : this.byId.get(id);
      if (byId) raise(byId, SCORE.exactCode);
    }
    const { keys, place, field: fields } = this.index;
    for (let i = lowerBound(keys, query); i < keys.length; i++) {
      const key = keys[i] as string;
      if (!key.startsWith(query)) break;
      const field = fields[i] as Field;
      raise(place[i] as RawPlace, key === query ? EXACT[field] : PREFIX[field]);
    }

    const ranked = [...scores].sort(
      ([a, sa], [b, sb]) => sb - sa || Number(b.kind === 'city') - Number(a.kind === 'city') || b.rank - a.rank,
    );
    const results: Place[] = [];
    const shownCities = new Set<number>();
    for (const [p, score] of ranked) {
      if (results.length >= limit) break;
      if (p.kind === 'city') {
        shownCities.add(p.id);
        results.push(this.toPlace(p, language));
      } else if (score === SCORE.exactCode || p.cityId === undefined || !shownCities.has(p.cityId)) {
        results.push(this.toPlace(p, language));
      }
    }
    return { places: results, best: ranked[0]?.[1] ?? 0 };
  }

  /** A place in the shape of spec §3, names in the language asked for (English where no Chinese is known). */
  toPlace(p: RawPlace, language: Language): Place {
    const name = (q: RawPlace) => nameIn(q, language);
    const country = this.countries.get(p.country);
    const base: Place = {
      id: p.id,
      kind: p.kind,
      placeCode: encodePlaceCode(p.id),
      name: name(p),
      nameEn: p.nameEn,
      nameZh: p.nameZh || p.nameEn,
      city_code: p.cityCode,
      code: p.code,
      country: p.country,
      countryName: country ? nameIn(country, language) : p.country,
      timeZone: p.tz,
      lat: round(p.lat),
      lon: round(p.lon),
    };
    if (p.kind === 'city') {
      const children = (this.childrenOf.get(p.id) ?? []).map((c) => this.toChild(c, name(c)));
      return { ...base, places: children, airports: children.filter((c) => c.kind === 'airport') };
    }
    const city = p.cityId === undefined ? undefined : this.byId.get(p.cityId);
    return { ...base, placeId: p.cityId, cityName: city ? name(city) : undefined };
  }

  private toChild(c: RawPlace, name: string): ChildPlace {
    return {
      id: c.id,
      kind: c.kind === 'airport' ? 'airport' : 'station',
      placeCode: encodePlaceCode(c.id),
      name,
      nameEn: c.nameEn,
      nameZh: c.nameZh || c.nameEn,
      code: c.code,
      placeId: c.cityId ?? c.id,
      lat: round(c.lat),
      lon: round(c.lon),
    };
  }
}

const round = (x: number): number => Math.round(x * 1e5) / 1e5;
