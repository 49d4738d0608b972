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
    for (let t = 0; t < this.classes; t++) {
      (this.arrival[t] as number[]).length = 0;
      (this.price[t] as number[]).length = 0;
      (this.label[t] as number[]).length = 0;
    }
    this.classes = 0;
  }

  /** True when a journey found arrives by `arrival`, costs at most `price` and changes at most `transfers` times. */
  dominates(arrival: number, price: number, transfers: number): boolean {
    const last = Math.min(transfers + 1, this.classes);
    for (let t = 0; t < last; t++) {
      const a = this.arrival[t] as number[];
      // The last journey arriving by `arrival` is the cheapest of those that do.
      let lo = 0;
      let hi = a.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((a[mid] as number) <= arrival) lo = mid + 1;
        else hi = mid;
      }
      if (lo > 0 && ((this.price[t] as number[])[lo - 1] as number) <= price) return true;
    }
    return false;
  }

  add(arrival: number, price: number, transfers: number, label: number): void {
    if (this.dominates(arrival, price, transfers)) return;
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
    if (c.label < 0 || !lexLessOrEqual(c.price, c.arrival, c.transfers, price, arrival, transfers)) {
      c.arrival = arrival;
      c.price = price;
      c.transfers = transfers;
      c.label = label;
    }
    const e = this.earliest;
    if (e.label < 0 || !lexLessOrEqual(e.arrival, e.price, e.transfers, arrival, price, transfers)) {
      e.arrival = arrival;
      e.price = price;
      e.transfers = transfers;
      e.label = label;
    }
  }
}
