import { distanceKm, type LatLon, localMidnight } from '@junction/domain';
import type { GtfsFeed } from '@junction/planner';
import { Codes, Groups } from '@junction/refdata';

/** A train ride between two of its stops on one day. */
export type TrainRide = {
  train: number;
  board: number;
  alight: number;
  /** UTC instants, epoch milliseconds. */
  departure: number;
  arrival: number;
  km: number;
};

const RAIL_ZONE = 'Asia/Shanghai';
/** Track is longer than the straight line between stops. */
const TRACK_FACTOR = 1.12;

/**
 * Track kilometres from a train's first stop to each of its stops, in whole kilometres: the distance a
 * fare is charged by between two stops is the difference. The one measure of a ride, wherever it is sold.
 */
export function trackKmAt(stops: readonly (LatLon | undefined)[]): number[] {
  let km = 0;
  return stops.map((here, i) => {
    const prev = i > 0 ? stops[i - 1] : undefined;
    if (prev && here) km += distanceKm(prev, here) * TRACK_FACTOR;
    return Math.round(km);
  });
}

/**
 * China Railway trains from the rail GTFS feed (daily service, local Beijing time), indexed by station.
 * The calls of all trains are held one after the other in typed arrays: train `t`'s calls are those at
 * `[trainStart[t], trainStart[t + 1])`, each a station id (into `stations`), an arrival and departure
 * second and the track kilometres from the train's first stop.
 */
export class RailSchedule {
  readonly numbers: string[] = [];
  /** Station codes, numbered in the order the trains first call at them. */
  private readonly stations = new Codes();
  private readonly trainStart: Uint32Array;
  /** Each call's station, as an index into `stations`. */
  private readonly stopStation: Uint32Array;
  private readonly arrivals: Int32Array;
  private readonly departures: Int32Array;
  /** Cumulative track kilometres at each call. */
  private readonly kmAt: Int32Array;
  /** Each call's train. */
  private readonly trainOf: Uint32Array;
  /** Every call grouped by its station id (by train, then by position, within a station). */
  private readonly calls: Groups;
  /** Trains by number. */
  private readonly byNumber = new Map<string, number>();

  /** `stopPrefix`: the prefix the feed was read with, dropped from station codes. */
  constructor(feed: GtfsFeed, stopPrefix = '') {
    const points = new Map(feed.stops.map((s) => [s.id, s as LatLon]));
    const starts = [0];
    const trains: number[] = [];
    const stations: number[] = [];
    const arrivals: number[] = [];
    const departures: number[] = [];
    const kmAt: number[] = [];
    for (const trip of feed.trips) {
      const times = feed.stopTimes.get(trip.id);
      if (!times || times.length < 2) continue;
      this.byNumber.set(trip.shortName || trip.id, this.numbers.length);
      this.numbers.push(trip.shortName || trip.id);
      for (const s of times) {
        trains.push(this.numbers.length - 1);
        stations.push(this.stations.idOf(s.stopId.slice(stopPrefix.length)));
        arrivals.push(s.arrival);
        departures.push(s.departure);
      }
      kmAt.push(...trackKmAt(times.map((s) => points.get(s.stopId))));
      starts.push(stations.length);
    }
    this.trainStart = Uint32Array.from(starts);
    this.stopStation = Uint32Array.from(stations);
    this.arrivals = Int32Array.from(arrivals);
    this.departures = Int32Array.from(departures);
    this.kmAt = Int32Array.from(kmAt);
    this.trainOf = Uint32Array.from(trains);
    this.calls = new Groups(this.stopStation);
  }

  get size(): number {
    return this.numbers.length;
  }

  /** Every station some train calls at, by telecode, in the order the trains first call at them. */
  stationCodes(): readonly string[] {
    return this.stations.list;
  }

  /** The telecodes of a train's stations, in the order it calls at them. */
  stopsOf(train: number): string[] {
    const codes: string[] = [];
    for (let k = this.trainStart[train] as number; k < (this.trainStart[train + 1] as number); k++)
      codes.push(this.stations.list[this.stopStation[k] as number] as string);
    return codes;
  }

  /** The telecode of the station of a train's call at `position`. */
  stationAt(train: number, position: number): string | undefined {
    if (position < 0 || position >= this.callCount(train)) return undefined;
    return this.stations.list[this.stopStation[(this.trainStart[train] as number) + position] as number];
  }

  /** How many calls a train makes; 0 for no train. */
  private callCount(train: number): number {
    const start = this.trainStart[train];
    const end = this.trainStart[train + 1];
    return start === undefined || end === undefined ? 0 : end - start;
  }

  /** The trains calling at each station a day, by telecode. */
  trainsPerStation(): Map<string, number> {
    return new Map(this.stations.list.map((code, s) => [code, this.calls.get(s).length]));
  }

  /**
   * Trains leaving any of `from` on the local day `date` and calling later at any of `to`: one ride per
   * train, from its first calling point among `from` to its first among `to` after it.
   */
  ridesBetween(from: ReadonlySet<string>, to: ReadonlySet<string>, date: string): TrainRide[] {
    const midnight = localMidnight(date, RAIL_ZONE);
    const rides = new Map<number, TrainRide>();
    for (const code of from) {
      const s = this.stations.find(code);
      if (s === undefined) continue;
      for (const call of this.calls.get(s)) {
        const t = this.trainOf[call] as number;
        if (rides.has(t)) continue;
        const first = this.trainStart[t] as number;
        const i = call - first;
        const end = this.trainStart[t + 1] as number;
        let j = -1;
        for (let k = first + i + 1; k < end; k++) {
          if (to.has(this.stations.list[this.stopStation[k] as number] as string)) {
            j = k - first;
            break;
          }
        }
        if (j < 0) continue;
        const dep = this.departures[first + i] as number;
        // The train's service day is the day it left its first station; a departure after midnight
        // belongs to the day before.
        const serviceStart = midnight - Math.floor(dep / 86_400) * 86_400_000;
        const km = (this.kmAt[first + j] as number) - (this.kmAt[first + i] as number);
        rides.set(t, {
          train: t,
          board: i,
          alight: j,
          departure: serviceStart + dep * 1000,
          arrival: serviceStart + (this.arrivals[first + j] as number) * 1000,
          km,
        });
      }
    }
    return [...rides.values()].sort((a, b) => a.departure - b.departure);
  }

  /**
   * Every call of a train, on the day it leaves station `from` (local date `yyyy-MM-dd`): each station's
   * code with its arrival and departure as UTC instants (epoch ms; none before the first and after the
   * last). Undefined when the train does not call at `from`.
   */
  callsOf(
    number: string,
    from: string,
    date: string,
  ): { code: string; arrival?: number; departure?: number }[] | undefined {
    const t = this.byNumber.get(number);
    if (t === undefined) return undefined;
    const stops = this.stopsOf(t);
    const at = stops.indexOf(from);
    if (at < 0) return undefined;
    const first = this.trainStart[t] as number;
    const serviceStart =
      localMidnight(date, RAIL_ZONE) - Math.floor((this.departures[first + at] as number) / 86_400) * 86_400_000;
    return stops.map((code, i) => ({
      code,
      ...(i > 0 ? { arrival: serviceStart + (this.arrivals[first + i] as number) * 1000 } : {}),
      ...(i < stops.length - 1 ? { departure: serviceStart + (this.departures[first + i] as number) * 1000 } : {}),
    }));
  }

  /** The ride of a train between two of its stations on a day, when it calls at both in that order. */
  ride(number: string, from: string, to: string, date: string): TrainRide | undefined {
    return this.ridesBetween(new Set([from]), new Set([to]), date).find((r) => this.numbers[r.train] === number);
  }
}
