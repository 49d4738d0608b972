import { type GroundArrival, type LegPoint, type LocalText, railBoardingMinutes } from '@junction/domain';
import { feedTouching, type GtfsFeed, packFeed } from '@junction/planner';
import type { Airline, RawPlace, Refdata } from '@junction/refdata';
import { lazyPromise } from '../../../lib/lazy';
import { DOOR_TO_DOOR, DoorToDoorPlanner } from './door-to-door';
import { loadFeeds } from './feed-cache';
import { FlightSchedule } from './flight-schedule';
import type { NetworkFeeds } from './network-feeds';
import { RailSchedule } from './rail-schedule';
import { StationSizes } from './station-sizes';

/** Mainland China, Hong Kong, Macao and Taiwan: domestic-style connection times and the rail network. */
export const GREATER_CHINA = new Set(['CN', 'HK', 'MO', 'TW']);

/** A feed without trips: the schedules of a thread that only plans door to door. */
const NO_FEED: GtfsFeed = {
  agencies: new Map(),
  stops: [],
  routes: new Map(),
  trips: [],
  stopTimes: new Map(),
  calendar: new Map(),
};

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
  /**
   * The feeds of door-to-door timetables, packed in shared memory once per process: the planner
   * workers build from them rather than reading the zips themselves.
   */
  doorFeeds?: NetworkFeeds;

  /** `codes`: the airports and stations sold from, those of the schedules by default. */
  constructor(
    readonly refdata: Refdata,
    readonly flights: FlightSchedule,
    readonly rail: RailSchedule,
    codes: { airports: Iterable<string>; stations: Iterable<string> } = {
      airports: flights.airports,
      stations: rail.stationCodes(),
    },
  ) {
    this.airlines = new Map(refdata.airlines.map((a) => [a.code, a]));
    for (const code of codes.airports) {
      const airport = refdata.places.findByCode(code).find((p) => p.kind === 'airport' && p.code === code);
      if (airport) this.airports.set(code, airport);
    }
    for (const code of codes.stations) {
      if (this.stations.has(code)) continue;
      const station = refdata.places.findByCode(code).find((p) => p.kind === 'station' && p.code === code);
      if (station) this.stations.set(code, station);
    }
  }

  /**
   * Reads the feeds (through the compact forms kept in `cacheDir`, when given: `loadFeeds`), and packs
   * those of door-to-door timetables in shared memory. `doorToDoor` also prepares door-to-door planning
   * in this thread; a process that plans door to door in its worker threads leaves it out and hands them
   * the packed feeds.
   */
  static load(refdata: Refdata, doorToDoor = true, cacheDir?: string): Inventory {
    const { flights, rail, metros } = loadFeeds(cacheDir);
    const inventory = new Inventory(refdata, new FlightSchedule(flights, 'air:'), new RailSchedule(rail, 'rail:'));
    inventory.doorFeeds = { rail: packFeed(rail), flights: packFeed(inventory.chinaFlights(flights)), metros };
    if (doorToDoor)
      inventory.doorToDoor = new DoorToDoorPlanner(inventory.doorFeeds, refdata.massTransit, refdata.taxiFares);
    return inventory;
  }

  /**
   * What a planner worker thread needs: the places of the door-to-door feeds another thread packed, and
   * planning on them; no schedules of its own.
   */
  static forDoorToDoor(refdata: Refdata, feeds: NetworkFeeds): Inventory {
    const codes = (prefix: string, feed: NetworkFeeds['rail']) =>
      feed.stops.flatMap((s) => (s.id.startsWith(prefix) ? [s.id.slice(prefix.length)] : []));
    const inventory = new Inventory(refdata, new FlightSchedule(NO_FEED), new RailSchedule(NO_FEED), {
      airports: codes('air:', feeds.flights),
      stations: codes('rail:', feeds.rail),
    });
    inventory.doorFeeds = feeds;
    inventory.doorToDoor = new DoorToDoorPlanner(feeds, refdata.massTransit, refdata.taxiFares);
    return inventory;
  }

  /** The flights with an end in Greater China: the part of the world network door-to-door plans use. */
  private chinaFlights(feed: GtfsFeed): GtfsFeed {
    return feedTouching(feed, (stopId) => GREATER_CHINA.has(this.airports.get(stopId.slice(4))?.country ?? ''));
  }

  private sizes?: StationSizes;

  /** Railway stations' sizes, from the rail timetable. */
  get stationSizes(): StationSizes {
    this.sizes ??=
      this.doorToDoor?.stationSizes ??
      (this.doorFeeds
        ? StationSizes.fromFeed(this.doorFeeds.rail, 'rail:')
        : new StationSizes(this.rail.trainsPerStation()));
    return this.sizes;
  }

  /**
   * Seconds before a flight or train leaves that a traveller arriving over the ground should reach its
   * airport (check-in) or station (by its size and how the traveller arrives).
   */
  boardingSeconds(point: Pick<LegPoint, 'kind' | 'code'>, arrival: GroundArrival): number {
    if (point.kind === 'airport') return DOOR_TO_DOOR.airportCheckInMin * 60;
    if (point.kind === 'station') return railBoardingMinutes(this.stationSizes.size(point.code), arrival) * 60;
    return 0;
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

  /**
   * A place as a leg end: its id, code and city, named in both languages; at an airport, the terminal
   * the flight's airline uses there, where known.
   */
  point(place: RawPlace, airline?: string): LegPoint {
    const city = this.cityOf(place);
    const terminals = airline && place.kind === 'airport' ? this.refdata.terminals?.[place.code] : undefined;
    const terminal = terminals?.[airline ?? ''] ?? terminals?.['*'];
    return {
      placeId: place.id,
      code: place.code,
      name: placeName(place),
      city: city === place ? undefined : { id: city.id, name: placeName(city) },
      kind: place.kind === 'station' ? 'station' : 'airport',
      ...(terminal ? { terminal } : {}),
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
 * this thread only when asked for (an inventory that has it serves those that do not need it). The
 * first call's `cacheDir` keeps the feeds' compact forms (`loadFeeds`).
 */
export function sharedInventory(refdata: Refdata, doorToDoor: boolean, cacheDir?: string): Promise<Inventory> {
  if (!shared || shared.refdata !== refdata || (doorToDoor && !shared.doorToDoor)) {
    shared = {
      refdata,
      doorToDoor,
      inventory: new Promise((resolve) => setImmediate(() => resolve(Inventory.load(refdata, doorToDoor, cacheDir)))),
    };
  }
  return shared.inventory;
}

/** The process's inventory (`sharedInventory`), read on its first `await` rather than now. */
export const lazyInventory = (refdata: Refdata, doorToDoor: boolean, cacheDir?: string): PromiseLike<Inventory> =>
  lazyPromise(() => sharedInventory(refdata, doorToDoor, cacheDir));
