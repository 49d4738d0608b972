/**
 * A cache bounded by the total size of what it holds (the length of texts), the least recently used going
 * first when a new value takes it over the bound; the value just put always stays, however large.
 */
export class SizedLru<V> {
  private readonly held = new Map<string, V>();
  private total = 0;

  constructor(
    private readonly maxSize: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get size(): number {
    return this.held.size;
  }

  get(key: string): V | undefined {
    const value = this.held.get(key);
    if (value !== undefined) {
      // Most recently used last.
      this.held.delete(key);
      this.held.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    const known = this.held.get(key);
    if (known !== undefined) this.total -= this.sizeOf(known);
    this.held.delete(key);
    this.held.set(key, value);
    this.total += this.sizeOf(value);
    for (const [old, v] of this.held) {
      if (this.total <= this.maxSize || old === key) break;
      this.held.delete(old);
      this.total -= this.sizeOf(v);
    }
  }
}
