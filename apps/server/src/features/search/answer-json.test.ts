import type { SearchResult } from '@junction/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerJson, answerOf } from './search-session';

/** Results as far as their JSON goes: objects of any JSON values, texts with line breaks, Chinese and emoji. */
const text = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('\n', 'a\r\nb', '北京南站\n', '\u2028', '😀,\n]'),
);
const results = fc.array(
  fc.dictionary(text, fc.oneof(text, fc.jsonValue(), fc.array(fc.record({ en: text, 'zh-CN': text })))),
  { maxLength: 12 },
) as fc.Arbitrary<SearchResult[]>;

/** What JSON makes of a value (−0 as 0, undefined dropped): what a reader of the stored answer can expect. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe('a supplier’s answer as stored', () => {
  it('is the answer’s JSON, which any JSON reader reads as the results and what was left out', () => {
    fc.assert(
      fc.property(results, fc.nat(4), (list, withoutCabin) => {
        const stored = JSON.parse(answerJson(list, withoutCabin).toString('utf8'));
        expect(stored).toEqual(asJson(withoutCabin > 0 ? { withoutCabin, results: list } : list));
      }),
    );
  });

  it('reads back, line by line, as the same results, what was left out and its length in bytes', () => {
    fc.assert(
      fc.property(results, fc.nat(4), (list, withoutCabin) => {
        const json = answerJson(list, withoutCabin);
        const answer = answerOf(json);
        expect(answer.results).toEqual(asJson(list));
        expect(answer.withoutCabin).toBe(withoutCabin > 0 ? withoutCabin : undefined);
        expect(answer.textLength).toBe(json.length);
      }),
    );
  });

  it('reads an answer stored as one line (by a process from before answers were stored a result a line)', () => {
    fc.assert(
      fc.property(results, fc.nat(4), (list, withoutCabin) => {
        const oneLine = Buffer.from(JSON.stringify(withoutCabin > 0 ? { withoutCabin, results: list } : list));
        const answer = answerOf(oneLine);
        expect(answer.results).toEqual(asJson(list));
        expect(answer.withoutCabin).toBe(withoutCabin > 0 ? withoutCabin : undefined);
      }),
    );
  });
});
