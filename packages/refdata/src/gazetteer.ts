import { distanceKm, type LatLon, NAMED_DOOR_KINDS } from '@junction/domain';
import { CodeColumn, type CodedText, Groups, PackedStrings, type PackedText } from './packed';
import { normalizeKeyword } from './place-index';

/**
 * What a named point of the gazetteer is: a curated landmark of a kind, a metro station, a district or
 * county, a town; each is a kind of door. Their order numbers the kinds of `generated/gazetteer.json`.
 */
export const GAZETTEER_KINDS = NAMED_DOOR_KINDS;
export type GazetteerKind = (typeof GAZETTEER_KINDS)[number];

/** A row of the gazetteer as the data build makes it (`toGazetteerFile` writes them as columns): kind, Chinese name, English name, pinyin, city code, country, lat, lon (WGS-84). */
export type GazetteerRow = [GazetteerKind, string, string, string, string, string, number, number];

export type GazetteerEntry = {
  id: number;
  kind: GazetteerKind;
  /** Empty when no Chinese name is known. */
  nameZh: string;
  nameEn: string;
  pinyin: string;
  /** The city code of the place data it belongs to, or empty (a town). */
  cityCode: string;
  country: string;
  lat: number;
  lon: number;
};

export type GazetteerHit = { entry: GazetteerEntry; score: number };

/** The same scale as the place search's scores, so the two lists rank together. */
const SCORE = {
  exactZh: 900,
  exactEn: 800,
  exactPinyin: 700,
  zhPrefix: 600,
  enPrefix: 500,
  pinyinPrefix: 450,
  word: 400,
};
const KEY_FIELDS = ['zh', 'en', 'pinyin', 'word'] as const;
type Field = (typeof KEY_FIELDS)[number];
const EXACT: Record<Field, number> = {
  zh: SCORE.exactZh,
  en: SCORE.exactEn,
  pinyin: SCORE.exactPinyin,
  word: SCORE.word,
};
const PREFIX: Record<Field, number> = {
  zh: SCORE.zhPrefix,
  en: SCORE.enPrefix,
  pinyin: SCORE.pinyinPrefix,
  word: SCORE.word,
};
/** Among equal matches: landmarks before metro stations, before districts, before towns. */
const KIND_RANK: Record<GazetteerKind, number> = {
  landmark: 6,
  business: 6,
  university: 5,
  hospital: 5,
  hotel: 4,
  metro: 3,
  district: 2,
  town: 0,
};
/** A prefix scan reads at most this many keys: a short keyword of a common start stays fast. */
const MAX_SCAN = 2000;
const CELL_DEG = 0.1;
const HAN = /\p{Script=Han}/u;

/** Sorted search keys with the entry and field (an index into `KEY_FIELDS`) each belongs to. */
export type KeyList = { keys: PackedText; ids: number[]; fields: number[] };

/**
 * `generated/gazetteer.json`: a column per field (kinds as indexes into GAZETTEER_KINDS, names packed, codes
 * as indexes into their distinct values) and the two sorted key lists the search reads, so that reading it
 * makes a few large values instead of a string per cell.
 */
export type GazetteerFile = {
  kind: number[];
  zh: PackedText;
  en: PackedText;
  pinyin: PackedText;
  city: CodedText;
  country: CodedText;
  lat: number[];
  lon: number[];
  named: KeyList;
  towns: KeyList;
};

/** The file form of the gazetteer's rows: its columns and the search keys of every entry, sorted. */
export function toGazetteerFile(rows: readonly GazetteerRow[]): GazetteerFile {
  const kindIndex = new Map<string, number>(GAZETTEER_KINDS.map((k, i) => [k, i]));
  const named: [string, number, Field][] = [];
  const towns: [string, number, Field][] = [];
  rows.forEach(([kind, zh, nameEn, pinyin], id) => {
    const en = normalizeKeyword(nameEn);
    if (kind === 'town') {
      if (en) towns.push([en, id, 'en']);
      return;
    }
    if (zh) {
      named.push([normalizeKeyword(zh), id, 'zh']);
      // 国家体育场（鸟巢）: the name in brackets finds it too.
      const inner = /[（(]([^）)]+)[）)]/.exec(zh)?.[1];
      const outer = zh.replace(/[（(][^）)]*[）)]/g, '');
      if (inner && inner.length > 1) named.push([inner, id, 'zh']);
      if (outer !== zh && outer.length > 1) named.push([outer, id, 'zh']);
    }
    if (pinyin) named.push([pinyin, id, 'pinyin']);
    // 海淀区 is found as 海淀 and haidian too.
    const division = /^(.{2,})(区|县|市)$/.exec(zh);
    if (division && kind === 'district') {
      named.push([division[1] as string, id, 'zh']);
      const suffix = division[2] === '区' ? 'qu' : division[2] === '县' ? 'xian' : 'shi';
      if (pinyin.endsWith(suffix)) named.push([pinyin.slice(0, -suffix.length), id, 'pinyin']);
    }
    if (en) named.push([en, id, 'en']);
    const words = nameEn
      .toLowerCase()
      .replace(/[()]/g, ' ')
      .split(/[\s/-]+/);
    for (const word of words.slice(1)) {
      const w = normalizeKeyword(word);
      if (w.length > 2) named.push([w, id, 'word']);
    }
  });
  return {
    kind: rows.map((r) => kindIndex.get(r[0]) ?? 0),
    zh: PackedStrings.pack(rows.map((r) => r[1])),
    en: PackedStrings.pack(rows.map((r) => r[2])),
    pinyin: PackedStrings.pack(rows.map((r) => r[3])),
    city: CodeColumn.pack(rows.map((r) => r[4])),
    country: CodeColumn.pack(rows.map((r) => r[5])),
    lat: rows.map((r) => r[6]),
    lon: rows.map((r) => r[7]),
    named: keyList(named),
    towns: keyList(towns),
  };
}

function keyList(keyed: [string, number, Field][]): KeyList {
  keyed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return {
    keys: PackedStrings.pack(keyed.map((k) => k[0])),
    ids: keyed.map((k) => k[1]),
    fields: keyed.map((k) => KEY_FIELDS.indexOf(k[2])),
  };
}

/** Towns are many: their keys are read only for a keyword of this length, and only this many of them. */
const TOWN_MIN_LENGTH = 4;
const TOWN_SCAN = 200;

/**
 * The offline gazetteer: keyword search over Chinese names, pinyin and English names and their words
 * (the same binary searches over sorted keys as the place search), and the nearest named point. The
 * landmarks, metro stations and districts have one index, the many towns another that is read briefly.
 */
export class Gazetteer {
  private readonly named: KeyIndex;
  private readonly towns: KeyIndex;
  private readonly kind: Uint8Array;
  private readonly zh: PackedStrings;
  private readonly en: PackedStrings;
  private readonly pinyin: PackedStrings;
  private readonly city: CodeColumn;
  private readonly country: CodeColumn;
  private readonly lat: Float64Array;
  private readonly lon: Float64Array;
  private readonly cells: Groups;

  /** The gazetteer as `generated/gazetteer.json` holds it (`toGazetteerFile`). */
  constructor(file: GazetteerFile) {
    this.named = new KeyIndex(file.named);
    this.towns = new KeyIndex(file.towns);
    this.kind = Uint8Array.from(file.kind);
    this.zh = new PackedStrings(file.zh);
    this.en = new PackedStrings(file.en);
    this.pinyin = new PackedStrings(file.pinyin);
    this.city = new CodeColumn(file.city);
    this.country = new CodeColumn(file.country);
    this.lat = Float64Array.from(file.lat);
    this.lon = Float64Array.from(file.lon);
    this.cells = new Groups(Array.from(this.lat, (lat, id) => cellOf(lat, this.lon[id] as number)));
  }

  get size(): number {
    return this.kind.length;
  }

  entry(id: number): GazetteerEntry {
    return {
      id,
      kind: GAZETTEER_KINDS[this.kind[id] as number] as GazetteerKind,
      nameZh: this.zh.get(id),
      nameEn: this.en.get(id),
      pinyin: this.pinyin.get(id),
      cityCode: this.city.get(id),
      country: this.country.get(id),
      lat: this.lat[id] as number,
      lon: this.lon[id] as number,
    };
  }

  /** Every entry of a kind in a city (the metro stations of Beijing). */
  inCity(kind: GazetteerKind, cityCode: string): GazetteerEntry[] {
    const k = GAZETTEER_KINDS.indexOf(kind);
    const c = this.city.indexOf(cityCode);
    const out: GazetteerEntry[] = [];
    if (c < 0) return out;
    for (let id = 0; id < this.kind.length; id++) {
      if (this.kind[id] === k && this.city.at(id) === c) out.push(this.entry(id));
    }
    return out;
  }

  /**
   * Named points matching a keyword, best first: two Chinese characters or three letters at least (a
   * shorter keyword names cities, which the place search has).
   */
  search(keyword: string, limit = 6): GazetteerHit[] {
    const query = normalizeKeyword(keyword);
    if (!query || query.length > 60) return [];
    if (HAN.test(query) ? query.length < 2 : query.length < 3) return [];
    const scores = new Map<number, number>();
    this.named.scan(query, MAX_SCAN, scores);
    if (!HAN.test(query) && query.length >= TOWN_MIN_LENGTH) this.towns.scan(query, TOWN_SCAN, scores);
    const kindRank = (id: number) => KIND_RANK[GAZETTEER_KINDS[this.kind[id] as number] as GazetteerKind];
    const cn = this.country.indexOf('CN');
    const ranked = [...scores].sort(
      ([a, sa], [b, sb]) =>
        sb - sa ||
        kindRank(b) - kindRank(a) ||
        Number(this.country.at(b) === cn) - Number(this.country.at(a) === cn) ||
        a - b,
    );
    return ranked.slice(0, limit).map(([id, score]) => ({ entry: this.entry(id), score }));
  }

  /** Every named point within `km` of a point (a small distance: a few cells are read), nearest first. */
  within(point: LatLon, km: number): GazetteerEntry[] {
    const found: { id: number; km: number }[] = [];
    const reach = Math.ceil(km / 111 / CELL_DEG) + 1;
    const row = Math.floor((point.lat + 90) / CELL_DEG);
    const col = Math.floor((point.lon + 180) / CELL_DEG);
    for (let dr = -reach; dr <= reach; dr++) {
      for (let dc = -reach; dc <= reach; dc++) {
        for (const id of this.cells.get((row + dr) * 10_000 + ((col + dc + 3600) % 3600))) {
          const d = distanceKm(point, { lat: this.lat[id] as number, lon: this.lon[id] as number });
          if (d <= km) found.push({ id, km: d });
        }
      }
    }
    return found.sort((a, b) => a.km - b.km || a.id - b.id).map((f) => this.entry(f.id));
  }

  /**
   * The named point nearest to a point: a landmark, metro station or district within `nearKm` first,
   * else anything within `farKm` (a town); undefined when nothing is that close. `hasChinese`: only points
   * with a Chinese name count.
   */
  nearest(
    point: LatLon,
    nearKm = 1.5,
    farKm = 30,
    hasChinese = false,
  ): { entry: GazetteerEntry; km: number } | undefined {
    let best: { id: number; km: number } | undefined;
    let bestNamed: { id: number; km: number } | undefined;
    const townKind = GAZETTEER_KINDS.indexOf('town');
    const reach = Math.ceil(farKm / 111 / CELL_DEG) + 1;
    const row = Math.floor((point.lat + 90) / CELL_DEG);
    const col = Math.floor((point.lon + 180) / CELL_DEG);
    for (let dr = -reach; dr <= reach; dr++) {
      for (let dc = -reach; dc <= reach; dc++) {
        for (const id of this.cells.get((row + dr) * 10_000 + ((col + dc + 3600) % 3600))) {
          if (hasChinese && this.zh.isEmpty(id)) continue;
          const km = distanceKm(point, { lat: this.lat[id] as number, lon: this.lon[id] as number });
          if (km <= farKm && (!best || km < best.km)) best = { id, km };
          if (this.kind[id] !== townKind && km <= nearKm && (!bestNamed || km < bestNamed.km)) bestNamed = { id, km };
        }
      }
    }
    const found = bestNamed ?? best;
    return found ? { entry: this.entry(found.id), km: found.km } : undefined;
  }
}

/** Sorted search keys with the entry and field each belongs to, packed. */
class KeyIndex {
  private readonly keys: PackedStrings;
  private readonly ids: Int32Array;
  private readonly fields: Uint8Array;

  constructor(list: KeyList) {
    this.keys = new PackedStrings(list.keys);
    this.ids = Int32Array.from(list.ids);
    this.fields = Uint8Array.from(list.fields);
  }

  /** Raises the score of every entry with a key starting with the query, reading at most `max` keys. */
  scan(query: string, max: number, scores: Map<number, number>): void {
    const start = this.keys.lowerBound(query);
    const end = Math.min(this.keys.length, start + max);
    for (let i = start; i < end; i++) {
      const key = this.keys.get(i);
      if (!key.startsWith(query)) break;
      const field = KEY_FIELDS[this.fields[i] as number] as Field;
      const id = this.ids[i] as number;
      const score = key === query ? EXACT[field] : PREFIX[field];
      if ((scores.get(id) ?? 0) < score) scores.set(id, score);
    }
  }
}

function cellOf(lat: number, lon: number): number {
  return Math.floor((lat + 90) / CELL_DEG) * 10_000 + Math.floor((lon + 180) / CELL_DEG);
}
