import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CREDIT_CODE_CHARS, creditCodeCheckChar, isCreditCode, normalizeCreditCode } from './credit-code';

const ch = fc.constantFrom(...CREDIT_CODE_CHARS.split(''));
const digit = fc.constantFrom(...'0123456789'.split(''));
/** The first 17 characters of a well-formed code: two of the alphabet, six digits, nine of the alphabet. */
const first17 = fc
  .tuple(
    fc.array(ch, { minLength: 2, maxLength: 2 }),
    fc.array(digit, { minLength: 6, maxLength: 6 }),
    fc.array(ch, { minLength: 9, maxLength: 9 }),
  )
  .map(([a, b, c]) => [...a, ...b, ...c].join(''));
const valid = first17.map((s) => s + creditCodeCheckChar(s));

describe('unified social credit code', () => {
  it('accepts codes published by real bodies', () => {
    // Published on the invoices and the public filings of the companies that hold them.
    for (const code of ['914403001922038216', '9144030071526726XG', '91110000802100433B', '91330100716105852F']) {
      expect(isCreditCode(code)).toBe(true);
    }
  });

  it('refuses a wrong check character, a wrong length and letters outside the alphabet', () => {
    expect(isCreditCode('914403001922038217')).toBe(false);
    expect(isCreditCode('91440300192203821')).toBe(false);
    expect(isCreditCode('9144030019220382160')).toBe(false);
    expect(isCreditCode('9144030071526726XI')).toBe(false);
    expect(isCreditCode('9144030A71526726XG')).toBe(false);
    expect(isCreditCode('')).toBe(false);
  });

  it('normalises spaces and lower case as typed', () => {
    expect(normalizeCreditCode(' 9144 030071526726xg ')).toBe('9144030071526726XG');
  });

  it('accepts every code whose check character is computed from its first 17', () => {
    fc.assert(
      fc.property(valid, (code) => {
        expect(isCreditCode(code)).toBe(true);
      }),
    );
  });

  it('refuses every code with one character changed', () => {
    fc.assert(
      fc.property(valid, fc.integer({ min: 0, max: 17 }), ch, (code, at, c) => {
        fc.pre(code.charAt(at) !== c);
        const changed = code.slice(0, at) + c + code.slice(at + 1);
        // A digit-only position given a letter is refused by its shape; any other change by the check character.
        expect(isCreditCode(changed)).toBe(false);
      }),
    );
  });

  it('refuses every code with two neighbours swapped', () => {
    fc.assert(
      fc.property(valid, fc.integer({ min: 0, max: 16 }), (code, at) => {
        fc.pre(code.charAt(at) !== code.charAt(at + 1));
        const swapped = code.slice(0, at) + code.charAt(at + 1) + code.charAt(at) + code.slice(at + 2);
        expect(isCreditCode(swapped)).toBe(false);
      }),
    );
  });
});
