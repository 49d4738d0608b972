import type { Timetable } from '../timetable/timetable';
import { Bag } from './bag';
import { type Outcome, paretoFilter, type Query } from './query';

/**
 * Multi-criteria RAPTOR over arrival time, price and number of transfers. Round k scans the routes
 * through the stops reached with k − 1 trips; each stop keeps a Pareto bag of (ready time, price) per
 * round, and a bag over all rounds so far, since a label beaten by one with fewer trips can never lead
 * to an optimal journey.
 */
export class McRaptor {
  /** rounds[k][s]: labels at s after exactly k trips, ready to board the next. */
  private readonly rounds: Bag[][] = [];
  /** Best labels at s over every round so far. */
  private readonly best: Bag[];
  private readonly routeMarkedFrom: Int32Array;
  private readonly egressSec: Int32Array;
  private readonly egressPrice: Int32Array;

  // Route bag: boarded trips as (trip, price before the ride minus the fare at the boarding stop).
  private rbTrip: number[] = [];
  private rbKey: number[] = [];

  constructor(private readonly tt: Timetable) {
    this.best = Array.from({ length: tt.stopCount }, () => new Bag());
    this.routeMarkedFrom = new Int32Array(tt.routeCount);
    this.egressSec = new Int32Array(tt.stopCount).fill(-1);
    this.egressPrice = new Int32Array(tt.stopCount);
  }

  plan(q: Query): Outcome[] {
    this.reset(q);
    const outcomes: Outcome[] = [];
    const start = this.roundBags(0);
    for (const a of q.access) {
      const ready = q.departAt + a.seconds;
      if ((start[a.stop] as Bag).insert(ready, a.price)) (this.best[a.stop] as Bag).insert(ready, a.price);
    }
    for (let k = 0; k <= q.maxTransfers; k++) {
      if (!this.markRoutes(k)) break;
      this.scanRoutes(k, outcomes);
    }
    return paretoFilter(outcomes);
  }

  private reset(q: Query): void {
    for (const bags of this.rounds) for (const bag of bags) bag.clear();
    for (const bag of this.best) bag.clear();
    this.egressSec.fill(-1);
    for (const e of q.egress) {
      // Several egress options at one stop: keep the fastest; ties by price. Queries pass one per stop.
      const known = this.egressSec[e.stop] as number;
      if (known < 0 || e.seconds < known || (e.seconds === known && e.price < (this.egressPrice[e.stop] as number))) {
        this.egressSec[e.stop] = e.seconds;
        this.egressPrice[e.stop] = e.price;
      }
    }
  }

  private roundBags(k: number): Bag[] {
    while (this.rounds.length <= k) this.rounds.push(Array.from({ length: this.tt.stopCount }, () => new Bag()));
    return this.rounds[k] as Bag[];
  }

  /** Marks each route through a stop reached in round k, from the first such stop on it. */
  private markRoutes(k: number): boolean {
    const tt = this.tt;
    const bags = this.roundBags(k);
    this.routeMarkedFrom.fill(-1);
    let any = false;
    for (let s = 0; s < tt.stopCount; s++) {
      if ((bags[s] as Bag).size === 0) continue;
      for (let x = tt.stopRouteStart[s] as number; x < (tt.stopRouteStart[s + 1] as number); x++) {
        const r = tt.stopRoutes[x] as number;
        const pos = tt.stopRoutePosition[x] as number;
        const from = this.routeMarkedFrom[r] as number;
        if (from < 0 || pos < from) this.routeMarkedFrom[r] = pos;
        any = true;
      }
    }
    return any;
  }

  private scanRoutes(k: number, outcomes: Outcome[]): void {
    const tt = this.tt;
    const from = this.roundBags(k);
    const to = this.roundBags(k + 1);
    for (let r = 0; r < tt.routeCount; r++) {
      const startPos = this.routeMarkedFrom[r] as number;
      if (startPos < 0) continue;
      const first = tt.routeStopStart[r] as number;
      const len = (tt.routeStopStart[r + 1] as number) - first;
      const fee = tt.routeBoardFee[r] as number;
      this.rbTrip.length = 0;
      this.rbKey.length = 0;
      for (let i = startPos; i < len; i++) {
        const s = tt.routeStops[first + i] as number;
        const fareHere = tt.routeFare[first + i] as number;
        // Alight every boarded trip here.
        for (let b = 0; b < this.rbTrip.length; b++) {
          const arr = tt.arrival[(tt.tripTimeStart[this.rbTrip[b] as number] as number) + i] as number;
          const price = (this.rbKey[b] as number) + fee + fareHere;
          this.alight(s, arr, price, k, to, outcomes);
        }
        // Board here with the labels that reached this stop in round k.
        const bag = from[s] as Bag;
        for (let l = 0; l < bag.size; l++) {
          const trip = this.earliestTrip(r, i, bag.time[l] as number);
          if (trip >= 0) this.addToRouteBag(trip, (bag.price[l] as number) - fareHere);
        }
      }
    }
  }

  private alight(s: number, arr: number, price: number, k: number, to: Bag[], outcomes: Outcome[]): void {
    const tt = this.tt;
    const egress = this.egressSec[s] as number;
    if (egress >= 0)
      outcomes.push({ arrival: arr + egress, price: price + (this.egressPrice[s] as number), transfers: k });
    this.reach(s, arr + (tt.stopChangeSec[s] as number), price, to);
    for (let f = tt.transferStart[s] as number; f < (tt.transferStart[s + 1] as number); f++) {
      this.reach(
        tt.transferTo[f] as number,
        arr + (tt.transferSec[f] as number),
        price + (tt.transferPrice[f] as number),
        to,
      );
    }
  }

  private reach(s: number, ready: number, price: number, to: Bag[]): void {
    const best = this.best[s] as Bag;
    if (best.dominates(ready, price)) return;
    best.insert(ready, price);
    (to[s] as Bag).insert(ready, price);
  }

  /** The first trip of route r leaving position i at or after `ready`, or -1 (binary search: trips are in time order). */
  private earliestTrip(r: number, i: number, ready: number): number {
    const tt = this.tt;
    let lo = tt.routeTripStart[r] as number;
    let hi = tt.routeTripStart[r + 1] as number;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((tt.departure[(tt.tripTimeStart[mid] as number) + i] as number) < ready) lo = mid + 1;
      else hi = mid;
    }
    return lo < (tt.routeTripStart[r + 1] as number) ? lo : -1;
  }

  /** Keeps the route bag Pareto over (trip order, key): an earlier trip with a lower key beats a later one. */
  private addToRouteBag(trip: number, key: number): void {
    for (let b = 0; b < this.rbTrip.length; b++) {
      if ((this.rbTrip[b] as number) <= trip && (this.rbKey[b] as number) <= key) return;
    }
    let w = 0;
    for (let b = 0; b < this.rbTrip.length; b++) {
      const t = this.rbTrip[b] as number;
      const kk = this.rbKey[b] as number;
      if (!(trip <= t && key <= kk)) {
        this.rbTrip[w] = t;
        this.rbKey[w] = kk;
        w++;
      }
    }
    this.rbTrip.length = w;
    this.rbKey.length = w;
    this.rbTrip.push(trip);
    this.rbKey.push(key);
  }
}
