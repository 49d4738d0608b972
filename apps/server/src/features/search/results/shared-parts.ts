type Part = Record<string, unknown>;

/**
 * One object for each distinct small part of the results a process holds: sums of money, names in both
 * languages, and places (airports, stations, cities). The answers kept for sessions repeat them over and
 * over (every leg names its airports and their city, every fare, seat and seller has its price), and each
 * answer parsed or produced made its own copy of every one. Here equal parts become one object, frozen, so
 * the answers held take well under half the memory and the collector has fewer objects to mark.
 *
 * A part is shared only when it is equal to the one kept, key for key in the same order with the same
 * values, so the results' JSON text is the same byte for byte. Results are never changed once checked (a
 * change makes a new object); a change to a shared part would throw rather than reach other results.
 */
export class SharedParts {
  /** Sums by their currency (prefixed with `!` when the currency comes first), then their amount. */
  private money = new Map<string, Map<number, Part>>();
  /** Names by their English (prefixed with `!` when the Chinese comes first), then their Chinese. */
  private names = new Map<string, Map<string, Part>>();
  /** Places by their number (`placeId`, else `id`): the few variants seen (with a terminal, without). */
  private places = new Map<number, Part[]>();
  private count = 0;
  /** Keys of the part being compared, reused. */
  private readonly keys: string[] = [];

  /** `max`: parts held before the tables start afresh (parts already shared stay shared where they are). */
  constructor(private readonly max = 200_000) {}

  /** Parts held in the tables. */
  get size(): number {
    return this.count;
  }

  /** The results with their parts shared: the same array, its results changed in place. */
  share<T>(results: T[]): T[] {
    if (this.count > this.max) {
      this.money = new Map();
      this.names = new Map();
      this.places = new Map();
      this.count = 0;
    }
    for (let i = 0; i < results.length; i++) results[i] = this.value(results[i]) as T;
    return results;
  }

  private value(v: unknown): unknown {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const child = v[i];
        if (child !== null && typeof child === 'object') v[i] = this.value(child);
      }
      return v;
    }
    // Shared already (an object met twice in a supplier's results).
    if (Object.isFrozen(v)) return v;
    const o = v as Part;
    for (const k in o) {
      const child = o[k];
      if (child !== null && typeof child === 'object') {
        const shared = this.value(child);
        if (shared !== child) o[k] = shared;
      }
    }
    const { amount, currency, en } = o;
    if (typeof amount === 'number' && typeof currency === 'string') return this.pair(o, this.money, currency, amount);
    const zh = o['zh-CN'];
    if (typeof en === 'string' && typeof zh === 'string') return this.pair(o, this.names, en, zh);
    const id = typeof o.placeId === 'number' ? o.placeId : typeof o.id === 'number' ? o.id : undefined;
    return id === undefined ? o : this.place(o, id);
  }

  /** A part of exactly two keys, by their values (`a` that of the first key it is listed under). */
  private pair<A, B>(o: Part, table: Map<A | string, Map<B, Part>>, a: A & string, b: B): Part {
    let n = 0;
    let first = '';
    for (const k in o) if (n++ === 0) first = k;
    if (n !== 2) return o;
    const key = first === 'amount' || first === 'en' ? a : `!${a}`;
    let byB = table.get(key);
    if (!byB) {
      byB = new Map();
      table.set(key, byB);
    }
    const known = byB.get(b);
    if (known) return known;
    byB.set(b, Object.freeze(o));
    this.count++;
    return o;
  }

  /** A place whose values are all plain or shared, equal to one kept under its number. */
  private place(o: Part, id: number): Part {
    const keys = this.keys;
    keys.length = 0;
    for (const k in o) {
      const child = o[k];
      if (child !== null && typeof child === 'object' && !Object.isFrozen(child)) return o;
      keys.push(k);
    }
    let variants = this.places.get(id);
    if (!variants) {
      variants = [];
      this.places.set(id, variants);
    }
    for (const known of variants) if (this.sameAs(known, o)) return known;
    if (variants.length < 8) {
      variants.push(Object.freeze(o));
      this.count++;
    }
    return o;
  }

  /** Whether `known` has the keys of the part being compared (`keys`), in order, with its values. */
  private sameAs(known: Part, o: Part): boolean {
    const keys = this.keys;
    let i = 0;
    for (const k in known) {
      if (k !== keys[i] || known[k] !== o[k]) return false;
      i++;
    }
    return i === keys.length;
  }
}

/** The process's shared parts, for every answer it produces or reads back. */
export const sharedParts = new SharedParts();
