import { type Timetable, tripOf } from '../timetable/timetable';
import { ensureCapacity } from './bag';
import type { Leg } from './query';

/** What made a label: the access leg, a ride, or a ground transfer after a ride. */
export const ACCESS = 0;
export const RIDE = 1;
export const TRANSFER = 2;

/**
 * Every label a search makes, for rebuilding journeys: kind, parent label, and what the step was
 * (ride: trip, route, board position, alight position; transfer: transfer index, from stop).
 */
export class Labels {
  private kind = new Int32Array(4096);
  private parent = new Int32Array(4096);
  private a = new Int32Array(4096);
  private b = new Int32Array(4096);
  private c = new Int32Array(4096);
  private d = new Int32Array(4096);
  private count = 0;

  constructor(private tt: Timetable) {}

  /** Rebuilds legs on `tt` from now on (`McRaptor.use`). */
  use(tt: Timetable): void {
    this.tt = tt;
  }

  clear(): void {
    this.count = 0;
  }

  add(kind: number, parent: number, a: number, b: number, c: number, d: number): number {
    const l = this.count++;
    if (l >= this.kind.length) {
      this.kind = ensureCapacity(this.kind, l + 1);
      this.parent = ensureCapacity(this.parent, l + 1);
      this.a = ensureCapacity(this.a, l + 1);
      this.b = ensureCapacity(this.b, l + 1);
      this.c = ensureCapacity(this.c, l + 1);
      this.d = ensureCapacity(this.d, l + 1);
    }
    this.kind[l] = kind;
    this.parent[l] = parent;
    this.a[l] = a;
    this.b[l] = b;
    this.c[l] = c;
    this.d[l] = d;
    return l;
  }

  /** The legs that led to a ride label, first to last. */
  legsOf(label: number): Leg[] {
    const tt = this.tt;
    const legs: Leg[] = [];
    for (let l = label; l >= 0 && this.kind[l] !== ACCESS; l = this.parent[l] as number) {
      if (this.kind[l] === RIDE) {
        const trip = this.a[l] as number;
        const route = this.b[l] as number;
        const board = this.c[l] as number;
        const alight = this.d[l] as number;
        const first = tt.routeStopStart[route] as number;
        const { pattern, dayStart } = tripOf(tt, route, trip);
        const base = tt.tripTimeStart[pattern] as number;
        legs.push({
          kind: 'ride',
          trip,
          route,
          boardStop: tt.routeStops[first + board] as number,
          alightStop: tt.routeStops[first + alight] as number,
          departure: dayStart + (tt.departure[base + board] as number),
          arrival: dayStart + (tt.arrival[base + alight] as number),
          price:
            (tt.routeBoardFee[route] as number) +
            (tt.routeFare[first + alight] as number) -
            (tt.routeFare[first + board] as number),
        });
      } else {
        const f = this.a[l] as number;
        legs.push({
          kind: 'transfer',
          fromStop: this.b[l] as number,
          toStop: tt.transferTo[f] as number,
          seconds: tt.transferSec[f] as number,
          price: tt.transferPrice[f] as number,
        });
      }
    }
    return legs.reverse();
  }
}
