import { addDays } from '@junction/domain';
import { readCsv, readJson } from './sources';

type CuratedHoliday = { key: string; name_en: string; name_zh: string; start: string; end: string };
type CuratedYear = { status: 'official' | 'provisional'; holidays: CuratedHoliday[]; workdays: string[] };

export type CalendarDay = { type: 'holiday' | 'workday'; key: string; nameEn: string; nameZh: string };
export type Calendar = {
  source: string;
  years: Record<string, { status: 'official' | 'provisional' }>;
  /** yyyy-MM-dd → what the day is; ordinary days are absent. */
  days: Record<string, CalendarDay>;
};

function* datesBetween(start: string, end: string): Generator<string> {
  for (let d = start; d <= end; d = addDays(d, 1)) yield d;
}

/** China's public holidays and the weekend days worked in exchange (调休), for the date pickers (spec §7). */
export function buildCalendar(): Calendar {
  const curated = readJson<{ source: string; years: Record<string, CuratedYear> }>('curated/china-holidays.json');
  const days: Record<string, CalendarDay> = {};
  const years: Calendar['years'] = {};
  for (const [year, data] of Object.entries(curated.years)) {
    years[year] = { status: data.status };
    for (const h of data.holidays) {
      for (const date of datesBetween(h.start, h.end)) {
        days[date] = { type: 'holiday', key: h.key, nameEn: h.name_en, nameZh: h.name_zh };
      }
    }
    for (const date of data.workdays) {
      days[date] = { type: 'workday', key: 'workday', nameEn: 'Working day', nameZh: '班' };
    }
  }
  return { source: curated.source, years, days };
}

export type TransitLink = {
  cityCode: string;
  fromCode: string;
  fromKind: 'airport' | 'station';
  toNameEn: string;
  toNameZh: string;
  mode: 'metro' | 'airport_express' | 'maglev' | 'bus';
  lineEn: string;
  lineZh: string;
  durationMinutes: number;
  fareMinor: number;
  frequencyMinutes: number;
  first: string;
  last: string;
};

/** Airport express, maglev and metro links between airports or stations and city centres. */
export function buildMassTransit(): TransitLink[] {
  return ['curated/mass-transit-beijing.csv', 'curated/mass-transit.csv'].flatMap((file) =>
    readCsv(file).map((r) => ({
      cityCode: r.city_code ?? '',
      fromCode: r.from_code ?? '',
      fromKind: r.from_kind as TransitLink['fromKind'],
      toNameEn: r.to_name_en ?? '',
      toNameZh: r.to_name_zh ?? '',
      mode: r.mode as TransitLink['mode'],
      lineEn: r.line_en ?? '',
      lineZh: r.line_zh ?? '',
      durationMinutes: Number(r.duration_min),
      fareMinor: Number(r.fare_minor),
      frequencyMinutes: Number(r.frequency_min),
      first: r.first ?? '',
      last: r.last ?? '',
    })),
  );
}

export type TrainServiceFees = {
  currency: 'CNY';
  online: { perTicketMinor: number };
  offline: { perTicketMinor: number; byTrainType: Record<string, number>; freeChildTicketMinor: number };
};

export const buildTrainServiceFees = (): TrainServiceFees => {
  const { source: _source, ...fees } = readJson<TrainServiceFees & { source: string }>(
    'curated/train-service-fees.json',
  );
  return fees;
};

/** Minimum connection times at an airport on one ticket, by kind of connection, in minutes. */
export type ConnectionTimes = {
  default: { domestic: number; international: number };
  airports: Record<string, { domestic: number; international: number }>;
};

/**
 * Minimum connection times, as data: the main hubs from `curated/minimum-connection-times.csv`, and a
 * default for every other airport.
 */
export function buildConnectionTimes(): ConnectionTimes {
  const airports: ConnectionTimes['airports'] = {};
  for (const r of readCsv('curated/minimum-connection-times.csv')) {
    airports[r.airport ?? ''] = { domestic: Number(r.domestic_min), international: Number(r.international_min) };
  }
  return { default: { domestic: 60, international: 90 }, airports };
}

/** The terminal an airline uses at an airport (`*` for every airline), by airport code then airline code. */
export type AirportTerminals = Record<string, Record<string, string>>;

/** Terminals by airport and airline, as data (`curated/airport-terminals.csv`): only where known. */
export function buildAirportTerminals(): AirportTerminals {
  const terminals: AirportTerminals = {};
  for (const r of readCsv('curated/airport-terminals.csv')) {
    const code = r.airport ?? '';
    terminals[code] = { ...terminals[code], [r.airline ?? '']: r.terminal ?? '' };
  }
  return terminals;
}

/** A city's taxi tariff and driving speed. */
export type TaxiFare = {
  flagFallMinor: number;
  includedKm: number;
  perKmMinor: number;
  speedKmh: number;
  pickupMinutes: number;
};

/** Taxi tariffs by city code, as data (`curated/taxi-fares.csv`). */
export function buildTaxiFares(): Record<string, TaxiFare> {
  return Object.fromEntries(
    readCsv('curated/taxi-fares.csv').map((r) => [
      r.city_code ?? '',
      {
        flagFallMinor: Number(r.flag_fall_minor),
        includedKm: Number(r.included_km),
        perKmMinor: Number(r.per_km_minor),
        speedKmh: Number(r.speed_kmh),
        pickupMinutes: Number(r.pickup_min),
      },
    ]),
  );
}

/**
 * A city's metro fare by distance: `firstYuan` up to `firstKm`, then one yuan more for each `stepKm`
 * begun, band by band up to each band's `upToKm` (CNY).
 */
export type MetroFare = { firstKm: number; firstYuan: number; bands: { upToKm: number; stepKm: number }[] };

/** Each city's published metro fare scale by distance (`curated/metro-fares.csv`). */
export function buildMetroFares(): Record<string, MetroFare> {
  return Object.fromEntries(
    readCsv('curated/metro-fares.csv').map((r) => [
      r.city_code ?? '',
      {
        firstKm: Number(r.first_km),
        firstYuan: Number(r.first_yuan),
        bands: (r.bands ?? '').split(' ').map((b) => {
          const [upTo, step] = b.split(':');
          return { upToKm: upTo === 'inf' ? Number.MAX_SAFE_INTEGER : Number(upTo), stepKm: Number(step) };
        }),
      },
    ]),
  );
}
