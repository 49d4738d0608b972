import type { StringList } from './timetable';

/**
 * Strings read from a shared buffer on demand: only the trips a journey rides are ever named, so the
 * hundreds of thousands of trip ids are never turned into JavaScript strings in every thread.
 */
export class SharedStrings implements StringList {
  private static readonly decoder = new TextDecoder();

  constructor(
    private readonly offsets: Uint32Array,
    private readonly bytes: Uint8Array,
  ) {}

  get length(): number {
    return this.offsets.length - 1;
  }

  at(index: number): string | undefined {
    const i = index < 0 ? index + this.length : index;
    if (!(i >= 0 && i < this.length)) return undefined;
    // A copy out of the shared memory: TextDecoder does not read shared buffers.
    return SharedStrings.decoder.decode(this.bytes.slice(this.offsets[i] as number, this.offsets[i + 1] as number));
  }

  toArray(): string[] {
    return Array.from({ length: this.length }, (_, i) => this.at(i) as string);
  }
}
