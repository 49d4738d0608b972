import { ensureCapacity } from './bag';
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
  private arrival = new Int32Array(64);
  private price = new Int32Array(64);
  private transfers = new Int32Array(64);
  private label = new Int32Array(64);
  private count = 0;

  clear(): void {
    this.count = 0;
  }

  /** True when a journey found arrives by `arrival`, costs at most `price` and changes at most `transfers` times. */
  dominates(arrival: number, price: number, transfers: number): boolean {
    const a = this.arrival;
    const p = this.price;
    const t = this.transfers;
    for (let i = 0; i < this.count; i++) {
      if ((a[i] as number) <= arrival && (p[i] as number) <= price && (t[i] as number) <= transfers) return true;
    }
    return false;
  }

  add(arrival: number, price: number, transfers: number, label: number): void {
    if (this.dominates(arrival, price, transfers)) return;
    let w = 0;
    for (let i = 0; i < this.count; i++) {
      const a = this.arrival[i] as number;
      const p = this.price[i] as number;
      const t = this.transfers[i] as number;
      if (arrival <= a && price <= p && transfers <= t) continue;
      this.arrival[w] = a;
      this.price[w] = p;
      this.transfers[w] = t;
      this.label[w] = this.label[i] as number;
      w++;
    }
    if (w >= this.arrival.length) {
      this.arrival = ensureCapacity(this.arrival, w + 1);
      this.price = ensureCapacity(this.price, w + 1);
      this.transfers = ensureCapacity(this.transfers, w + 1);
      this.label = ensureCapacity(this.label, w + 1);
    }
    this.arrival[w] = arrival;
    this.price[w] = price;
    this.transfers[w] = transfers;
    this.label[w] = label;
    this.count = w + 1;
  }

  /** The journeys by arrival, then price, then transfers, with the label each ended with. */
  list(): (Outcome & { label: number })[] {
    const out: (Outcome & { label: number })[] = [];
    for (let i = 0; i < this.count; i++) {
      out.push({
        arrival: this.arrival[i] as number,
        price: this.price[i] as number,
        transfers: this.transfers[i] as number,
        label: this.label[i] as number,
      });
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
