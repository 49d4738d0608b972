import fs from 'node:fs';
import path from 'node:path';
import type { Country, CurrencyInfo } from '@junction/domain';
import type {
  AirportTerminals,
  Calendar,
  ConnectionTimes,
  MetroFare,
  TaxiFare,
  TrainServiceFees,
  TransitLink,
} from './build/extras';
import type { AircraftClass, Airline } from './build/tables';
import { Gazetteer, type GazetteerFile } from './gazetteer';
import type { MapData } from './map-data';
import { PlaceIndex } from './place-index';
import type { RawPlace } from './types';

export type {
  AirportTerminals,
  Calendar,
  CalendarDay,
  ConnectionTimes,
  MetroFare,
  TaxiFare,
  TrainServiceFees,
  TransitLink,
} from './build/extras';
export type { AircraftClass, Airline } from './build/tables';
export {
  GAZETTEER_KINDS,
  Gazetteer,
  type GazetteerEntry,
  type GazetteerHit,
  type GazetteerKind,
  type GazetteerRow,
  toGazetteerFile,
} from './gazetteer';
export type { MapData } from './map-data';
export { METRO_AGENCY_CITY } from './metro-agencies';
export { CodeColumn, Codes, Groups, PackedStrings } from './packed';
export { normalizeKeyword, PlaceIndex } from './place-index';
export type { RawPlace } from './types';

const GENERATED = path.resolve(import.meta.dirname, '../generated');
const GTFS = path.resolve(import.meta.dirname, '../../../data/gtfs');

/**
 * The generated GTFS feeds of the data build: `flights` (the world's airlines), `rail` (China Railway)
 * and `metro` (the metro of the cities that have one, an agency per city).
 */
export function readGtfsFeedBytes(feed: 'flights' | 'rail' | 'metro'): Uint8Array {
  return fs.readFileSync(path.join(GTFS, `${feed}.zip`));
}

export function hasGtfsFeed(feed: 'flights' | 'rail' | 'metro'): boolean {
  return fs.existsSync(path.join(GTFS, `${feed}.zip`));
}
const read = <T>(name: string): T => JSON.parse(fs.readFileSync(path.join(GENERATED, name), 'utf8')) as T;

export type Refdata = {
  places: PlaceIndex;
  countries: Country[];
  currencies: CurrencyInfo[];
  rates: { date: string; rates: Record<string, number> };
  airlines: Airline[];
  aircraft: Record<string, { name: string; class: AircraftClass }>;
  calendar: Calendar;
  massTransit: TransitLink[];
  trainServiceFees: TrainServiceFees;
  connectionTimes: ConnectionTimes;
  taxiFares: Record<string, TaxiFare>;
  /** The terminal of an airline at an airport, where known. */
  terminals: AirportTerminals;
  /** Each city's metro fare scale, by city code. */
  metroFares: Record<string, MetroFare>;
};

/** Reads the committed data files and builds the place index: once, at start. */
export function loadRefdata(): Refdata {
  const countries = read<Country[]>('countries.json');
  const names = new Map(countries.map((c) => [c.code, { nameEn: c.nameEn, nameZh: c.nameZh }]));
  return {
    places: new PlaceIndex(read<RawPlace[]>('places.json'), names),
    countries,
    currencies: read<CurrencyInfo[]>('currencies.json'),
    rates: read('rates.json'),
    airlines: read<Airline[]>('airlines.json'),
    aircraft: read('aircraft.json'),
    calendar: read<Calendar>('calendar.json'),
    massTransit: read<TransitLink[]>('mass-transit.json'),
    trainServiceFees: read<TrainServiceFees>('train-service-fees.json'),
    connectionTimes: read<ConnectionTimes>('connection-times.json'),
    taxiFares: read<Record<string, TaxiFare>>('taxi-fares.json'),
    terminals: read<AirportTerminals>('airport-terminals.json'),
    metroFares: read<Record<string, MetroFare>>('metro-fares.json'),
  };
}

/**
 * The offline gazetteer (landmarks, metro stations, districts, towns), read on its own: the place
 * search needs it, the planner's workers do not.
 */
export function loadGazetteer(): Gazetteer {
  return new Gazetteer(read<GazetteerFile>('gazetteer.json'));
}

/** What the map dialog draws: district outlines of the busiest Chinese cities and the metro lines. */
export function loadMapData(): MapData {
  return read<MapData>('map.json');
}
