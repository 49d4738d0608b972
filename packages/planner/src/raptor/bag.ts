import { UNREACHABLE } from './ride-bounds';

/** A copy of `a` with room for at least `n` entries (doubling), or `a` itself when it already has room. */
export function ensureCapacity(a: Int32Array<ArrayBuffer>, n: number): Int32Array<ArrayBuffer> {
  if (n <= a.length) return a;
  const grown = new Int32Array(Math.max(n, a.length * 2));
  grown.set(a);
  return grown;
}

/**
 * One Pareto bag of (time, price, trips) labels per stop: no entry in a bag is beaten on all three by
 * another. A search that keeps labels of one number of trips only, or lets labels with more trips beat
 * those with fewer, leaves trips at 0 and the bags are Pareto over (time, price).
 * Bags are linked lists through one pool of typed arrays (`next[e]`, -1 ends a list); an entry beaten
 * by a new one is unlinked and its slot is not reused until `clear()`. `clear()` empties only the bags
 * that were touched, so a query costs what it reaches, not the size of the network.
 */
export class BagSet {
  private readonly head: Int32Array;
  time = new Int32Array(1024);
  price = new Int32Array(1024);
  /** The label each entry came from, for rebuilding the journey. */
  label = new Int32Array(1024);
  /** Rides taken to reach the entry. */
  trips = new Int32Array(1024);
  /**
   * The search an entry was made in (`insert`'s `search`), and, from entries it beat with the same price and
   * rides that an earlier search made, the earliest time they were ready: trips leaving from then on were
   * boarded from them already; `UNREACHABLE` (no limit) when no such entry was beaten.
   */
  search = new Int32Array(1024);
  boardedFrom = new Int32Array(1024);
  private next = new Int32Array(1024);
  private used = 0;
  /** Stops whose bag received an entry since the last `clear()`, each once. */
  readonly touched: Int32Array;
  touchedCount = 0;
  private readonly isTouched: Uint8Array;

  constructor(stopCount: number) {
    this.head = new Int32Array(stopCount).fill(-1);
    this.touched = new Int32Array(stopCount);
    this.isTouched = new Uint8Array(stopCount);
  }

  clear(): void {
    for (let i = 0; i < this.touchedCount; i++) {
      const s = this.touched[i] as number;
      this.head[s] = -1;
      this.isTouched[s] = 0;
    }
    this.touchedCount = 0;
    this.used = 0;
  }

  /** First entry of the bag at `stop`, or -1; walk on with `nextOf`. */
  first(stop: number): number {
    return this.head[stop] as number;
  }

  nextOf(entry: number): number {
    return this.next[entry] as number;
  }

  isEmpty(stop: number): boolean {
    return (this.head[stop] as number) < 0;
  }

  dominates(stop: number, time: number, price: number, trips = 0): boolean {
    const t = this.time;
    const p = this.price;
    const n = this.trips;
    for (let e = this.head[stop] as number; e >= 0; e = this.next[e] as number) {
      if ((t[e] as number) <= time && (p[e] as number) <= price && (n[e] as number) <= trips) return true;
    }
    return false;
  }

  /**
   * Adds the label unless an entry beats or equals it; unlinks the entries it beats. True when added.
   * `search` numbers the search of a range query (`-1`: none), for `boardedFrom`.
   */
  insert(stop: number, time: number, price: number, label: number, trips = 0, search = -1): boolean {
    if (this.dominates(stop, time, price, trips)) return false;
    const t = this.time;
    const p = this.price;
    const n = this.trips;
    const next = this.next;
    let boardedFrom = UNREACHABLE;
    let prev = -1;
    for (let e = this.head[stop] as number; e >= 0; e = next[e] as number) {
      if (time <= (t[e] as number) && price <= (p[e] as number) && trips <= (n[e] as number)) {
        if (prev < 0) this.head[stop] = next[e] as number;
        else next[prev] = next[e] as number;
        if (search >= 0 && price === p[e] && trips === n[e] && this.search[e] !== search) {
          const from = Math.min(t[e] as number, this.boardedFrom[e] as number);
          if (from < boardedFrom) boardedFrom = from;
        }
      } else prev = e;
    }
    const e = this.allocate();
    this.time[e] = time;
    this.price[e] = price;
    this.label[e] = label;
    this.trips[e] = trips;
    this.search[e] = search;
    this.boardedFrom[e] = boardedFrom;
    if (this.isTouched[stop] === 0) {
      this.isTouched[stop] = 1;
      this.touched[this.touchedCount++] = stop;
    }
    this.next[e] = this.head[stop] as number;
    this.head[stop] = e;
    return true;
  }

  /** Unlinks `entry` from the bag at `stop`; `prev` is the entry before it, or -1. */
  unlink(stop: number, prev: number, entry: number): void {
    if (prev < 0) this.head[stop] = this.next[entry] as number;
    else this.next[prev] = this.next[entry] as number;
  }

  private allocate(): number {
    const e = this.used++;
    if (e >= this.time.length) {
      this.time = ensureCapacity(this.time, e + 1);
      this.price = ensureCapacity(this.price, e + 1);
      this.label = ensureCapacity(this.label, e + 1);
      this.trips = ensureCapacity(this.trips, e + 1);
      this.search = ensureCapacity(this.search, e + 1);
      this.boardedFrom = ensureCapacity(this.boardedFrom, e + 1);
      this.next = ensureCapacity(this.next, e + 1);
    }
    return e;
  }
}
