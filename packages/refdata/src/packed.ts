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

/** Distinct codes (airports, stations, cities) numbered from 0 in the order they are first met. */
export class Codes {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();

  /** The number of a code, given to it the first time it is met. */
  idOf(code: string): number {
    let id = this.index.get(code);
    if (id === undefined) {
      id = this.list.length;
      this.list.push(code);
      this.index.set(code, id);
    }
    return id;
  }

  /** The number of a code met before; undefined for one never met. */
  find(code: string): number | undefined {
    return this.index.get(code);
  }

  get size(): number {
    return this.list.length;
  }
}

/** Ids grouped by a key in `[0, groups)`: group `g`'s ids are `ids[start[g]]` to `ids[start[g + 1] - 1]`. */
export type Grouped = { start: Uint32Array; ids: Uint32Array };

/** Groups ids by `keyOf(id)`, a key in `[0, groups)`, each group's ids in the order they are given. */
export function groupBy(ids: ArrayLike<number>, keyOf: (id: number) => number, groups: number): Grouped {
  const start = new Uint32Array(groups + 1);
  for (let i = 0; i < ids.length; i++) (start[keyOf(ids[i] as number) + 1] as number)++;
  for (let g = 0; g < groups; g++) start[g + 1] = (start[g + 1] as number) + (start[g] as number);
  const next = start.slice(0, groups);
  const grouped = new Uint32Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number;
    const g = keyOf(id);
    grouped[next[g] as number] = id;
    next[g] = (next[g] as number) + 1;
  }
  return { start, ids: grouped };
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
    const codes = new Codes();
    const rows = list.map((s) => codes.idOf(s));
    return { codes: codes.list, rows };
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
 * Ids grouped by any number key (a map cell, a route), each group in the order the ids are given: the keys
 * are numbered as they are met, and the ids grouped by their key's number.
 */
export class Groups {
  private readonly groupOf = new Map<number, number>();
  private readonly grouped: Grouped;
  private static readonly NONE = new Uint32Array(0);

  /** `keys[id]`: the key of each id; `ids`: the ids to group, in the order wanted (0, 1, 2 … by default). */
  constructor(
    keys: ArrayLike<number>,
    ids: ArrayLike<number> = Uint32Array.from({ length: keys.length }, (_, id) => id),
  ) {
    const group = new Uint32Array(keys.length);
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      const key = keys[id] as number;
      let g = this.groupOf.get(key);
      if (g === undefined) {
        g = this.groupOf.size;
        this.groupOf.set(key, g);
      }
      group[id] = g;
    }
    this.grouped = groupBy(ids, (id) => group[id] as number, this.groupOf.size);
  }

  /** The ids of a key's group, in the order they were given; empty when none. */
  get(key: number): Uint32Array {
    const g = this.groupOf.get(key);
    if (g === undefined) return Groups.NONE;
    return this.grouped.ids.subarray(this.grouped.start[g] as number, this.grouped.start[g + 1] as number);
  }
}
