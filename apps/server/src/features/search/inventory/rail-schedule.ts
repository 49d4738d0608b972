import { distanceKm, type LatLon, localMidnight } from '@junction/domain';
import type { GtfsFeed } from '@junction/planner';

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

/** China Railway trains from the rail GTFS feed (daily service, local Beijing time), indexed by station. */
export class RailSchedule {
  readonly numbers: string[] = [];
  readonly stops: string[][] = [];
  private readonly arrivals: number[][] = [];
  private readonly departures: number[][] = [];
  /** Cumulative track kilometres at each stop. */
  private readonly kmAt: number[][] = [];
  /** station → [train, position] pairs. */
  private readonly calls = new Map<string, [number, number][]>();
  /** Trains by number. */
  private readonly byNumber = new Map<string, number>();

  /** `stopPrefix`: the prefix the feed was read with, dropped from station codes. */
  constructor(feed: GtfsFeed, stopPrefix = '') {
    const points = new Map(feed.stops.map((s) => [s.id, s as LatLon]));
    for (const trip of feed.trips) {
      const times = feed.stopTimes.get(trip.id);
      if (!times || times.length < 2) continue;
      const t = this.numbers.length;
      this.numbers.push(trip.shortName || trip.id);
      this.byNumber.set(trip.shortName || trip.id, t);
      this.stops.push(times.map((s) => s.stopId.slice(stopPrefix.length)));
      this.arrivals.push(times.map((s) => s.arrival));
      this.departures.push(times.map((s) => s.departure));
      this.kmAt.push(trackKmAt(times.map((s) => points.get(s.stopId))));
      times.forEach((s, i) => {
        const code = s.stopId.slice(stopPrefix.length);
        const list = this.calls.get(code) ?? [];
        list.push([t, i]);
        this.calls.set(code, list);
      });
    }
  }

  get size(): number {
    return this.numbers.length;
  }

  /** The trains calling at each station a day, by telecode. */
  trainsPerStation(): Map<string, number> {
    return new Map([...this.calls].map(([code, list]) => [code, list.length]));
  }

  /**
   * Trains leaving any of `from` on the local day `date` and calling later at any of `to`: one ride per
   * train, from its first calling point among `from` to its first among `to` after it.
   */
  ridesBetween(from: ReadonlySet<string>, to: ReadonlySet<string>, date: string): TrainRide[] {
    const midnight = localMidnight(date, RAIL_ZONE);
    const rides = new Map<number, TrainRide>();
    for (const station of from) {
      for (const [t, i] of this.calls.get(station) ?? []) {
        if (rides.has(t)) continue;
        const stops = this.stops[t] as string[];
        const j = stops.findIndex((s, k) => k > i && to.has(s));
        if (j < 0) continue;
        const dep = (this.departures[t] as number[])[i] as number;
        // The train's service day is the day it left its first station; a departure after midnight
        // belongs to the day before.
        const serviceStart = midnight - Math.floor(dep / 86_400) * 86_400_000;
        const km = ((this.kmAt[t] as number[])[j] as number) - ((this.kmAt[t] as number[])[i] as number);
        rides.set(t, {
          train: t,
          board: i,
          alight: j,
          departure: serviceStart + dep * 1000,
          arrival: serviceStart + ((this.arrivals[t] as number[])[j] as number) * 1000,
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
    const stops = this.stops[t] as string[];
    const at = stops.indexOf(from);
    if (at < 0) return undefined;
    const arrivals = this.arrivals[t] as number[];
    const departures = this.departures[t] as number[];
    const serviceStart = localMidnight(date, RAIL_ZONE) - Math.floor((departures[at] as number) / 86_400) * 86_400_000;
    return stops.map((code, i) => ({
      code,
      ...(i > 0 ? { arrival: serviceStart + (arrivals[i] as number) * 1000 } : {}),
      ...(i < stops.length - 1 ? { departure: serviceStart + (departures[i] as number) * 1000 } : {}),
    }));
  }

  /** The ride of a train between two of its stations on a day, when it calls at both in that order. */
  ride(number: string, from: string, to: string, date: string): TrainRide | undefined {
    return this.ridesBetween(new Set([from]), new Set([to]), date).find((r) => this.numbers[r.train] === number);
  }
}
