import { type Door, gcj02ToWgs84, type Language, type LatLon, wgs84ToGcj02 } from '@junction/domain';
import { z } from 'zod';
import type { DoorMatch, Geocoder } from './geocoder';

/*
 * AMap's web service (restapi.amap.com, v3): input tips for what a traveller types, geocoding of an
 * address, and reverse geocoding of a point. AMap speaks GCJ-02: points go out converted from WGS-84 and
 * come back converted to it (packages/domain geo-china.ts, the one place that converts).
 */

/** Every answer: status "1" with info "OK", or "0" with the reason (INVALID_USER_KEY, DAILY_QUERY_OVER_LIMIT…). */
const statusSchema = z.object({ status: z.string(), info: z.string().optional(), infocode: z.string().optional() });

/** "116.410886,39.911907" (lon,lat); AMap writes [] where a tip has no point (a bus line, a query suggestion). */
const locationSchema = z.union([z.string(), z.array(z.unknown())]);
/** AMap writes [] for an empty text field. */
const textSchema = z.union([z.string(), z.array(z.unknown())]).transform((v) => (typeof v === 'string' ? v : ''));

const tipsSchema = statusSchema.extend({
  tips: z
    .array(
      z.object({
        id: z.union([z.string(), z.array(z.unknown())]).optional(),
        name: z.string(),
        district: textSchema.optional(),
        adcode: textSchema.optional(),
        location: locationSchema,
        address: textSchema.optional(),
      }),
    )
    .default([]),
});

const geocodeSchema = statusSchema.extend({
  geocodes: z
    .array(
      z.object({
        formatted_address: z.string(),
        city: textSchema.optional(),
        district: textSchema.optional(),
        location: z.string(),
        level: textSchema.optional(),
      }),
    )
    .default([]),
});

const regeoSchema = statusSchema.extend({
  regeocode: z
    .object({
      formatted_address: textSchema,
      addressComponent: z
        .object({ city: textSchema.optional(), district: textSchema.optional(), township: textSchema.optional() })
        .optional(),
      pois: z.array(z.object({ name: z.string(), distance: z.string().optional() })).optional(),
    })
    .optional(),
});

export class AmapError extends Error {
  constructor(
    readonly info: string,
    readonly infocode?: string,
  ) {
    super(`AMap answered ${info}${infocode ? ` (${infocode})` : ''}`);
    this.name = 'AmapError';
  }
}

export type AmapOptions = {
  key: string;
  /** https://restapi.amap.com by default. */
  baseUrl: string;
  /** Each call's time limit. */
  timeoutMs: number;
  /** Names the doors' cities: the city code of the place data nearest to a point. */
  cityOf: (point: LatLon) => { cityCode: string; name: string } | undefined;
};

/** The first tip scores just below an exact Chinese city name, so a city typed in full still comes first. */
const FIRST_TIP_SCORE = 850;

/** AMap's "lon,lat" in GCJ-02 as a WGS-84 point, or undefined when the text is not a point. */
export function amapPoint(location: unknown): LatLon | undefined {
  if (typeof location !== 'string') return undefined;
  const m = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(location.trim());
  if (!m) return undefined;
  const wgs = gcj02ToWgs84({ lon: Number(m[1]), lat: Number(m[2]) });
  return { lat: round5(wgs.lat), lon: round5(wgs.lon) };
}

/** A WGS-84 point as AMap's "lon,lat" in GCJ-02, to six decimals. */
export function amapLocation(p: LatLon): string {
  const g = wgs84ToGcj02(p);
  return `${g.lon.toFixed(6)},${g.lat.toFixed(6)}`;
}

/** The AMap adapter: input tips for the picker, geocoding when a tip has no point, reverse geocoding for pins. */
export class AmapGeocoder implements Geocoder {
  readonly id = 'amap';

  constructor(private readonly options: AmapOptions) {}

  private async call<T>(
    path: string,
    params: Record<string, string>,
    schema: z.ZodType<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const url = new URL(path, this.options.baseUrl);
    for (const [k, v] of Object.entries({ ...params, key: this.options.key, output: 'JSON' }))
      url.searchParams.set(k, v);
    const limit = AbortSignal.timeout(this.options.timeoutMs);
    const res = await fetch(url, { signal: signal ? AbortSignal.any([signal, limit]) : limit });
    if (!res.ok) throw new AmapError(`HTTP ${res.status}`);
    const body: unknown = await res.json();
    const status = statusSchema.safeParse(body);
    if (!status.success) throw new AmapError('MALFORMED_ANSWER');
    if (status.data.status !== '1') throw new AmapError(status.data.info ?? 'UNKNOWN', status.data.infocode);
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new AmapError('MALFORMED_ANSWER');
    return parsed.data;
  }

  async suggest(keyword: string, language: Language, limit: number, signal?: AbortSignal): Promise<DoorMatch[]> {
    const text = keyword.trim();
    if (text.length < 2) return [];
    const answer = await this.call(
      '/v3/assistant/inputtips',
      { keywords: text, datatype: 'all', citylimit: 'false' },
      tipsSchema,
      signal,
    );
    const doors: DoorMatch[] = [];
    for (const tip of answer.tips) {
      if (doors.length >= limit) break;
      let point = amapPoint(tip.location);
      // A tip without a point (an area, a suggestion) is geocoded by its name and district.
      if (!point) {
        const geo = await this.call(
          '/v3/geocode/geo',
          { address: `${tip.district ?? ''}${tip.name}` },
          geocodeSchema,
          signal,
        );
        point = amapPoint(geo.geocodes[0]?.location);
      }
      if (!point) continue;
      doors.push({
        door: this.door(tip.name, tip.address ?? '', point, language),
        score: FIRST_TIP_SCORE - doors.length,
      });
    }
    return doors;
  }

  async reverse(point: LatLon, language: Language, signal?: AbortSignal): Promise<Door> {
    const answer = await this.call(
      '/v3/geocode/regeo',
      { location: amapLocation(point), extensions: 'all', radius: '300' },
      regeoSchema,
      signal,
    );
    const r = answer.regeocode;
    const poi = r?.pois?.[0];
    const name = poi?.name || r?.formatted_address || '';
    return { ...this.door(name, r?.formatted_address ?? '', point, language), kind: poi ? 'address' : 'pin' };
  }

  /** AMap names places in Chinese only: the door carries that name in both languages. */
  private door(name: string, address: string, point: LatLon, _language: Language): Door {
    const city = this.options.cityOf(point);
    return {
      kind: 'address',
      name,
      nameEn: name,
      nameZh: name,
      ...(city ? { cityName: city.name, cityCode: city.cityCode } : {}),
      ...(address ? { address } : {}),
      country: 'CN',
      lat: point.lat,
      lon: point.lon,
    };
  }
}

/**
 * A geocoder that asks the first and, when it fails or finds nothing, the second: AMap with the offline
 * gazetteer behind it, so the picker keeps working when the web service is down or over its quota.
 */
export class FallbackGeocoder implements Geocoder {
  readonly id: string;

  constructor(
    private readonly first: Geocoder,
    private readonly second: Geocoder,
    private readonly onFailure: (error: unknown) => void = () => {},
  ) {
    this.id = `${first.id}+${second.id}`;
  }

  async suggest(keyword: string, language: Language, limit: number, signal?: AbortSignal): Promise<DoorMatch[]> {
    try {
      const found = await this.first.suggest(keyword, language, limit, signal);
      if (found.length > 0) return found;
    } catch (e) {
      this.onFailure(e);
    }
    return this.second.suggest(keyword, language, limit, signal);
  }

  async reverse(point: LatLon, language: Language, signal?: AbortSignal): Promise<Door> {
    try {
      return await this.first.reverse(point, language, signal);
    } catch (e) {
      this.onFailure(e);
      return this.second.reverse(point, language, signal);
    }
  }
}

const round5 = (x: number) => Math.round(x * 1e5) / 1e5;
