import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeStrings, SharedStrings } from './shared-strings';

describe('strings in shared memory', () => {
  it('reads back every string as written: ASCII, Chinese, emoji and lone surrogates alike', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.constantFrom('G1234 20261207', '首都机场线', '3号航站楼', ''),
    );
    fc.assert(
      fc.property(fc.array(text, { maxLength: 20 }), (list) => {
        const { offsets, bytes } = encodeStrings(list);
        const shared = new SharedArrayBuffer(bytes.length + offsets.byteLength);
        const sharedOffsets = new Uint32Array(shared, 0, offsets.length);
        sharedOffsets.set(offsets);
        const sharedBytes = new Uint8Array(shared, offsets.byteLength, bytes.length);
        sharedBytes.set(bytes);
        // As TextEncoder writes them (a lone surrogate becomes U+FFFD), read from shared memory.
        const expected = list.map((s) => new TextDecoder().decode(new TextEncoder().encode(s)));
        expect(new SharedStrings(sharedOffsets, sharedBytes).toArray()).toEqual(expected);
        expect(bytes.length).toBe(list.reduce((n, s) => n + new TextEncoder().encode(s).length, 0));
      }),
    );
  });
});
