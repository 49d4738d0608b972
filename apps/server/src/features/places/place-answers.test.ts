import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerEncoding, PlaceAnswers } from './place-answers';

describe('answerEncoding', () => {
  it('prefers Brotli, then gzip, and takes q=0 as a refusal', () => {
    expect(answerEncoding('gzip, deflate, br')).toBe('br');
    expect(answerEncoding('gzip, deflate')).toBe('gzip');
    expect(answerEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(answerEncoding('br;q=0.0, gzip;q=0')).toBe('identity');
    expect(answerEncoding('BR')).toBe('br');
    expect(answerEncoding('deflate')).toBe('identity');
    expect(answerEncoding(undefined)).toBe('identity');
  });

  it('answers one of the three for any header, and an encoding only when the header names it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (header) => {
        const encoding = answerEncoding(header);
        expect(['br', 'gzip', 'identity']).toContain(encoding);
        if (encoding !== 'identity') expect(header.toLowerCase()).toContain(encoding);
      }),
    );
  });
});

describe('PlaceAnswers', () => {
  it('keeps answers for their time and the most recently asked within its size', () => {
    let now = 0;
    const answers = new PlaceAnswers(2, 1000, () => now);
    answers.set('a', '{"a":1}');
    answers.set('b', '{"b":1}');
    expect(answers.get('a')).toBe('{"a":1}');
    answers.set('c', '{"c":1}');
    // b was asked least recently, so it went.
    expect(answers.get('b')).toBeUndefined();
    expect(answers.get('a')).toBe('{"a":1}');
    now = 1001;
    expect(answers.get('a')).toBeUndefined();
    expect(answers.get('c')).toBeUndefined();
  });

  it('compresses a kept answer that decompresses to it, in either encoding', () => {
    const answers = new PlaceAnswers(10, 1000);
    const json = JSON.stringify({ data: Array.from({ length: 50 }, (_, i) => ({ name: `北京 ${i}` })) });
    answers.set('k', json);
    expect(brotliDecompressSync(answers.encoded('k', 'br') as Buffer).toString()).toBe(json);
    expect(gunzipSync(answers.encoded('k', 'gzip') as Buffer).toString()).toBe(json);
    expect(answers.encoded('unknown', 'br')).toBeUndefined();
  });
});
