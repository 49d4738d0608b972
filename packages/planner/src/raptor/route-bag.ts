import { ensureCapacity } from './bag';

/**
 * The trips boarded on the route being scanned: each as its trip number, its key (the price before the
 * ride minus the fare at the boarding stop), the label it was boarded from, the boarding position, and
 * where its times are (the start of its day and the row of its pattern trip). Pareto over (trip, key):
 * an earlier trip with a lower key beats a later one, since trips of a route never overtake.
 */
export class RouteBag {
  trip = new Int32Array(64);
  key = new Int32Array(64);
  label = new Int32Array(64);
  board = new Int32Array(64);
  dayStart = new Int32Array(64);
  row = new Int32Array(64);
  count = 0;

  clear(): void {
    this.count = 0;
  }

  add(trip: number, key: number, label: number, board: number, dayStart: number, row: number): void {
    const n = this.count;
    for (let b = 0; b < n; b++) {
      if ((this.trip[b] as number) <= trip && (this.key[b] as number) <= key) return;
    }
    let w = 0;
    for (let b = 0; b < n; b++) {
      const t = this.trip[b] as number;
      const k = this.key[b] as number;
      if (!(trip <= t && key <= k)) {
        if (w !== b) {
          this.trip[w] = t;
          this.key[w] = k;
          this.label[w] = this.label[b] as number;
          this.board[w] = this.board[b] as number;
          this.dayStart[w] = this.dayStart[b] as number;
          this.row[w] = this.row[b] as number;
        }
        w++;
      }
    }
    if (w >= this.trip.length) {
      this.trip = ensureCapacity(this.trip, w + 1);
      this.key = ensureCapacity(this.key, w + 1);
      this.label = ensureCapacity(this.label, w + 1);
      this.board = ensureCapacity(this.board, w + 1);
      this.dayStart = ensureCapacity(this.dayStart, w + 1);
      this.row = ensureCapacity(this.row, w + 1);
    }
    this.trip[w] = trip;
    this.key[w] = key;
    this.label[w] = label;
    this.board[w] = board;
    this.dayStart[w] = dayStart;
    this.row[w] = row;
    this.count = w + 1;
  }
}
