import type { Timetable } from '../timetable/timetable';

const DAY_SEC = 86_400;
const DAY_MIN = 1440;

/**
 * For each stop, the minutes of the day its routes leave it at, each with the route's entry at the stop
 * (an index into `stopRoutes`), in time order: a search with a wait limit (`Query.maxWait`) marks only the
 * routes that leave a stop within the limit of when its labels are ready there, instead of every route
 * through the stop. Days are not told apart (a route that leaves at 08:10 on any day is listed at 08:10),
 * and a route's departures from a stop less than `THIN_MIN` minutes after one listed are not listed: a
 * window asked is widened by that much, so the routes it gives are always at least those that leave in it.
 * A stop has fewer than 65,536 route entries.
 */
export class StopDepartures {
  static readonly THIN_MIN = 30;
  private readonly start: Int32Array;
  readonly minute: Uint16Array;
  readonly entry: Int32Array;

  constructor(tt: Timetable) {
    const stops = tt.stopCount;
    const start = new Int32Array(stops + 1);
    // Per stop, each listed departure as its minute and its route entry's place among the stop's, packed
    // in one number (minute · 65,536 + place) so that a stop's list sorts as numbers.
    let packed = new Int32Array(1 << 16);
    let count = 0;
    for (let s = 0; s < stops; s++) {
      start[s] = count;
      const firstEntry = tt.stopRouteStart[s] as number;
      if ((tt.stopRouteStart[s + 1] as number) - firstEntry > 65_536)
        throw new Error(`stop ${s} has more than 65,536 route entries`);
      for (let y = firstEntry; y < (tt.stopRouteStart[s + 1] as number); y++) {
        const r = tt.stopRoutes[y] as number;
        const pos = tt.stopRoutePosition[y] as number;
        const first = tt.routeStopStart[r] as number;
        const stride = (tt.routeStopStart[r + 1] as number) - first;
        // Nothing boards at a route's last stop.
        if (pos + 1 >= stride) continue;
        const firstPattern = tt.routeTripStart[r] as number;
        const patterns = (tt.routeTripStart[r + 1] as number) - firstPattern;
        const rowBase = tt.tripTimeStart[firstPattern] as number;
        // A route's trips leave each of its stops in time order.
        let listed = Number.NEGATIVE_INFINITY;
        for (let p = 0; p < patterns; p++) {
          const sec = tt.departure[rowBase + p * stride + pos] as number;
          if (sec - listed < StopDepartures.THIN_MIN * 60) continue;
          listed = sec;
          const minute = Math.floor((((sec % DAY_SEC) + DAY_SEC) % DAY_SEC) / 60);
          if (count === packed.length) {
            const grown = new Int32Array(packed.length * 2);
            grown.set(packed);
            packed = grown;
          }
          packed[count++] = minute * 65_536 + (y - firstEntry);
        }
      }
      packed.subarray(start[s] as number, count).sort();
    }
    start[stops] = count;
    this.start = start;
    this.minute = new Uint16Array(count);
    this.entry = new Int32Array(count);
    for (let s = 0; s < stops; s++) {
      const firstEntry = tt.stopRouteStart[s] as number;
      for (let x = start[s] as number; x < (start[s + 1] as number); x++) {
        const v = packed[x] as number;
        this.minute[x] = v >>> 16;
        this.entry[x] = firstEntry + (v & 0xffff);
      }
    }
  }

  /**
   * The departures from stop s between `from` and `to` (seconds, `to - from` under a day, times of day
   * taken modulo a day), as up to two ranges of indices into `entry`: written to `out` as
   * [lo0, hi0, lo1, hi1] (an empty range has lo = hi). The whole list when the window is a day or more.
   */
  window(s: number, from: number, to: number, out: Int32Array): void {
    const lo = this.start[s] as number;
    const hi = this.start[s + 1] as number;
    out[2] = lo;
    out[3] = lo;
    if (to - from + StopDepartures.THIN_MIN * 60 + 60 >= DAY_SEC) {
      out[0] = lo;
      out[1] = hi;
      return;
    }
    const fromSec = ((from % DAY_SEC) + DAY_SEC) % DAY_SEC;
    let a = Math.floor(fromSec / 60) - StopDepartures.THIN_MIN;
    let b = Math.floor((fromSec + (to - from)) / 60);
    if (a < 0) {
      // Late yesterday, then from midnight.
      out[0] = this.firstFrom(lo, hi, a + DAY_MIN);
      out[1] = hi;
      out[2] = lo;
      out[3] = this.firstFrom(lo, hi, b + 1);
      return;
    }
    if (b >= DAY_MIN) {
      out[0] = this.firstFrom(lo, hi, a);
      out[1] = hi;
      out[2] = lo;
      out[3] = this.firstFrom(lo, hi, b - DAY_MIN + 1);
      return;
    }
    a = this.firstFrom(lo, hi, a);
    b = this.firstFrom(a, hi, b + 1);
    out[0] = a;
    out[1] = b;
  }

  /** The first index in [lo, hi) listed at minute `m` or later. */
  private firstFrom(lo: number, hi: number, m: number): number {
    const minute = this.minute;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((minute[mid] as number) < m) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const kept = new WeakMap<Timetable, StopDepartures>();

/** The departures of `tt`, worked out once per timetable. */
export function stopDeparturesOf(tt: Timetable): StopDepartures {
  let d = kept.get(tt);
  if (!d) {
    d = new StopDepartures(tt);
    kept.set(tt, d);
  }
  return d;
}
