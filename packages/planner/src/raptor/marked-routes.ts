/**
 * The routes a round scans, each with the first position on it a label was reached at. The routes are
 * scanned in the order of their numbers, whatever order their stops were reached in: a search that
 * prunes more labels then finds the same journeys, of equal ones the same one, and routes next to each
 * other in the timetable's arrays are read one after another.
 */
export class MarkedRoutes {
  /** Position on route r of the first stop reached, or -1. */
  private readonly from: Int32Array;
  /** One bit per route; the words with a bit set, each once. */
  private readonly bits: Uint32Array;
  private readonly words: Int32Array;
  private wordCount = 0;
  /** The marked routes in the order of their numbers, after `sort()`. */
  readonly list: Int32Array;
  count = 0;

  constructor(routeCount: number) {
    this.from = new Int32Array(routeCount).fill(-1);
    this.bits = new Uint32Array(Math.ceil(routeCount / 32));
    this.words = new Int32Array(this.bits.length);
    this.list = new Int32Array(routeCount);
  }

  /** Marks route r from position `pos` (or from an earlier position it is marked from already). */
  mark(r: number, pos: number): void {
    const known = this.from[r] as number;
    if (known >= 0) {
      if (pos < known) this.from[r] = pos;
      return;
    }
    this.from[r] = pos;
    const w = r >>> 5;
    if ((this.bits[w] as number) === 0) this.words[this.wordCount++] = w;
    this.bits[w] = (this.bits[w] as number) | (1 << (r & 31));
  }

  /** The position route r is marked from. */
  fromOf(r: number): number {
    return this.from[r] as number;
  }

  /** Lists the marked routes in `list` by number; their count. */
  sort(): number {
    const words = this.words.subarray(0, this.wordCount).sort();
    let n = 0;
    for (let x = 0; x < words.length; x++) {
      const w = words[x] as number;
      let bits = this.bits[w] as number;
      while (bits !== 0) {
        const low = bits & -bits;
        this.list[n++] = (w << 5) | (31 - Math.clz32(low));
        bits ^= low;
      }
    }
    this.count = n;
    return n;
  }

  /** Unmarks every route. */
  clear(): void {
    for (let x = 0; x < this.wordCount; x++) {
      const w = this.words[x] as number;
      let bits = this.bits[w] as number;
      while (bits !== 0) {
        const low = bits & -bits;
        this.from[(w << 5) | (31 - Math.clz32(low))] = -1;
        bits ^= low;
      }
      this.bits[w] = 0;
    }
    this.wordCount = 0;
    this.count = 0;
  }
}
