import type { LegPoint, LocalText } from '@junction/domain';
import { type GtfsFeed, readGtfsZip } from '@junction/planner';
import { type Airline, hasGtfsFeed, type RawPlace, type Refdata, readGtfsFeedBytes } from '@junction/refdata';
import { DoorToDoorPlanner, METRO_PREFIX } from './door-to-door';
import { FlightSchedule } from './flight-schedule';
import { RailSchedule } from './rail-schedule';

/** Mainland China, Hong Kong, Macao and Taiwan: domestic-style connection times and the rail network. */
export const GREATER_CHINA = new Set(['CN', 'HK', 'MO', 'TW']);

/**
 * Everything suppliers sell from: the flight and rail schedules and the places, airports and airlines
 * they refer to. Read once per process (the feeds take a couple of seconds) and shared.
 */
export class Inventory {
  private readonly airports = new Map<string, RawPlace>();
  private readonly stations = new Map<string, RawPlace>();
  private readonly airlines: Map<string, Airline>;
  /** Door-to-door plans; absent when the inventory was built without the feeds. */
  doorToDoor?: DoorToDoorPlanner;

  constructor(
    readonly refdata: Refdata,
    readonly flights: FlightSchedule,
    readonly rail: RailSchedule,
  ) {
    this.airlines = new Map(refdata.airlines.map((a) => [a.code, a]));
    for (const code of flights.airports) {
      const airport = refdata.places.findByCode(code).find((p) => p.kind === 'airport' && p.code === code);
      if (airport) this.airports.set(code, airport);
    }
    for (const train of rail.stops) {
      for (const code of train) {
        if (this.stations.has(code)) continue;
        const station = refdata.places.findByCode(code).find((p) => p.kind === 'station' && p.code === code);
        if (station) this.stations.set(code, station);
      }
    }
  }

  /**
   * Reads the feeds. `doorToDoor` also prepares door-to-door planning; a process that plans door to
   * door in its worker thread leaves it out and keeps neither the metro feed nor the planner's copies.
   */
  static load(refdata: Refdata, doorToDoor = true): Inventory {
    const flights = readGtfsZip(readGtfsFeedBytes('flights'), 'air:');
    const rail = readGtfsZip(readGtfsFeedBytes('rail'), 'rail:');
    const inventory = new Inventory(refdata, new FlightSchedule(flights, 'air:'), new RailSchedule(rail, 'rail:'));
    if (!doorToDoor) return inventory;
    const metro = hasGtfsFeed('metro') ? readGtfsZip(readGtfsFeedBytes('metro'), METRO_PREFIX) : undefined;
    inventory.doorToDoor = new DoorToDoorPlanner(
      { rail, flights: inventory.chinaFlights(flights), metro },
      refdata.massTransit,
      refdata.taxiFares,
    );
    return inventory;
  }

  /** The flights with an end in Greater China: the part of the world network door-to-door plans use. */
  private chinaFlights(feed: GtfsFeed): GtfsFeed {
    const inChina = (stopId: string) => GREATER_CHINA.has(this.airports.get(stopId.slice(4))?.country ?? '');
    const trips = feed.trips.filter((t) => (feed.stopTimes.get(t.id) ?? []).some((s) => inChina(s.stopId)));
    const used = new Set(trips.flatMap((t) => (feed.stopTimes.get(t.id) ?? []).map((s) => s.stopId)));
    return {
      ...feed,
      stops: feed.stops.filter((s) => used.has(s.id)),
      trips,
      stopTimes: new Map(trips.map((t) => [t.id, feed.stopTimes.get(t.id) ?? []])),
    };
  }

  private readonly memory = new Map<string, unknown>();

  /**
   * A computed answer kept for the next asker: suppliers selling from the same schedule ask the same
   * questions within a search. The last 256 answers are kept.
   */
  remember<T>(key: string, compute: () => T): T {
    if (this.memory.has(key)) {
      const value = this.memory.get(key) as T;
      this.memory.delete(key);
      this.memory.set(key, value);
      return value;
    }
    const value = compute();
    this.memory.set(key, value);
    while (this.memory.size > 256) this.memory.delete(this.memory.keys().next().value as string);
    return value;
  }

  /** Minimum connection time at an airport on one ticket (spec data), minutes. */
  connectionMinutes(code: string, domestic: boolean): number {
    const times = this.refdata.connectionTimes.airports[code] ?? this.refdata.connectionTimes.default;
    return domestic ? times.domestic : times.international;
  }

  airport(code: string): RawPlace | undefined {
    return this.airports.get(code);
  }

  station(code: string): RawPlace | undefined {
    return this.stations.get(code);
  }

  airline(code: string): Airline | undefined {
    return this.airlines.get(code);
  }

  cityOf(place: RawPlace): RawPlace {
    return place.cityId === undefined ? place : (this.refdata.places.get(place.cityId) ?? place);
  }

  /** The airports a place stands for: itself, or every airport of its city unless only this one was asked for. */
  airportsFor(place: RawPlace, onlyThis: boolean): RawPlace[] {
    if (place.kind === 'airport' && (onlyThis || place.cityId === undefined)) return [place];
    const city = this.cityOf(place);
    return this.refdata.places.children(city.id).filter((p) => p.kind === 'airport' && this.airports.has(p.code));
  }

  /** The stations a place stands for, the same way. */
  stationsFor(place: RawPlace, onlyThis: boolean): RawPlace[] {
    if (place.kind === 'station' && (onlyThis || place.cityId === undefined)) return [place];
    const city = this.cityOf(place);
    return this.refdata.places.children(city.id).filter((p) => p.kind === 'station' && this.stations.has(p.code));
  }

  /** A place as a leg end: its id, code and city, named in both languages. */
  point(place: RawPlace): LegPoint {
    const city = this.cityOf(place);
    return {
      placeId: place.id,
      code: place.code,
      name: placeName(place),
      city: city === place ? undefined : { id: city.id, name: placeName(city) },
      kind: place.kind === 'station' ? 'station' : 'airport',
      lat: place.lat,
      lon: place.lon,
    };
  }

  /** An airline's name in both languages; its code when the airline is unknown. */
  carrierName(code: string): LocalText {
    const airline = this.airlines.get(code);
    if (!airline) return { en: code, 'zh-CN': code };
    return { en: airline.nameEn, 'zh-CN': airline.nameZh || airline.nameEn };
  }
}

/** A place's names; English where no Chinese name is known. */
export const placeName = (place: RawPlace): LocalText => ({ en: place.nameEn, 'zh-CN': place.nameZh || place.nameEn });

let shared: { refdata: Refdata; doorToDoor: boolean; inventory: Promise<Inventory> } | undefined;

/**
 * The process's inventory for this reference data, read on first use; with door-to-door planning in
 * this thread only when asked for (an inventory that has it serves those that do not need it).
 */
export function sharedInventory(refdata: Refdata, doorToDoor: boolean): Promise<Inventory> {
  if (!shared || shared.refdata !== refdata || (doorToDoor && !shared.doorToDoor)) {
    shared = {
      refdata,
      doorToDoor,
      inventory: new Promise((resolve) => setImmediate(() => resolve(Inventory.load(refdata, doorToDoor)))),
    };
  }
  return shared.inventory;
}
