import type { Timetable } from '../timetable/timetable';
import { BagSet, ensureCapacity } from './bag';
import { ACCESS, Labels, RIDE, TRANSFER } from './labels';
import { LowerBounds, UNREACHABLE } from './lower-bounds';
import { Extremes, Outcomes, type Targets } from './outcomes';
import type { Outcome, Query } from './query';

const DAY = 86_400;

/** The best journeys of one departure day of a flexible-date query (none when nothing runs that day). */
export type DayBest = { day: number; departAt: number; cheapest?: Outcome; earliest?: Outcome };

const criteriaOf = (o: { arrival: number; price: number; transfers: number }): Outcome => ({
  arrival: o.arrival,
  price: o.price,
  transfers: o.transfers,
});

/**
 * Multi-criteria RAPTOR over arrival time, price and number of transfers. Round k scans the routes
 * through the stops reached with k trips; each stop keeps a Pareto bag of (ready time, price) for the
 * round, and a bag over all rounds so far, since a label beaten by one with fewer trips can never lead
 * to an optimal journey.
 *
 * Target pruning: a label whose time and price, plus lower bounds on what the rest of the way needs
 * (`LowerBounds`), are already matched by a journey found with no more transfers is not followed.
 *
 * Everything is allocated once per timetable and reused: a query allocates only its answer.
 */
export class McRaptor {
  /** Labels of the round being scanned (k trips), and of the next one (k + 1 trips). */
  private from: BagSet;
  private to: BagSet;
  /** Best labels at s over every round so far. */
  private readonly best: BagSet;
  /**
   * Best (arrival, price) of rides ending at s over every round so far. A later, dearer arrival with at
   * least as many trips leads only to journeys those beat, so it is not followed at all.
   */
  private readonly arrived: BagSet;
  private readonly bounds: LowerBounds;
  private readonly pareto = new Outcomes();
  private readonly extremes = new Extremes();
  /** The journeys the current search keeps: the Pareto set, or the cheapest and earliest only. */
  private outcomes: Targets = this.pareto;

  /** Position on route r of the first stop reached in this round, or -1; routes marked listed once. */
  private readonly routeMarkedFrom: Int32Array;
  private readonly markedRoutes: Int32Array;
  private markedRouteCount = 0;

  /** Egress per stop (seconds, -1 for none; price), and the stops that have one. */
  private readonly egressSec: Int32Array;
  private readonly egressPrice: Int32Array;
  private readonly egressStops: Int32Array;
  private egressCount = 0;
  /** Latest departure of a first ride (Query.lastDeparture). */
  private lastBoarding = UNREACHABLE;
  /**
   * The last position on route r of a stop with egress, or -1; the routes that have one. The last round
   * only rides to the destination, so it scans only these routes, and each only that far.
   */
  private readonly routeLastEgress: Int32Array;
  private readonly egressRoutes: Int32Array;
  private egressRouteCount = 0;
  /**
   * True during a range query (`planRange`): labels of later departures stay, so `best` and `arrived`
   * keep them by their number of rides, and one with more rides beats none with fewer.
   */
  private range = false;
  /** True while scanning the last round allowed: nothing found then is followed further. */
  private lastRound = false;
  /**
   * Stops from which one ride reaches a stop with egress (1), and the list of them. Labels made in the
   * round before the last are kept only there: the last round boards nowhere else.
   */
  private readonly oneRide: Uint8Array;
  private readonly oneRideStops: Int32Array;
  /** Stops where a ride may end in the round before the last (`leadsOn`), worked out once per destination. */
  private readonly leads: Uint8Array;
  private oneRideCount = 0;
  private beforeLastRound = false;

  // Route bag: boarded trips as (trip, price before the ride minus the fare at the boarding stop),
  // with the label boarded from and the boarding position; Pareto over (trip order, key).
  private rbTrip = new Int32Array(64);
  private rbKey = new Int32Array(64);
  private rbLabel = new Int32Array(64);
  private rbBoard = new Int32Array(64);
  private rbCount = 0;

  private readonly labels: Labels;

  constructor(private readonly tt: Timetable) {
    this.from = new BagSet(tt.stopCount);
    this.to = new BagSet(tt.stopCount);
    this.best = new BagSet(tt.stopCount);
    this.arrived = new BagSet(tt.stopCount);
    this.bounds = new LowerBounds(tt);
    this.labels = new Labels(tt);
    this.routeMarkedFrom = new Int32Array(tt.routeCount).fill(-1);
    this.markedRoutes = new Int32Array(tt.routeCount);
    this.egressSec = new Int32Array(tt.stopCount).fill(-1);
    this.egressPrice = new Int32Array(tt.stopCount);
    this.egressStops = new Int32Array(tt.stopCount);
    this.routeLastEgress = new Int32Array(tt.routeCount).fill(-1);
    this.egressRoutes = new Int32Array(tt.routeCount);
    this.oneRide = new Uint8Array(tt.stopCount);
    this.leads = new Uint8Array(tt.stopCount);
    this.oneRideStops = new Int32Array(tt.stopCount);
  }

  plan(q: Query): Outcome[] {
    this.prepare(q);
    this.outcomes = this.pareto;
    this.range = false;
    this.search(q);
    return this.journeys();
  }

  /**
   * The answers of `plan` for each of several departure times to one destination (no departure window),
   * in the order of `departAts`: one range query (rRAPTOR) instead of one search each. The times are
   * searched from the latest back, and what a later departure reached stays: a journey leaving later is
   * there to take from an earlier start, so an earlier search follows only what improves on it. Each
   * answer has the same criteria as `plan`'s; of equal journeys it may give the one leaving later.
   */
  planRange(q: Omit<Query, 'departAt' | 'lastDeparture'>, departAts: readonly number[]): Outcome[][] {
    this.prepare(q);
    this.outcomes = this.pareto;
    this.range = true;
    this.lastBoarding = UNREACHABLE;
    this.reset();
    const answers: Outcome[][] = new Array(departAts.length);
    const order = departAts.map((_, i) => i).sort((a, b) => (departAts[b] as number) - (departAts[a] as number));
    for (const i of order) {
      this.from.clear();
      this.addAccess({ ...q, departAt: departAts[i] as number });
      this.rounds(q.maxTransfers);
      answers[i] = this.journeys();
    }
    return answers;
  }

  /** The journeys the search keeps, with their legs. */
  private journeys(): Outcome[] {
    return this.pareto.list().map(({ label, ...o }) => ({ ...o, legs: this.labels.legsOf(label) }));
  }

  /**
   * The cheapest and the earliest-arriving journey for each departure day from `days` before the
   * query's to `days` after: day d runs from `departAt + d·24 h` and its first ride leaves by
   * `lastDeparture + d·24 h` (by default the end of that 24 h). The same as `plan` for each day, keeping
   * the two ends of its Pareto set; each day's search prunes with those two alone, so the whole
   * calendar costs a few single-day queries. The timetable must cover the days asked.
   */
  planFlexible(q: Query, days: number): DayBest[] {
    this.prepare(q);
    this.outcomes = this.extremes;
    const last = q.lastDeparture ?? q.departAt + DAY - 1;
    const out: DayBest[] = [];
    for (let d = -days; d <= days; d++) {
      const departAt = q.departAt + d * DAY;
      this.search({ ...q, departAt, lastDeparture: last + d * DAY });
      const { cheapest, earliest } = this.extremes;
      const found = cheapest.label >= 0;
      out.push({
        day: d,
        departAt,
        ...(found
          ? {
              cheapest: { ...criteriaOf(cheapest), legs: this.labels.legsOf(cheapest.label) },
              earliest: { ...criteriaOf(earliest), legs: this.labels.legsOf(earliest.label) },
            }
          : {}),
      });
    }
    return out;
  }

  /** Egress per stop and the lower bounds to the destination: what every search to it shares. */
  /** The egress of the query that filled the egress arrays, bounds and route marks. */
  private lastEgress: Query['egress'] | undefined;

  private sameEgress(egress: Query['egress']): boolean {
    const last = this.lastEgress;
    if (!last || last.length !== egress.length) return false;
    for (let i = 0; i < egress.length; i++) {
      const a = last[i] as Query['egress'][number];
      const b = egress[i] as Query['egress'][number];
      if (a.stop !== b.stop || a.seconds !== b.seconds || a.price !== b.price) return false;
    }
    return true;
  }

  private prepare(q: Pick<Query, 'egress'>): void {
    // A search server asks for several departure times to one destination in a row: what depends on
    // the destination alone is kept from the query before when its egress is the same.
    if (this.sameEgress(q.egress)) return;
    this.lastEgress = q.egress.map((e) => ({ stop: e.stop, seconds: e.seconds, price: e.price }));
    for (let i = 0; i < this.egressCount; i++) this.egressSec[this.egressStops[i] as number] = -1;
    this.egressCount = 0;
    for (const e of q.egress) {
      if (!(e.stop >= 0 && e.stop < this.tt.stopCount)) continue;
      // Several egress options at one stop: keep the fastest; ties by price. Queries pass one per stop.
      const known = this.egressSec[e.stop] as number;
      if (known < 0) this.egressStops[this.egressCount++] = e.stop;
      if (known < 0 || e.seconds < known || (e.seconds === known && e.price < (this.egressPrice[e.stop] as number))) {
        this.egressSec[e.stop] = e.seconds;
        this.egressPrice[e.stop] = e.price;
      }
    }
    this.bounds.compute(this.egressSec, this.egressPrice, this.egressStops, this.egressCount);
    const tt = this.tt;
    for (let m = 0; m < this.egressRouteCount; m++) this.routeLastEgress[this.egressRoutes[m] as number] = -1;
    this.egressRouteCount = 0;
    for (let x = 0; x < this.egressCount; x++) {
      const s = this.egressStops[x] as number;
      for (let y = tt.stopRouteStart[s] as number; y < (tt.stopRouteStart[s + 1] as number); y++) {
        const r = tt.stopRoutes[y] as number;
        const pos = tt.stopRoutePosition[y] as number;
        const known = this.routeLastEgress[r] as number;
        if (known < 0) this.egressRoutes[this.egressRouteCount++] = r;
        if (pos > known) this.routeLastEgress[r] = pos;
      }
    }
    for (let x = 0; x < this.oneRideCount; x++) this.oneRide[this.oneRideStops[x] as number] = 0;
    this.leads.fill(0);
    this.oneRideCount = 0;
    for (let m = 0; m < this.egressRouteCount; m++) {
      const r = this.egressRoutes[m] as number;
      const first = tt.routeStopStart[r] as number;
      const last = this.routeLastEgress[r] as number;
      for (let i = 0; i < last; i++) {
        const s = tt.routeStops[first + i] as number;
        if (this.oneRide[s] === 0) {
          this.oneRide[s] = 1;
          this.oneRideStops[this.oneRideCount++] = s;
        }
      }
    }
    for (let s = 0; s < tt.stopCount; s++) if (this.leadsOn(s)) this.leads[s] = 1;
  }

  private search(q: Query): void {
    this.reset();
    this.lastBoarding = q.lastDeparture ?? UNREACHABLE;
    this.addAccess(q);
    this.rounds(q.maxTransfers);
  }

  private reset(): void {
    this.labels.clear();
    this.from.clear();
    this.to.clear();
    this.best.clear();
    this.arrived.clear();
    this.outcomes.clear();
  }

  /** The rounds of a search from the labels in `from`: round k rides the (k + 1)th trip. */
  private rounds(maxTransfers: number): void {
    for (let k = 0; k <= maxTransfers; k++) {
      this.lastRound = k === maxTransfers;
      this.beforeLastRound = k + 1 === maxTransfers;
      if (!this.markRoutes(k)) break;
      this.to.clear();
      this.scanRoutes(k);
      const scanned = this.from;
      this.from = this.to;
      this.to = scanned;
    }
  }

  private addAccess(q: Query): void {
    for (const a of q.access) {
      if (!(a.stop >= 0 && a.stop < this.tt.stopCount)) continue;
      if ((this.bounds.time[a.stop] as number) === UNREACHABLE) continue;
      const ready = q.departAt + a.seconds;
      const label = this.labels.add(ACCESS, -1, a.stop, 0, 0, 0);
      // Under a departure window a first ride may not be boardable from a label that a later ride could
      // use, so labels at the start then compete only with each other.
      if (this.from.insert(a.stop, ready, a.price, label) && q.lastDeparture === undefined)
        this.best.insert(a.stop, ready, a.price, label);
    }
  }

  /**
   * Marks each route through a stop reached in round k, from the first such stop on it. Labels that
   * journeys found since they were made now beat are dropped first.
   */
  private markRoutes(k: number): boolean {
    const tt = this.tt;
    const from = this.from;
    for (let m = 0; m < this.markedRouteCount; m++) this.routeMarkedFrom[this.markedRoutes[m] as number] = -1;
    this.markedRouteCount = 0;
    for (let x = 0; x < from.touchedCount; x++) {
      const s = from.touched[x] as number;
      let prev = -1;
      for (let e = from.first(s); e >= 0; e = from.nextOf(e)) {
        if (this.beaten(s, from.time[e] as number, from.price[e] as number, k)) from.unlink(s, prev, e);
        else prev = e;
      }
      if (from.isEmpty(s)) continue;
      for (let y = tt.stopRouteStart[s] as number; y < (tt.stopRouteStart[s + 1] as number); y++) {
        const r = tt.stopRoutes[y] as number;
        const pos = tt.stopRoutePosition[y] as number;
        if (this.lastRound && (this.routeLastEgress[r] as number) <= pos) continue;
        const marked = this.routeMarkedFrom[r] as number;
        if (marked < 0) this.markedRoutes[this.markedRouteCount++] = r;
        if (marked < 0 || pos < marked) this.routeMarkedFrom[r] = pos;
      }
    }
    return this.markedRouteCount > 0;
  }

  /**
   * True when a journey already found is at least as good as anything that can follow from stop s,
   * reached at `time` for `price`, with at least `transfers` changes to come.
   */
  private beaten(s: number, time: number, price: number, transfers: number): boolean {
    const lbTime = this.bounds.time[s] as number;
    if (lbTime === UNREACHABLE) return true;
    return this.outcomes.dominates(time + lbTime, price + (this.bounds.price[s] as number), transfers);
  }

  private scanRoutes(k: number): void {
    const tt = this.tt;
    const from = this.from;
    const routeStops = tt.routeStops;
    const routeFare = tt.routeFare;
    const arrival = tt.arrival;
    const departure = tt.departure;
    const fromTime = from.time;
    const fromPrice = from.price;
    const fromLabel = from.label;
    for (let m = 0; m < this.markedRouteCount; m++) {
      const r = this.markedRoutes[m] as number;
      const first = tt.routeStopStart[r] as number;
      const stride = (tt.routeStopStart[r + 1] as number) - first;
      // The trips of a route lie one after another: trip t's time at position i is at
      // `timeBase + (t - firstTrip) * stride + i`.
      const firstTrip = tt.routeTripStart[r] as number;
      const endTrip = tt.routeTripStart[r + 1] as number;
      const timeBase = (tt.tripTimeStart[firstTrip] as number) - firstTrip * stride;
      // In the last round a ride ends where the destination can be reached, at the last such stop at most.
      const len = this.lastRound ? (this.routeLastEgress[r] as number) + 1 : stride;
      const fee = tt.routeBoardFee[r] as number;
      this.rbCount = 0;
      for (let i = this.routeMarkedFrom[r] as number; i < len; i++) {
        const s = routeStops[first + i] as number;
        const fareHere = routeFare[first + i] as number;
        const alighting = this.lastRound
          ? (this.egressSec[s] as number) >= 0
          : !this.beforeLastRound || this.leads[s] === 1;
        for (let b = 0; alighting && b < this.rbCount; b++) {
          const arr = arrival[timeBase + (this.rbTrip[b] as number) * stride + i] as number;
          this.alight(s, arr, (this.rbKey[b] as number) + fee + fareHere, k, b, r, i);
        }
        if (i + 1 === len) break;
        for (let e = from.first(s); e >= 0; e = from.nextOf(e)) {
          // The first trip leaving position i at or after the label's time (trips are in time order).
          const ready = fromTime[e] as number;
          let lo = firstTrip;
          let hi = endTrip;
          while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if ((departure[timeBase + mid * stride + i] as number) < ready) lo = mid + 1;
            else hi = mid;
          }
          if (lo === endTrip) continue;
          if (k === 0 && (departure[timeBase + lo * stride + i] as number) > this.lastBoarding) continue;
          this.addToRouteBag(lo, (fromPrice[e] as number) - fareHere, fromLabel[e] as number, i);
        }
      }
    }
  }

  /** Leaves route bag entry b at position i (stop s): the destination, a change here, or a ground transfer on. */
  private alight(s: number, arr: number, price: number, k: number, b: number, r: number, i: number): void {
    if (this.beaten(s, arr, price, k)) return;
    if (!this.arrived.insert(s, arr, price, -1, this.bagRides(k + 1))) return;
    const tt = this.tt;
    const ride = this.labels.add(
      RIDE,
      this.rbLabel[b] as number,
      this.rbTrip[b] as number,
      r,
      this.rbBoard[b] as number,
      i,
    );
    const egress = this.egressSec[s] as number;
    if (egress >= 0) this.outcomes.add(arr + egress, price + (this.egressPrice[s] as number), k, ride);
    if (this.lastRound) return;
    const ready = arr + (tt.stopChangeSec[s] as number);
    if (this.useful(s, ready, price, k + 1)) this.keep(s, ready, price, ride, k + 1);
    for (let f = tt.transferStart[s] as number; f < (tt.transferStart[s + 1] as number); f++) {
      const q = tt.transferTo[f] as number;
      const at = arr + (tt.transferSec[f] as number);
      const cost = price + (tt.transferPrice[f] as number);
      if (this.useful(q, at, cost, k + 1)) this.keep(q, at, cost, this.labels.add(TRANSFER, ride, f, s, 0, 0), k + 1);
    }
  }

  /** True when a ride ending at s can still lead to the destination in the last round: egress, or one ride on from s or a stop a transfer reaches. */
  private leadsOn(s: number): boolean {
    if ((this.egressSec[s] as number) >= 0 || this.oneRide[s] === 1) return true;
    const tt = this.tt;
    for (let f = tt.transferStart[s] as number; f < (tt.transferStart[s + 1] as number); f++)
      if (this.oneRide[tt.transferTo[f] as number] === 1) return true;
    return false;
  }

  /** The rides a label is kept by in `best` and `arrived`: its own in a range query, else none (`range`). */
  private bagRides(rides: number): number {
    return this.range ? rides : 0;
  }

  /** True when a label at s that took `rides` trips may lead to a journey worth keeping. */
  private useful(s: number, ready: number, price: number, rides: number): boolean {
    if (this.beforeLastRound && this.oneRide[s] === 0) return false;
    return !this.best.dominates(s, ready, price, this.bagRides(rides)) && !this.beaten(s, ready, price, rides);
  }

  private keep(s: number, ready: number, price: number, label: number, rides: number): void {
    this.best.insert(s, ready, price, label, this.bagRides(rides));
    this.to.insert(s, ready, price, label);
  }

  /** Keeps the route bag Pareto over (trip order, key): an earlier trip with a lower key beats a later one. */
  private addToRouteBag(trip: number, key: number, label: number, board: number): void {
    const n = this.rbCount;
    for (let b = 0; b < n; b++) {
      if ((this.rbTrip[b] as number) <= trip && (this.rbKey[b] as number) <= key) return;
    }
    let w = 0;
    for (let b = 0; b < n; b++) {
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
    if (w >= this.rbTrip.length) {
      this.rbTrip = ensureCapacity(this.rbTrip, w + 1);
      this.rbKey = ensureCapacity(this.rbKey, w + 1);
      this.rbLabel = ensureCapacity(this.rbLabel, w + 1);
      this.rbBoard = ensureCapacity(this.rbBoard, w + 1);
    }
    this.rbTrip[w] = trip;
    this.rbKey[w] = key;
    this.rbLabel[w] = label;
    this.rbBoard[w] = board;
    this.rbCount = w + 1;
  }
}
