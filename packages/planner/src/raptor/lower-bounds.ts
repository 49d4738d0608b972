import type { BoundGraph, Timetable } from '../timetable/timetable';

export type { BoundGraph };

import { ensureCapacity } from './bag';

export const UNREACHABLE = 0x7fff_ffff;

/**
 * The static graph of the lower bounds: edges along the routes (the shortest run time over all trips,
 * the fare) and one per ground transfer, reversed. Built once per timetable.
 */
export function buildBoundGraph(tt: Timetable): BoundGraph {
  const n = tt.stopCount;
  const pairs = new Map<number, number>();
  const from: number[] = [];
  const to: number[] = [];
  const sec: number[] = [];
  const price: number[] = [];
  const add = (u: number, v: number, s: number, p: number): void => {
    const key = u * n + v;
    const known = pairs.get(key);
    if (known === undefined) {
      pairs.set(key, from.length);
      from.push(u);
      to.push(v);
      sec.push(s);
      price.push(p);
    } else {
      sec[known] = Math.min(sec[known] as number, s);
      price[known] = Math.min(price[known] as number, p);
    }
  };
  for (let r = 0; r < tt.routeCount; r++) {
    const first = tt.routeStopStart[r] as number;
    const len = (tt.routeStopStart[r + 1] as number) - first;
    const fee = Math.max(0, tt.routeBoardFee[r] as number);
    let faresRise = true;
    for (let i = 1; i < len; i++)
      if ((tt.routeFare[first + i] as number) < (tt.routeFare[first + i - 1] as number)) faresRise = false;
    // Without a boarding fee, steps between consecutive stops add up to any ride; with one, each
    // ride is an edge of its own so that the fee counts once (such routes are mostly nonstop flights).
    for (let i = 0; i + 1 < len; i++) {
      const last = fee > 0 ? len - 1 : i + 1;
      for (let j = i + 1; j <= last; j++) {
        let fastest = UNREACHABLE;
        for (let t = tt.routeTripStart[r] as number; t < (tt.routeTripStart[r + 1] as number); t++) {
          const base = tt.tripTimeStart[t] as number;
          fastest = Math.min(fastest, (tt.arrival[base + j] as number) - (tt.departure[base + i] as number));
        }
        const fare = faresRise ? (tt.routeFare[first + j] as number) - (tt.routeFare[first + i] as number) : 0;
        add(tt.routeStops[first + i] as number, tt.routeStops[first + j] as number, Math.max(0, fastest), fee + fare);
      }
    }
  }
  for (let s = 0; s < n; s++) {
    for (let f = tt.transferStart[s] as number; f < (tt.transferStart[s + 1] as number); f++) {
      add(s, tt.transferTo[f] as number, tt.transferSec[f] as number, Math.max(0, tt.transferPrice[f] as number));
    }
  }
  const edgeStart = new Int32Array(n + 1);
  for (const v of to) (edgeStart[v + 1] as number)++;
  for (let v = 0; v < n; v++) edgeStart[v + 1] = (edgeStart[v + 1] as number) + (edgeStart[v] as number);
  const fill = edgeStart.slice(0, n);
  const edgeFrom = new Int32Array(from.length);
  const edgeSec = new Int32Array(from.length);
  const edgePrice = new Int32Array(from.length);
  for (let e = 0; e < from.length; e++) {
    const slot = (fill[to[e] as number] as number)++;
    edgeFrom[slot] = from[e] as number;
    edgeSec[slot] = sec[e] as number;
    edgePrice[slot] = price[e] as number;
  }
  return { edgeStart, edgeFrom, edgeSec, edgePrice };
}

/**
 * Lower bounds on the time and the price still needed from each stop to the destination, from two
 * Dijkstra searches backwards from the egress stops over a static graph: edges along the routes (the
 * shortest run time over all trips, the fare) and one per ground transfer. Waiting and connection
 * times are left out, so a bound never exceeds what a real journey costs. This holds while ride, transfer and egress prices are not negative and times do
 * not run backwards, which every timetable here satisfies; a route whose fares fall along the way gets
 * a fare step of 0.
 */
export class LowerBounds {
  /** Reverse edges: those ending at v are `edgeFrom[edgeStart[v] .. edgeStart[v + 1]]`. */
  private readonly edgeStart: Int32Array;
  private readonly edgeFrom: Int32Array;
  private readonly edgeSec: Int32Array;
  private readonly edgePrice: Int32Array;
  /** Seconds and price from each stop to the destination at least; UNREACHABLE when there is no way. */
  readonly time: Int32Array;
  readonly price: Int32Array;
  private heapNode = new Int32Array(1024);
  private heapKey = new Int32Array(1024);
  private heapSize = 0;

  constructor(tt: Timetable) {
    const n = tt.stopCount;
    const graph = tt.boundGraph ?? buildBoundGraph(tt);
    this.edgeStart = graph.edgeStart;
    this.edgeFrom = graph.edgeFrom;
    this.edgeSec = graph.edgeSec;
    this.edgePrice = graph.edgePrice;
    this.time = new Int32Array(n);
    this.price = new Int32Array(n);
  }

  /** Fills `time` and `price` for the egress stops given (seconds and price of each; negative seconds: no egress). */
  compute(egressSec: Int32Array, egressPrice: Int32Array, egressStops: Int32Array, egressCount: number): void {
    this.search(this.time, this.edgeSec, egressSec, egressStops, egressCount);
    this.search(this.price, this.edgePrice, egressPrice, egressStops, egressCount);
  }

  private search(dist: Int32Array, weight: Int32Array, start: Int32Array, stops: Int32Array, count: number): void {
    dist.fill(UNREACHABLE);
    this.heapSize = 0;
    for (let i = 0; i < count; i++) {
      const s = stops[i] as number;
      const d = Math.max(0, start[s] as number);
      if (d < (dist[s] as number)) {
        dist[s] = d;
        this.push(s, d);
      }
    }
    const edgeStart = this.edgeStart;
    const edgeFrom = this.edgeFrom;
    while (this.heapSize > 0) {
      const v = this.heapNode[0] as number;
      const d = this.heapKey[0] as number;
      this.pop();
      if (d > (dist[v] as number)) continue;
      for (let e = edgeStart[v] as number; e < (edgeStart[v + 1] as number); e++) {
        const u = edgeFrom[e] as number;
        const du = d + (weight[e] as number);
        if (du < (dist[u] as number)) {
          dist[u] = du;
          this.push(u, du);
        }
      }
    }
  }

  private push(node: number, key: number): void {
    if (this.heapSize >= this.heapNode.length) {
      this.heapNode = ensureCapacity(this.heapNode, this.heapSize + 1);
      this.heapKey = ensureCapacity(this.heapKey, this.heapSize + 1);
    }
    const hn = this.heapNode;
    const hk = this.heapKey;
    let i = this.heapSize++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((hk[parent] as number) <= key) break;
      hn[i] = hn[parent] as number;
      hk[i] = hk[parent] as number;
      i = parent;
    }
    hn[i] = node;
    hk[i] = key;
  }

  private pop(): void {
    const hn = this.heapNode;
    const hk = this.heapKey;
    const size = --this.heapSize;
    const node = hn[size] as number;
    const key = hk[size] as number;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && (hk[child + 1] as number) < (hk[child] as number)) child++;
      if ((hk[child] as number) >= key) break;
      hn[i] = hn[child] as number;
      hk[i] = hk[child] as number;
      i = child;
    }
    hn[i] = node;
    hk[i] = key;
  }
}
