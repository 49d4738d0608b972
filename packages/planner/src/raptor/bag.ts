/**
 * A Pareto bag of (time, price) labels at one stop: no label in it is beaten on both by another.
 * Parallel arrays, reused between queries by resetting the length.
 */
export class Bag {
  time: number[] = [];
  price: number[] = [];
  /** The label each entry came from, for rebuilding the journey. */
  label: number[] = [];

  get size(): number {
    return this.time.length;
  }

  clear(): void {
    this.time.length = 0;
    this.price.length = 0;
    this.label.length = 0;
  }

  dominates(time: number, price: number): boolean {
    for (let i = 0; i < this.time.length; i++) {
      if ((this.time[i] as number) <= time && (this.price[i] as number) <= price) return true;
    }
    return false;
  }

  /** Adds the label unless beaten; removes the labels it beats. True when added. */
  insert(time: number, price: number, label = -1): boolean {
    if (this.dominates(time, price)) return false;
    let w = 0;
    for (let i = 0; i < this.time.length; i++) {
      const t = this.time[i] as number;
      const p = this.price[i] as number;
      if (!(time <= t && price <= p)) {
        this.time[w] = t;
        this.price[w] = p;
        this.label[w] = this.label[i] as number;
        w++;
      }
    }
    this.time.length = w;
    this.price.length = w;
    this.label.length = w;
    this.time.push(time);
    this.price.push(price);
    this.label.push(label);
    return true;
  }
}
