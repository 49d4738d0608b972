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
    const start = this.offsets[i] as number;
    const end = this.offsets[i + 1] as number;
    // Most names are ASCII and short: read as they lie, without a copy.
    if (end - start <= 64) {
      let ascii = true;
      for (let b = start; b < end && ascii; b++) ascii = (this.bytes[b] as number) < 0x80;
      if (ascii) return String.fromCharCode.apply(null, this.bytes.subarray(start, end) as unknown as number[]);
    }
    // A copy out of the shared memory: TextDecoder does not read shared buffers.
    return SharedStrings.decoder.decode(this.bytes.slice(start, end));
  }

  toArray(): string[] {
    return Array.from({ length: this.length }, (_, i) => this.at(i) as string);
  }
}

/** Bytes of a string in UTF-8. */
function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/**
 * Strings as UTF-8 bytes with offsets, string i at `bytes[offsets[i] .. offsets[i + 1]]`: measured, then
 * written into one array (no array per string).
 */
export function encodeStrings(list: StringList): { offsets: Uint32Array; bytes: Uint8Array } {
  const offsets = new Uint32Array(list.length + 1);
  let total = 0;
  for (let i = 0; i < list.length; i++) {
    total += utf8Length(list.at(i) ?? '');
    offsets[i + 1] = total;
  }
  const bytes = new Uint8Array(total);
  const encoder = new TextEncoder();
  for (let i = 0; i < list.length; i++) {
    const text = list.at(i) ?? '';
    const at = offsets[i] as number;
    let ascii = true;
    for (let c = 0; c < text.length && ascii; c++) ascii = text.charCodeAt(c) < 0x80;
    if (ascii) for (let c = 0; c < text.length; c++) bytes[at + c] = text.charCodeAt(c);
    else encoder.encodeInto(text, bytes.subarray(at, offsets[i + 1] as number));
  }
  return { offsets, bytes };
}
