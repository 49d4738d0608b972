import type { Timetable } from '../timetable/timetable';

/** No way to the destination: a bound no label can take. */
export const UNREACHABLE = 0x7fff_ffff;

/**
 * The least time each ride between two positions of a route can take, as a running sum along the route:
 * a ride from position i to j takes at least `runs[j] − runs[i]` seconds on any of its trips. Each step
 * is the quickest of the route's trips between the two stops, so the sum never exceeds a real ride (a
 * negative stop time, which no feed has, is counted against it). Worked out once per timetable.
 */
export function routeRunTimes(tt: Timetable): Int32Array {
  const runs = new Int32Array(tt.routeStopStart[tt.routeCount] as number);
  for (let r = 0; r < tt.routeCount; r++) {
    const first = tt.routeStopStart[r] as number;
    const len = (tt.routeStopStart[r + 1] as number) - first;
    const firstTrip = tt.routeTripStart[r] as number;
    const endTrip = tt.routeTripStart[r + 1] as number;
    for (let i = 0; i + 1 < len; i++) {
      let run = UNREACHABLE;
      let dwell = 0;
      for (let t = firstTrip; t < endTrip; t++) {
        const base = tt.tripTimeStart[t] as number;
        run = Math.min(run, (tt.arrival[base + i + 1] as number) - (tt.departure[base + i] as number));
        dwell = Math.min(dwell, (tt.departure[base + i + 1] as number) - (tt.arrival[base + i + 1] as number));
      }
      runs[first + i + 1] = (runs[first + i] as number) + run + dwell;
    }
  }
  return runs;
}

/** A lower bound on the rest of a journey, in two parts by the changes it takes (`RideBounds`). */
export type Bound = { time: Int32Array; price: Int32Array };

const bound = (n: number): Bound => ({ time: new Int32Array(n), price: new Int32Array(n) });

/**
 * Lower bounds on the time and the price still needed to reach the destination with a limited number of
 * rides, for target pruning (`McRaptor`). A search with at most n transfers takes at most n + 1 rides, so a
 * label that has taken k of them can take only n + 1 − k more: the bounds count exactly those, along the
 * routes (the quickest run of each step, the fare of each ride with its boarding fee), with the minimum
 * connection time at a stop where one ride follows another and the ground transfers between stops.
 * Waiting for a trip is left out, so a bound never exceeds what a real journey takes or costs. The fewer
 * rides left, the higher the bounds: after the second of three rides, only a stop with a ride straight to
 * the destination has one at all.
 *
 * Each bound comes in two parts: going straight to the destination on the next ride (`direct`), and
 * changing at least once more (`onward`), so that the second is compared with journeys of one change more.
 * Per destination and ride limit this is one pass over the route stops per ride; the bounds of a ride
 * from each route position are kept too, so a label is only put on a route that can still lead somewhere.
 */
export class RideBounds {
  /** From a stop, ready to board: the next ride to the destination, and (by rides left) rides with a change. */
  readonly direct: Bound;
  private readonly onward: Bound[] = [];
  /** Just off a ride at a stop, by rides left: changing there or after a ground transfer (the egress is the query's). */
  private readonly onwardOff: Bound[] = [];
  /** The same two from a route position (an index into `routeStops`), boarding there. */
  readonly routeDirect: Bound;
  private readonly routeOnward: Bound[] = [];
  /** By rides left, the last position of each route where a ride can end usefully, or -1. */
  private readonly lastAlighting: Int32Array[] = [];
  /** The rides the bounds were worked out for. */
  rides = 0;
  /**
   * The routes a pass works on: those calling at a stop where a ride can end (`reached`), each from the last
   * such position (`reachedFrom`, -1 for a route not listed).
   */
  private readonly reached: Int32Array;
  private reachedCount = 0;
  private readonly reachedFrom: Int32Array;

  /**
   * `everyRoute: true` works on every route at every pass, as if a ride could end anywhere (the same bounds;
   * for tests).
   */
  constructor(
    private tt: Timetable,
    private runs: Int32Array,
    private readonly options: { everyRoute?: boolean } = {},
  ) {
    this.direct = bound(tt.stopCount);
    this.routeDirect = bound(runs.length);
    this.reached = new Int32Array(tt.routeCount);
    this.reachedFrom = new Int32Array(tt.routeCount).fill(-1);
  }

  /** Bounds on `tt` of the same shape from now on (`McRaptor.use`), worked out again at the next `compute`. */
  use(tt: Timetable, runs: Int32Array): void {
    this.tt = tt;
    this.runs = runs;
    this.rides = 0;
  }

  /** Bounds to the egress given (seconds, -1 for none, and price by stop) with up to `rides` rides. */
  compute(egressSec: Int32Array, egressPrice: Int32Array, rides: number): void {
    const n = this.tt.stopCount;
    while (this.onward.length <= rides) {
      this.onward.push(bound(n));
      this.onwardOff.push(bound(n));
      this.routeOnward.push(bound(this.runs.length));
      this.lastAlighting.push(new Int32Array(this.tt.routeCount));
    }
    // With one ride left there is no change to come.
    const none = this.onwardOff[0] as Bound;
    none.time.fill(UNREACHABLE);
    for (let m = 1; m <= rides; m++) {
      this.ride(m, egressSec, egressPrice);
      if (m < rides) this.off(m);
    }
    this.rides = rides;
  }

  /** The bounds of boarding with m rides left, from those just off a ride with m − 1 left. */
  private ride(m: number, egressSec: Int32Array, egressPrice: Int32Array): void {
    const last = (this.lastAlighting[m] as Int32Array).fill(-1);
    const onward = this.onward[m] as Bound;
    const route = this.routeOnward[m] as Bound;
    onward.time.fill(UNREACHABLE);
    onward.price.fill(UNREACHABLE);
    route.time.fill(UNREACHABLE);
    // The last ride has no change after it, and the direct bounds, which do not depend on the rides left,
    // are those of a last ride.
    if (m === 1) this.lastRide(egressSec, egressPrice, last);
    else this.rideWithChange(this.onwardOff[m - 1] as Bound, egressSec, onward, route, last);
  }

  /**
   * The direct bounds: a ride straight to the destination, on the routes calling at an egress stop, each
   * walked back from the last one on it.
   */
  private lastRide(egressSec: Int32Array, egressPrice: Int32Array, last: Int32Array): void {
    const tt = this.tt;
    const runs = this.runs;
    const routeStops = tt.routeStops;
    const routeFare = tt.routeFare;
    const time = this.direct.time;
    const price = this.direct.price;
    const routeTime = this.routeDirect.time;
    const routePrice = this.routeDirect.price;
    time.fill(UNREACHABLE);
    price.fill(UNREACHABLE);
    routeTime.fill(UNREACHABLE);
    this.reach(egressSec);
    for (let x = 0; x < this.reachedCount; x++) {
      const r = this.reached[x] as number;
      const first = tt.routeStopStart[r] as number;
      const fee = tt.routeBoardFee[r] as number;
      const from = this.reachedFrom[r] as number;
      this.reachedFrom[r] = -1;
      // The best of alighting at a later position j: runs[j] + egress(j), fare[j] + egress(j).
      let offTime = UNREACHABLE;
      let offPrice = UNREACHABLE;
      for (let p = first + from; p >= first; p--) {
        const s = routeStops[p] as number;
        const run = runs[p] as number;
        const fare = routeFare[p] as number;
        if (offTime !== UNREACHABLE) {
          const t = offTime - run;
          const c = offPrice - fare + fee;
          routeTime[p] = t;
          routePrice[p] = c;
          if (t < (time[s] as number)) time[s] = t;
          if (c < (price[s] as number)) price[s] = c;
        }
        const egress = egressSec[s] as number;
        if (egress >= 0) {
          // The last position where the ride can end.
          if (offTime === UNREACHABLE) last[r] = p - first;
          offTime = Math.min(offTime, run + egress);
          offPrice = Math.min(offPrice, fare + (egressPrice[s] as number));
        }
      }
    }
  }

  /** The bounds of a ride followed by a change (`after`: just off it), on every route, walked back from its end. */
  private rideWithChange(after: Bound, egressSec: Int32Array, onward: Bound, route: Bound, last: Int32Array): void {
    const tt = this.tt;
    const runs = this.runs;
    const routeStops = tt.routeStops;
    const routeFare = tt.routeFare;
    const routeStopStart = tt.routeStopStart;
    const afterTime = after.time;
    const afterPrice = after.price;
    const time = onward.time;
    const price = onward.price;
    const routeTime = route.time;
    const routePrice = route.price;
    for (let r = 0; r < tt.routeCount; r++) {
      const first = routeStopStart[r] as number;
      const fee = tt.routeBoardFee[r] as number;
      // The best of alighting at a later position j and changing: runs[j] + bound(j), fare[j] + bound(j).
      let onTime = UNREACHABLE;
      let onPrice = UNREACHABLE;
      let lastEnd = -1;
      for (let p = (routeStopStart[r + 1] as number) - 1; p >= first; p--) {
        const s = routeStops[p] as number;
        const run = runs[p] as number;
        const fare = routeFare[p] as number;
        if (onTime !== UNREACHABLE) {
          const t = onTime - run;
          const c = onPrice - fare + fee;
          routeTime[p] = t;
          routePrice[p] = c;
          if (t < (time[s] as number)) time[s] = t;
          if (c < (price[s] as number)) price[s] = c;
        }
        const change = afterTime[s] as number;
        // The last position where a ride can end: the destination, or a change.
        if (lastEnd < 0 && ((egressSec[s] as number) >= 0 || change !== UNREACHABLE)) lastEnd = p - first;
        if (change !== UNREACHABLE) {
          onTime = Math.min(onTime, run + change);
          onPrice = Math.min(onPrice, fare + (afterPrice[s] as number));
        }
      }
      last[r] = lastEnd;
    }
  }

  /**
   * Lists the routes calling at an egress stop, each with the last such position on it; every route under
   * `everyRoute`, from its end.
   */
  private reach(egressSec: Int32Array): void {
    const tt = this.tt;
    const from = this.reachedFrom;
    this.reachedCount = 0;
    if (this.options.everyRoute) {
      for (let r = 0; r < tt.routeCount; r++) {
        this.reached[this.reachedCount++] = r;
        from[r] = (tt.routeStopStart[r + 1] as number) - (tt.routeStopStart[r] as number) - 1;
      }
      return;
    }
    for (let s = 0; s < tt.stopCount; s++) {
      if ((egressSec[s] as number) < 0) continue;
      for (let y = tt.stopRouteStart[s] as number; y < (tt.stopRouteStart[s + 1] as number); y++) {
        const r = tt.stopRoutes[y] as number;
        const pos = tt.stopRoutePosition[y] as number;
        const known = from[r] as number;
        if (known < 0) this.reached[this.reachedCount++] = r;
        if (pos > known) from[r] = pos;
      }
    }
  }

  /** The bounds just off a ride with m rides left: change here, or take a ground transfer and change. */
  private off(m: number): void {
    const tt = this.tt;
    const direct = this.direct;
    const onward = this.onward[m] as Bound;
    const off = this.onwardOff[m] as Bound;
    // Boarding with m rides left: straight to the destination or with more changes, whichever needs less.
    const time = (s: number) => Math.min(direct.time[s] as number, onward.time[s] as number);
    const price = (s: number) => Math.min(direct.price[s] as number, onward.price[s] as number);
    for (let s = 0; s < tt.stopCount; s++) {
      let t = UNREACHABLE;
      let c = UNREACHABLE;
      if (time(s) !== UNREACHABLE) {
        t = time(s) + (tt.stopChangeSec[s] as number);
        c = price(s);
      }
      for (let f = tt.transferStart[s] as number; f < (tt.transferStart[s + 1] as number); f++) {
        const q = tt.transferTo[f] as number;
        if (time(q) === UNREACHABLE) continue;
        t = Math.min(t, time(q) + (tt.transferSec[f] as number));
        c = Math.min(c, price(q) + (tt.transferPrice[f] as number));
      }
      off.time[s] = t;
      off.price[s] = c;
    }
  }

  /** From a stop, ready to board with m rides left, changing at least once more. */
  onwardFrom(m: number): Bound {
    return this.onward[m] as Bound;
  }

  /** Just off a ride at a stop with m rides left, changing there or after a ground transfer. */
  onwardOffAt(m: number): Bound {
    return this.onwardOff[m] as Bound;
  }

  /** From a route position, boarding there with m rides left (that ride one of them), changing at least once more. */
  routeOnwardFrom(m: number): Bound {
    return this.routeOnward[m] as Bound;
  }

  /** The last position of each route where a ride that is one of m can end usefully (-1: none), by route. */
  lastAlightings(m: number): Int32Array {
    return this.lastAlighting[m] as Int32Array;
  }
}
