import type { Outcome } from './query';

/**
 * The journeys found so far, kept Pareto over (arrival, price, transfers): one that another beats or
 * equals is not kept, so the first of equal journeys stays.
 */
/** The journeys a search keeps, and the test for labels that can no longer lead to one worth keeping. */
export interface Targets {
  clear(): void;
  dominates(arrival: number, price: number, transfers: number): boolean;
  add(arrival: number, price: number, transfers: number, label: number): void;
}

export class Outcomes implements Targets {
  /**
   * The journeys by number of transfers: for each, a staircase by arrival, earliest first, each dearer
   * than the one after it (`dominates` then asks each number of transfers with one binary search).
   */
  private readonly arrival: number[][] = [];
  private readonly price: number[][] = [];
  private readonly label: number[][] = [];
  /** Numbers of transfers with a journey kept: the staircases below this one may be empty. */
  private classes = 0;

  clear(): void {
    this.mergedStale = true;
    for (let t = 0; t < this.classes; t++) {
      (this.arrival[t] as number[]).length = 0;
      (this.price[t] as number[]).length = 0;
      (this.label[t] as number[]).length = 0;
    }
    this.classes = 0;
  }

  /**
   * For each k, the journeys with at most k transfers as one staircase (arrival ascending, each dearer
   * than the one after it), so that `dominates` asks one staircase: merged again after a journey is added.
   */
  private mergedArrival: Int32Array[] = [];
  private mergedPrice: Int32Array[] = [];
  private mergedCount: number[] = [];
  private mergedStale = true;

  private merge(): void {
    this.mergedStale = false;
    let total = 0;
    for (let k = 0; k < this.classes; k++) {
      total += (this.arrival[k] as number[]).length;
      if (this.mergedArrival.length <= k) {
        this.mergedArrival.push(new Int32Array(64));
        this.mergedPrice.push(new Int32Array(64));
        this.mergedCount.push(0);
      }
      if ((this.mergedArrival[k] as Int32Array).length < total) {
        this.mergedArrival[k] = new Int32Array(total * 2);
        this.mergedPrice[k] = new Int32Array(total * 2);
      }
      // Staircase k: staircase k − 1 and the journeys with k transfers, by arrival, each kept if cheaper
      // than every journey arriving no later.
      const a = this.arrival[k] as number[];
      const p = this.price[k] as number[];
      const prevA = k > 0 ? (this.mergedArrival[k - 1] as Int32Array) : undefined;
      const prevP = k > 0 ? (this.mergedPrice[k - 1] as Int32Array) : undefined;
      const prevCount = k > 0 ? (this.mergedCount[k - 1] as number) : 0;
      const outA = this.mergedArrival[k] as Int32Array;
      const outP = this.mergedPrice[k] as Int32Array;
      let n = 0;
      let i = 0;
      let j = 0;
      while (i < prevCount || j < a.length) {
        const fromPrev =
          j >= a.length ||
          (i < prevCount &&
            ((prevA as Int32Array)[i] as number) <= (a[j] as number) &&
            (((prevA as Int32Array)[i] as number) < (a[j] as number) ||
              ((prevP as Int32Array)[i] as number) <= (p[j] as number)));
        const arrival = fromPrev ? ((prevA as Int32Array)[i++] as number) : (a[j] as number);
        const price = fromPrev ? ((prevP as Int32Array)[i - 1] as number) : (p[j++] as number);
        if (n > 0 && (outP[n - 1] as number) <= price) continue;
        // An equal arrival that is cheaper replaces the one before it.
        if (n > 0 && (outA[n - 1] as number) === arrival) n--;
        outA[n] = arrival;
        outP[n] = price;
        n++;
      }
      this.mergedCount[k] = n;
    }
  }

  /** True when a journey found arrives by `arrival`, costs at most `price` and changes at most `transfers` times. */
  dominates(arrival: number, price: number, transfers: number): boolean {
    if (this.classes === 0) return false;
    if (this.mergedStale) this.merge();
    const k = Math.min(transfers, this.classes - 1);
    const a = this.mergedArrival[k] as Int32Array;
    let lo = 0;
    let hi = this.mergedCount[k] as number;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((a[mid] as number) <= arrival) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && ((this.mergedPrice[k] as Int32Array)[lo - 1] as number) <= price;
  }

  add(arrival: number, price: number, transfers: number, label: number): void {
    if (this.dominates(arrival, price, transfers)) return;
    this.mergedStale = true;
    while (this.classes <= transfers) {
      if (this.arrival.length === this.classes) {
        this.arrival.push([]);
        this.price.push([]);
        this.label.push([]);
      }
      this.classes++;
    }
    // Journeys with as many transfers or more that the new one beats go.
    for (let t = transfers; t < this.classes; t++) {
      const a = this.arrival[t] as number[];
      const p = this.price[t] as number[];
      const l = this.label[t] as number[];
      let w = 0;
      for (let i = 0; i < a.length; i++) {
        if (arrival <= (a[i] as number) && price <= (p[i] as number)) continue;
        a[w] = a[i] as number;
        p[w] = p[i] as number;
        l[w] = l[i] as number;
        w++;
      }
      a.length = w;
      p.length = w;
      l.length = w;
    }
    const a = this.arrival[transfers] as number[];
    let at = 0;
    while (at < a.length && (a[at] as number) < arrival) at++;
    a.splice(at, 0, arrival);
    (this.price[transfers] as number[]).splice(at, 0, price);
    (this.label[transfers] as number[]).splice(at, 0, label);
  }

  /** The journeys by arrival, then price, then transfers, with the label each ended with. */
  list(): (Outcome & { label: number })[] {
    const out: (Outcome & { label: number })[] = [];
    for (let t = 0; t < this.classes; t++) {
      const a = this.arrival[t] as number[];
      for (let i = 0; i < a.length; i++) {
        out.push({
          arrival: a[i] as number,
          price: (this.price[t] as number[])[i] as number,
          transfers: t,
          label: (this.label[t] as number[])[i] as number,
        });
      }
    }
    return out.sort((a, b) => a.arrival - b.arrival || a.price - b.price || a.transfers - b.transfers);
  }
}

/** True when (a1, b1, c1) comes before or equals (a2, b2, c2), comparing a first, then b, then c. */
function lexLessOrEqual(a1: number, b1: number, c1: number, a2: number, b2: number, c2: number): boolean {
  return a1 < a2 || (a1 === a2 && (b1 < b2 || (b1 === b2 && c1 <= c2)));
}

/**
 * Only the cheapest journey (by price, then arrival, then transfers) and the earliest (by arrival,
 * then price, then transfers), for a price calendar. A label is beaten when neither can improve on
 * what it leads to: pruning is far stronger than for the whole Pareto set.
 */
export class Extremes implements Targets {
  cheapest = { arrival: 0, price: 0, transfers: 0, label: -1 };
  earliest = { arrival: 0, price: 0, transfers: 0, label: -1 };

  clear(): void {
    this.cheapest.label = -1;
    this.earliest.label = -1;
  }

  /** True when no journey arriving at or after `arrival`, costing at least `price`, with at least `transfers` changes improves either. */
  dominates(arrival: number, price: number, transfers: number): boolean {
    const c = this.cheapest;
    const e = this.earliest;
    return (
      c.label >= 0 &&
      lexLessOrEqual(c.price, c.arrival, c.transfers, price, arrival, transfers) &&
      lexLessOrEqual(e.arrival, e.price, e.transfers, arrival, price, transfers)
    );
  }

  add(arrival: number, price: number, transfers: number, label: number): void {
    const c = this.cheapest;
    if (c.label < 0 || !lexLessOrEqual(c.price, c.arrival, c.transfers, price, arrival, transfers))
      keep(c, arrival, price, transfers, label);
    const e = this.earliest;
    if (e.label < 0 || !lexLessOrEqual(e.arrival, e.price, e.transfers, arrival, price, transfers))
      keep(e, arrival, price, transfers, label);
  }
}

type Kept = { arrival: number; price: number; transfers: number; label: number };

function keep(k: Kept, arrival: number, price: number, transfers: number, label: number): void {
  k.arrival = arrival;
  k.price = price;
  k.transfers = transfers;
  k.label = label;
}
