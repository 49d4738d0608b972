/** A list of strings as a file holds it: their text one after the other, and the length of each. */
export type PackedText = { text: string; lengths: number[] };

/** Repeated strings as a file holds them: the distinct ones, and the index of each row's among them. */
export type CodedText = { codes: string[]; rows: number[] };

/**
 * A list of strings held as one text and the end of each string in it: two objects however many strings,
 * so a garbage collection has next to nothing to mark. `get` gives each string back as it was.
 */
export class PackedStrings {
  private readonly text: string;
  private readonly ends: Uint32Array;

  /** Strings as written in a file: their text one after the other, and the length of each. */
  constructor(parts: PackedText) {
    this.text = parts.text;
    this.ends = new Uint32Array(parts.lengths.length);
    let end = 0;
    parts.lengths.forEach((length, i) => {
      end += length;
      this.ends[i] = end;
    });
    if (end !== this.text.length) throw new Error('PackedStrings: the lengths do not add up to the text');
  }

  /** The parts of a list of strings, as `PackedStrings` reads them and a file holds them. */
  static pack(list: readonly string[]): PackedText {
    return { text: list.join(''), lengths: list.map((s) => s.length) };
  }

  static of(list: readonly string[]): PackedStrings {
    return new PackedStrings(PackedStrings.pack(list));
  }

  get length(): number {
    return this.ends.length;
  }

  get(i: number): string {
    return this.text.slice(i > 0 ? (this.ends[i - 1] as number) : 0, this.ends[i] as number);
  }

  /** Whether string `i` is empty, without making it. */
  isEmpty(i: number): boolean {
    return (this.ends[i] as number) === (i > 0 ? (this.ends[i - 1] as number) : 0);
  }

  /** The first position whose string is not less than `key`, the list being sorted. */
  lowerBound(key: string): number {
    let lo = 0;
    let hi = this.ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.get(mid) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * A few distinct strings repeated over many rows (a city code, a country), held as an index per row into
 * the distinct ones.
 */
export class CodeColumn {
  readonly codes: string[];
  private readonly rows: Uint16Array;

  constructor(parts: CodedText) {
    if (parts.codes.length > 0x10000) throw new Error('CodeColumn: more than 65,536 distinct strings');
    this.codes = parts.codes;
    this.rows = Uint16Array.from(parts.rows);
  }

  /** The parts of a list of strings, as `CodeColumn` reads them and a file holds them. */
  static pack(list: readonly string[]): CodedText {
    const codes: string[] = [];
    const index = new Map<string, number>();
    const rows = list.map((s) => {
      let n = index.get(s);
      if (n === undefined) {
        n = codes.length;
        codes.push(s);
        index.set(s, n);
      }
      return n;
    });
    return { codes, rows };
  }

  static of(list: readonly string[]): CodeColumn {
    return new CodeColumn(CodeColumn.pack(list));
  }

  get(i: number): string {
    return this.codes[this.rows[i] as number] as string;
  }

  /** The index of a string among the distinct ones, or -1 when no row holds it. */
  indexOf(s: string): number {
    return this.codes.indexOf(s);
  }

  /** The index row `i` holds. */
  at(i: number): number {
    return this.rows[i] as number;
  }
}

/**
 * Ids grouped by a number key (a map cell), each group in the order the ids were added: one array of ids
 * sorted by key and the start of each key's group, found through a map from key to group.
 */
export class Groups {
  private readonly groupOf = new Map<number, number>();
  private readonly starts: Uint32Array;
  private readonly ids: Int32Array;
  private static readonly NONE = new Int32Array(0);

  /** `keys[id]`: the group of each id. */
  constructor(keys: ArrayLike<number>) {
    const order = Array.from({ length: keys.length }, (_, i) => i);
    // Sorted by key, ids in their order within a key (the sort is stable).
    order.sort((a, b) => (keys[a] as number) - (keys[b] as number));
    this.ids = Int32Array.from(order);
    const starts: number[] = [];
    for (let i = 0; i < order.length; i++) {
      const key = keys[order[i] as number] as number;
      if (i === 0 || key !== keys[order[i - 1] as number]) {
        this.groupOf.set(key, starts.length);
        starts.push(i);
      }
    }
    starts.push(order.length);
    this.starts = Uint32Array.from(starts);
  }

  /** The ids of a key's group, in the order they were added; empty when none. */
  get(key: number): Int32Array {
    const g = this.groupOf.get(key);
    if (g === undefined) return Groups.NONE;
    return this.ids.subarray(this.starts[g] as number, this.starts[g + 1] as number);
  }
}
