import { DAY_SECONDS, type Timetable } from '../timetable/timetable';
import { BagSet, ensureCapacity } from './bag';
import { ACCESS, Labels, RIDE, TRANSFER } from './labels';
import { MarkedRoutes } from './marked-routes';
import { Extremes, Outcomes, type Targets } from './outcomes';
import type { Outcome, Query } from './query';
import { RideBounds, routeRunTimes, UNREACHABLE } from './ride-bounds';
import { RouteBag } from './route-bag';
import { type StopDepartures, stopDeparturesOf } from './stop-departures';

const DAY = 86_400;

/** The best journeys of one departure day of a flexible-date query (none when nothing runs that day). */
export type DayBest = { day: number; departAt: number; cheapest?: Outcome; earliest?: Outcome };

/**
 * What an engine's scratch space is sized by: the stops, the routes and the route positions. Timetables of
 * one shape can share an engine (`McRaptor.use`).
 */
export const shapeOf = (tt: Timetable): string =>
  `${tt.stopCount}/${tt.routeCount}/${tt.routeStopStart[tt.routeCount] as number}`;

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
 * Target pruning: a label whose time and price, plus lower bounds on what the rest of the way needs with
 * the rides it has left (`RideBounds`), are already matched by a journey found with no more transfers is
 * not followed, and a label is put on a route only when the trip it boards can still lead, with what the
 * route and the rides after it need, to a journey worth keeping.
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
  private readonly bounds: RideBounds;
  private readonly pareto = new Outcomes();
  private readonly extremes = new Extremes();
  /** The journeys the current search keeps: the Pareto set, or the cheapest and earliest only. */
  private outcomes: Targets = this.pareto;
  /** The routes the round scans. */
  private readonly marked: MarkedRoutes;

  /** Egress per stop (seconds, -1 for none; price), and the stops that have one. */
  private readonly egressSec: Int32Array;
  private readonly egressPrice: Int32Array;
  private readonly egressStops: Int32Array;
  private egressCount = 0;
  /** The query's closed stops (`Query.closed`; 1 = closed), none when it has none. */
  private closed: Uint8Array;
  private readonly noneClosed: Uint8Array;
  /** Latest departure of a first ride (Query.lastDeparture). */
  private lastBoarding = UNREACHABLE;
  /** Rides a journey may take: the query's transfers + 1. */
  private rides = 1;
  /**
   * True during a range query (`planRange`): labels of later departures stay, so `best` and `arrived`
   * keep them by their number of rides, and one with more rides beats none with fewer.
   */
  private range = false;
  /** The search of a range query under way, one number a departure time (`BagSet.insert`'s `search`). */
  private searchNo = 0;
  /** After the first ride, the longest wait for the next (`Query.maxWait`); UNREACHABLE for none. */
  private maxWait = UNREACHABLE;
  /** The timetable's departures by time of day, when a wait limit marks routes by them. */
  private departures?: StopDepartures;
  private readonly windowRanges = new Int32Array(4);
  /**
   * Per entry of `from` (its place in the bag pool), the time from which a trip it would board is no use:
   * past the wait limit, or boarded already from another label at the stop that is ready by then, no
   * dearer and with no more rides (`boardUntil`).
   */
  private until = new Int32Array(1024);

  /** The trips boarded on the route being scanned. */
  private readonly bag = new RouteBag();

  private readonly labels: Labels;

  /**
   * `departureIndex: false` marks every route through a stop reached under a wait limit too, as without
   * one (the same journeys, more routes scanned).
   */
  constructor(
    private tt: Timetable,
    private readonly options: { departureIndex?: boolean } = {},
  ) {
    this.from = new BagSet(tt.stopCount);
    this.to = new BagSet(tt.stopCount);
    this.best = new BagSet(tt.stopCount);
    this.arrived = new BagSet(tt.stopCount);
    this.bounds = new RideBounds(tt, tt.routeRuns ?? routeRunTimes(tt));
    this.labels = new Labels(tt);
    this.marked = new MarkedRoutes(tt.routeCount);
    this.egressSec = new Int32Array(tt.stopCount).fill(-1);
    this.egressPrice = new Int32Array(tt.stopCount);
    this.egressStops = new Int32Array(tt.stopCount);
    this.noneClosed = new Uint8Array(0);
    this.closed = this.noneClosed;
  }

  /**
   * Plans on `tt` from now on, keeping this engine's scratch space (bags, labels, bounds: about 12 MB on a
   * week of the door-to-door network): a thread plans on several timetables of one shape (the weeks of one
   * network) with one engine instead of one each. `tt` must have this engine's shape (`shapeOf`).
   */
  use(tt: Timetable): this {
    if (tt === this.tt) return this;
    if (shapeOf(tt) !== shapeOf(this.tt))
      throw new Error(`a timetable of shape ${shapeOf(tt)} on an engine of ${shapeOf(this.tt)}`);
    this.tt = tt;
    this.bounds.use(tt, tt.routeRuns ?? routeRunTimes(tt));
    this.labels.use(tt);
    this.departures = undefined;
    // The bounds are the other timetable's: worked out again at the next query.
    this.lastEgress = undefined;
    return this;
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
      this.searchNo++;
      this.from.clear();
      this.addAccess({ ...q, departAt: departAts[i] as number });
      this.rounds();
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

  /** The egress and the number of rides of the query that filled the egress arrays and the bounds. */
  private lastEgress: Query['egress'] | undefined;

  private sameEgress(egress: Query['egress'], rides: number): boolean {
    const last = this.lastEgress;
    if (!last || last.length !== egress.length || rides !== this.bounds.rides) return false;
    for (let i = 0; i < egress.length; i++) {
      const a = last[i] as Query['egress'][number];
      const b = egress[i] as Query['egress'][number];
      if (a.stop !== b.stop || a.seconds !== b.seconds || a.price !== b.price) return false;
    }
    return true;
  }

  /** Egress per stop and the bounds to the destination with the query's rides: what every search to it shares. */
  private prepare(q: Pick<Query, 'egress' | 'maxTransfers' | 'closed' | 'maxWait'>): void {
    this.rides = Math.max(1, q.maxTransfers + 1);
    this.closed = q.closed ?? this.noneClosed;
    this.maxWait = q.maxWait ?? UNREACHABLE;
    if (q.maxWait !== undefined && this.options.departureIndex !== false && !this.departures)
      this.departures = stopDeparturesOf(this.tt);
    // A search server asks for several departure times to one destination in a row: what depends on
    // the destination alone is kept from the query before when its egress is the same.
    if (this.sameEgress(q.egress, this.rides)) return;
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
    this.bounds.compute(this.egressSec, this.egressPrice, this.rides);
  }

  private search(q: Query): void {
    this.reset();
    this.lastBoarding = q.lastDeparture ?? UNREACHABLE;
    this.addAccess(q);
    this.rounds();
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
  private rounds(): void {
    for (let k = 0; k < this.rides; k++) {
      if (!this.markRoutes(k)) break;
      this.to.clear();
      this.scanRoutes(k);
      this.marked.clear();
      const scanned = this.from;
      this.from = this.to;
      this.to = scanned;
    }
  }

  private addAccess(q: Query): void {
    const direct = this.bounds.direct.time;
    const onward = this.bounds.onwardFrom(this.rides).time;
    for (const a of q.access) {
      if (!(a.stop >= 0 && a.stop < this.tt.stopCount) || this.closed[a.stop] === 1) continue;
      if ((direct[a.stop] as number) === UNREACHABLE && (onward[a.stop] as number) === UNREACHABLE) continue;
      const ready = q.departAt + a.seconds;
      const label = this.labels.add(ACCESS, -1, a.stop, 0, 0, 0);
      // Under a departure window a first ride may not be boardable from a label that a later ride could
      // use, so labels at the start then compete only with each other.
      if (this.from.insert(a.stop, ready, a.price, label) && q.lastDeparture === undefined)
        this.best.insert(a.stop, ready, a.price, label, 0, this.searchNo);
    }
  }

  /**
   * Marks each route through a stop reached in round k from the first such stop on it, if a ride on it
   * from there can still end where the rides left lead on. Labels that journeys found since they were
   * made now beat are dropped first.
   */
  private markRoutes(k: number): boolean {
    const tt = this.tt;
    const from = this.from;
    const left = this.rides - k;
    const lastAlighting = this.bounds.lastAlightings(left);
    this.until = ensureCapacity(this.until, from.time.length);
    const until = this.until;
    for (let x = 0; x < from.touchedCount; x++) {
      const s = from.touched[x] as number;
      let prev = -1;
      let earliest = UNREACHABLE;
      let latest = -1;
      for (let e = from.first(s); e >= 0; e = from.nextOf(e)) {
        const time = from.time[e] as number;
        const price = from.price[e] as number;
        if (this.beaten(left, s, time, price, k)) {
          from.unlink(s, prev, e);
          continue;
        }
        prev = e;
        const u = this.boardUntil(s, time, price, from.label[e] as number, k);
        until[e] = u;
        if (u <= time) continue;
        if (time < earliest) earliest = time;
        if (u > latest) latest = u;
      }
      if (latest < 0) continue;
      // The routes that leave here while a label may board them, when that time has an end: under a wait
      // limit after the first ride, and in a range query's earlier departure times.
      if (latest !== UNREACHABLE && this.departures) {
        this.markLeaving(s, earliest, latest, lastAlighting);
        continue;
      }
      for (let y = tt.stopRouteStart[s] as number; y < (tt.stopRouteStart[s + 1] as number); y++) {
        const r = tt.stopRoutes[y] as number;
        const pos = tt.stopRoutePosition[y] as number;
        if ((lastAlighting[r] as number) > pos) this.marked.mark(r, pos);
      }
    }
    return this.marked.sort() > 0;
  }

  /**
   * The time from which a label at s (ready at `time` for `price` after `rides` rides) boards nothing of use:
   * a trip leaving past the wait limit after the first ride; and in a range query, a trip that another label
   * kept at s, ready by the trip's departure, no dearer and with no more rides, boards too, or that a later
   * departure time's label this one beat at the same price and rides boarded already (`boardedFrom`): the
   * ride from that one is at least as good, so this label's would add nothing. Most of an earlier time's
   * labels reach a stop sooner than the later time's at the same fare, and board only the trips in between.
   */
  private boardUntil(s: number, time: number, price: number, label: number, rides: number): number {
    let u = rides > 0 && this.maxWait !== UNREACHABLE ? time + this.maxWait + 1 : UNREACHABLE;
    if (!this.range) return u;
    const best = this.best;
    for (let e = best.first(s); e >= 0; e = best.nextOf(e)) {
      if ((best.price[e] as number) > price || (best.trips[e] as number) > rides) continue;
      const t = (best.label[e] as number) === label ? (best.boardedFrom[e] as number) : (best.time[e] as number);
      if (t < u) u = t;
    }
    return u;
  }

  /**
   * Marks the routes that leave stop s from `earliest` to before `until` (and a few more: `StopDepartures`),
   * each from its position at s, if a ride on it can still end where the rides left lead on.
   */
  private markLeaving(s: number, earliest: number, until: number, lastAlighting: Int32Array): void {
    const departures = this.departures as StopDepartures;
    const w = this.windowRanges;
    departures.window(s, earliest, until - 1, w);
    const tt = this.tt;
    const entry = departures.entry;
    for (let part = 0; part < 4; part += 2) {
      for (let x = w[part] as number; x < (w[part + 1] as number); x++) {
        const y = entry[x] as number;
        const r = tt.stopRoutes[y] as number;
        const pos = tt.stopRoutePosition[y] as number;
        if ((lastAlighting[r] as number) > pos) this.marked.mark(r, pos);
      }
    }
  }

  /**
   * True when a journey already found is at least as good as anything that can follow from stop s,
   * reached at `time` for `price` and ready to board with `left` rides left, after `rides` rides: the
   * next ride straight to the destination, or more changes.
   */
  private beaten(left: number, s: number, time: number, price: number, rides: number): boolean {
    return (
      this.covered(this.bounds.direct, s, time, price, rides) &&
      this.covered(this.bounds.onwardFrom(left), s, time, price, rides + 1)
    );
  }

  /** True when every journey the bound at i allows from `time` and `price`, with `transfers` changes or more, is beaten. */
  private covered(
    bound: { time: Int32Array; price: Int32Array },
    i: number,
    time: number,
    price: number,
    transfers: number,
  ) {
    const lbTime = bound.time[i] as number;
    return (
      lbTime === UNREACHABLE || this.outcomes.dominates(time + lbTime, price + (bound.price[i] as number), transfers)
    );
  }

  private scanRoutes(k: number): void {
    const tt = this.tt;
    const from = this.from;
    const routeStops = tt.routeStops;
    const routeFare = tt.routeFare;
    const arrival = tt.arrival;
    const departure = tt.departure;
    const routeDays = tt.routeDays;
    const fromTime = from.time;
    const fromPrice = from.price;
    const fromLabel = from.label;
    const left = this.rides - k;
    // Where a ride of this round may end (the egress, or a change with the rides after it), and what a
    // ride boarded at a route position needs at least.
    const changeOff = this.bounds.onwardOffAt(left - 1).time;
    const egressSec = this.egressSec;
    const closed = this.closed;
    const routeDirect = this.bounds.routeDirect;
    const routeOnward = this.bounds.routeOnwardFrom(left);
    const lastAlighting = this.bounds.lastAlightings(left);
    const until = this.until;
    const routes = this.marked.list;
    for (let m = 0; m < this.marked.count; m++) {
      const r = routes[m] as number;
      const first = tt.routeStopStart[r] as number;
      const stride = (tt.routeStopStart[r + 1] as number) - first;
      // A route runs one day's pattern trips on each of its days: pattern trip p's time at position i is
      // at `rowBase + p * stride + i` from the start of the day.
      const firstPattern = tt.routeTripStart[r] as number;
      const patterns = (tt.routeTripStart[r + 1] as number) - firstPattern;
      const rowBase = tt.tripTimeStart[firstPattern] as number;
      const firstDay = tt.routeDayStart[r] as number;
      const endDay = tt.routeDayStart[r + 1] as number;
      const tripBase = tt.routeTripBase[r] as number;
      // A ride ends where the rides left can lead on, at the last such stop at most.
      const len = (lastAlighting[r] as number) + 1;
      const fee = tt.routeBoardFee[r] as number;
      const bag = this.bag;
      bag.clear();
      for (let i = this.marked.fromOf(r); i < len; i++) {
        const s = routeStops[first + i] as number;
        const fareHere = routeFare[first + i] as number;
        if (((egressSec[s] as number) >= 0 || (changeOff[s] as number) !== UNREACHABLE) && closed[s] !== 1) {
          for (let b = 0; b < bag.count; b++) {
            const arr = (bag.dayStart[b] as number) + (arrival[(bag.row[b] as number) + i] as number);
            this.alight(s, arr, (bag.key[b] as number) + fee + fareHere, k, b, r, i);
          }
        }
        if (i + 1 === len) break;
        const at = first + i;
        if ((routeDirect.time[at] as number) === UNREACHABLE && (routeOnward.time[at] as number) === UNREACHABLE)
          continue;
        for (let e = from.first(s); e >= 0; e = from.nextOf(e)) {
          // The first trip leaving position i at or after the label's time (trips are in time order). The
          // bounds are asked once, at the trip's departure: a label they turn away at its own time they turn
          // away at any later one, and finding the trip (two short binary searches) costs less than asking
          // them twice.
          const ready = fromTime[e] as number;
          const boardUntil = until[e] as number;
          if (boardUntil <= ready) continue;
          const price = fromPrice[e] as number;
          // Its day: the first on which the route's last trip of the day leaves position i by then.
          const lastLeaves = departure[rowBase + (patterns - 1) * stride + i] as number;
          let lo = firstDay;
          let hi = endDay;
          while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if ((routeDays[mid] as number) * DAY_SECONDS + lastLeaves < ready) lo = mid + 1;
            else hi = mid;
          }
          if (lo === endDay) continue;
          const dayStart = (routeDays[lo] as number) * DAY_SECONDS;
          // Then the first of that day's trips leaving by then (the last one does).
          let p = 0;
          let q = patterns - 1;
          while (p < q) {
            const mid = (p + q) >>> 1;
            if (dayStart + (departure[rowBase + mid * stride + i] as number) < ready) p = mid + 1;
            else q = mid;
          }
          const row = rowBase + p * stride;
          const leaves = dayStart + (departure[row + i] as number);
          if (k === 0 && leaves > this.lastBoarding) continue;
          // After the first ride nobody waits longer than the limit (a later start takes that trip instead),
          // and a trip another label here boards too is not boarded again (`boardUntil`).
          if (leaves >= boardUntil) continue;
          // Nothing this trip leads to can beat what was found: it is not boarded.
          if (this.covered(routeDirect, at, leaves, price, k) && this.covered(routeOnward, at, leaves, price, k + 1))
            continue;
          const trip = tripBase + (lo - firstDay) * patterns + p;
          bag.add(trip, price - fareHere, fromLabel[e] as number, i, dayStart, row);
        }
      }
    }
  }

  /** Leaves route bag entry b at position i (stop s): the destination, a change here, or a ground transfer on. */
  private alight(s: number, arr: number, price: number, k: number, b: number, r: number, i: number): void {
    const left = this.rides - k - 1;
    const egress = this.egressSec[s] as number;
    const arriving = egress >= 0 && !this.outcomes.dominates(arr + egress, price + (this.egressPrice[s] as number), k);
    if (!arriving && this.covered(this.bounds.onwardOffAt(left), s, arr, price, k + 1)) return;
    if (!this.arrived.insert(s, arr, price, -1, this.bagRides(k + 1))) return;
    const tt = this.tt;
    const bag = this.bag;
    const ride = this.labels.add(RIDE, bag.label[b] as number, bag.trip[b] as number, r, bag.board[b] as number, i);
    if (arriving) this.outcomes.add(arr + egress, price + (this.egressPrice[s] as number), k, ride);
    if (left === 0) return;
    const ready = arr + (tt.stopChangeSec[s] as number);
    if (this.useful(left, s, ready, price, k + 1)) this.keep(s, ready, price, ride, k + 1);
    for (let f = tt.transferStart[s] as number; f < (tt.transferStart[s + 1] as number); f++) {
      const q = tt.transferTo[f] as number;
      if (this.closed[q] === 1) continue;
      const at = arr + (tt.transferSec[f] as number);
      const cost = price + (tt.transferPrice[f] as number);
      if (this.useful(left, q, at, cost, k + 1))
        this.keep(q, at, cost, this.labels.add(TRANSFER, ride, f, s, 0, 0), k + 1);
    }
  }

  /** The rides a label is kept by in `best` and `arrived`: its own in a range query, else none (`range`). */
  private bagRides(rides: number): number {
    return this.range ? rides : 0;
  }

  /** True when a label at s that took `rides` trips, with `left` to go, may lead to a journey worth keeping. */
  private useful(left: number, s: number, ready: number, price: number, rides: number): boolean {
    return !this.best.dominates(s, ready, price, this.bagRides(rides)) && !this.beaten(left, s, ready, price, rides);
  }

  private keep(s: number, ready: number, price: number, label: number, rides: number): void {
    this.best.insert(s, ready, price, label, this.bagRides(rides), this.searchNo);
    this.to.insert(s, ready, price, label);
  }
}
