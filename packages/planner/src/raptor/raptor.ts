import type { Timetable } from '../timetable/timetable';
import { Bag } from './bag';
import type { Leg, Outcome, Query } from './query';
import { paretoFilter } from './query';

/** What made a label: the access leg, a ride, or a ground transfer after a ride. */
const ACCESS = 0;
const RIDE = 1;
const TRANSFER = 2;

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
  /**
   * Best (arrival, price) of rides ending at s over every round so far. A later, dearer arrival with at
   * least as many trips leads only to journeys those beat, so it is not followed at all.
   */
  private readonly arrived: Bag[];
  private readonly routeMarkedFrom: Int32Array;
  private readonly egressSec: Int32Array;
  private readonly egressPrice: Int32Array;

  // Route bag: boarded trips as (trip, price before the ride minus the fare at the boarding stop),
  // with the label boarded from and the boarding position.
  /** Outcomes found so far: a label they beat can never lead to a better one (target pruning). */
  private found: (Outcome & { label: number })[] = [];

  private rbTrip: number[] = [];
  private rbKey: number[] = [];
  private rbLabel: number[] = [];
  private rbBoard: number[] = [];

  // Labels, for rebuilding journeys: kind, parent label, and what the step was.
  private lKind: number[] = [];
  private lParent: number[] = [];
  private lA: number[] = [];
  private lB: number[] = [];
  private lC: number[] = [];
  private lD: number[] = [];

  constructor(private readonly tt: Timetable) {
    this.best = Array.from({ length: tt.stopCount }, () => new Bag());
    this.arrived = Array.from({ length: tt.stopCount }, () => new Bag());
    this.routeMarkedFrom = new Int32Array(tt.routeCount);
    this.egressSec = new Int32Array(tt.stopCount).fill(-1);
    this.egressPrice = new Int32Array(tt.stopCount);
  }

  plan(q: Query): Outcome[] {
    this.reset(q);
    const found: (Outcome & { label: number })[] = [];
    this.found = found;
    const start = this.roundBags(0);
    for (const a of q.access) {
      if (!(a.stop >= 0 && a.stop < this.tt.stopCount)) continue;
      const ready = q.departAt + a.seconds;
      const label = this.newLabel(ACCESS, -1, a.stop, 0, 0, 0);
      if ((start[a.stop] as Bag).insert(ready, a.price, label))
        (this.best[a.stop] as Bag).insert(ready, a.price, label);
    }
    for (let k = 0; k <= q.maxTransfers; k++) {
      if (!this.markRoutes(k)) break;
      this.scanRoutes(k, found);
    }
    return paretoFilter(found).map(({ label, ...o }) => ({ ...o, legs: this.legsOf(label) }));
  }

  private newLabel(kind: number, parent: number, a: number, b: number, c: number, d: number): number {
    this.lKind.push(kind);
    this.lParent.push(parent);
    this.lA.push(a);
    this.lB.push(b);
    this.lC.push(c);
    this.lD.push(d);
    return this.lKind.length - 1;
  }

  /** The legs that led to a ride label, first to last. */
  private legsOf(label: number): Leg[] {
    const tt = this.tt;
    const legs: Leg[] = [];
    for (let l = label; l >= 0 && this.lKind[l] !== ACCESS; l = this.lParent[l] as number) {
      if (this.lKind[l] === RIDE) {
        const trip = this.lA[l] as number;
        const route = this.lB[l] as number;
        const board = this.lC[l] as number;
        const alight = this.lD[l] as number;
        const first = tt.routeStopStart[route] as number;
        const base = tt.tripTimeStart[trip] as number;
        legs.push({
          kind: 'ride',
          trip,
          route,
          boardStop: tt.routeStops[first + board] as number,
          alightStop: tt.routeStops[first + alight] as number,
          departure: tt.departure[base + board] as number,
          arrival: tt.arrival[base + alight] as number,
          price:
            (tt.routeBoardFee[route] as number) +
            (tt.routeFare[first + alight] as number) -
            (tt.routeFare[first + board] as number),
        });
      } else {
        const f = this.lA[l] as number;
        legs.push({
          kind: 'transfer',
          fromStop: this.lB[l] as number,
          toStop: tt.transferTo[f] as number,
          seconds: tt.transferSec[f] as number,
          price: tt.transferPrice[f] as number,
        });
      }
    }
    return legs.reverse();
  }

  private reset(q: Query): void {
    this.lKind.length = 0;
    this.lParent.length = 0;
    this.lA.length = 0;
    this.lB.length = 0;
    this.lC.length = 0;
    this.lD.length = 0;
    for (const bags of this.rounds) for (const bag of bags) bag.clear();
    for (const bag of this.best) bag.clear();
    for (const bag of this.arrived) bag.clear();
    this.egressSec.fill(-1);
    for (const e of q.egress) {
      if (!(e.stop >= 0 && e.stop < this.tt.stopCount)) continue;
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

  private scanRoutes(k: number, outcomes: (Outcome & { label: number })[]): void {
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
      this.rbLabel.length = 0;
      this.rbBoard.length = 0;
      for (let i = startPos; i < len; i++) {
        const s = tt.routeStops[first + i] as number;
        const fareHere = tt.routeFare[first + i] as number;
        // Alight every boarded trip here.
        for (let b = 0; b < this.rbTrip.length; b++) {
          const trip = this.rbTrip[b] as number;
          const arr = tt.arrival[(tt.tripTimeStart[trip] as number) + i] as number;
          const price = (this.rbKey[b] as number) + fee + fareHere;
          if (!(this.arrived[s] as Bag).insert(arr, price)) continue;
          const ride = this.newLabel(RIDE, this.rbLabel[b] as number, trip, r, this.rbBoard[b] as number, i);
          this.alight(s, arr, price, k, to, outcomes, ride);
        }
        // Board here with the labels that reached this stop in round k.
        const bag = from[s] as Bag;
        for (let l = 0; l < bag.size; l++) {
          const trip = this.earliestTrip(r, i, bag.time[l] as number);
          if (trip >= 0) this.addToRouteBag(trip, (bag.price[l] as number) - fareHere, bag.label[l] as number, i);
        }
      }
    }
  }

  private alight(
    s: number,
    arr: number,
    price: number,
    k: number,
    to: Bag[],
    outcomes: (Outcome & { label: number })[],
    ride: number,
  ): void {
    const tt = this.tt;
    const egress = this.egressSec[s] as number;
    if (egress >= 0) {
      outcomes.push({
        arrival: arr + egress,
        price: price + (this.egressPrice[s] as number),
        transfers: k,
        label: ride,
      });
    }
    this.reach(s, arr + (tt.stopChangeSec[s] as number), price, to, ride, k + 1);
    for (let f = tt.transferStart[s] as number; f < (tt.transferStart[s + 1] as number); f++) {
      const q = tt.transferTo[f] as number;
      const ready = arr + (tt.transferSec[f] as number);
      const cost = price + (tt.transferPrice[f] as number);
      if ((this.best[q] as Bag).dominates(ready, cost)) continue;
      this.reach(q, ready, cost, to, this.newLabel(TRANSFER, ride, f, s, 0, 0), k + 1);
    }
  }

  private reach(s: number, ready: number, price: number, to: Bag[], label: number, trips: number): void {
    // Any journey on from here arrives after `ready`, costs at least `price` and takes at least this
    // many trips: an outcome already as good on all three makes the label useless.
    const found = this.found;
    for (let i = 0; i < found.length; i++) {
      const o = found[i] as Outcome;
      if (o.arrival <= ready && o.price <= price && o.transfers < trips) return;
    }
    const best = this.best[s] as Bag;
    if (best.dominates(ready, price)) return;
    best.insert(ready, price, label);
    (to[s] as Bag).insert(ready, price, label);
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
  private addToRouteBag(trip: number, key: number, label: number, board: number): void {
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
        this.rbLabel[w] = this.rbLabel[b] as number;
        this.rbBoard[w] = this.rbBoard[b] as number;
        w++;
      }
    }
    this.rbTrip.length = w;
    this.rbKey.length = w;
    this.rbLabel.length = w;
    this.rbBoard.length = w;
    this.rbTrip.push(trip);
    this.rbKey.push(key);
    this.rbLabel.push(label);
    this.rbBoard.push(board);
  }
}
