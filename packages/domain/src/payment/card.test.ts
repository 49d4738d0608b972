import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_RULES,
  type CardBrand,
  cardBrandOf,
  checkCardNumber,
  cvcValid,
  expiryValid,
  formatCardNumber,
  luhnCheckDigit,
  luhnValid,
} from './card';

/** Spec §5's table, written out again independently of CARD_RULES. */
const SPEC: { brand: CardBrand; prefixes: string[]; lengths: number[] }[] = [
  { brand: 'discover', prefixes: ['6011', '644', '645', '646', '647', '648', '649', '65'], lengths: [16] },
  {
    brand: 'jcb',
    prefixes: Array.from({ length: 3589 - 3528 + 1 }, (_, i) => String(3528 + i)),
    lengths: [16],
  },
  { brand: 'amex', prefixes: ['34', '37'], lengths: [15] },
  { brand: 'visa', prefixes: ['4'], lengths: [16] },
  { brand: 'mastercard', prefixes: ['51', '52', '53', '54', '55'], lengths: [16] },
  { brand: 'unionpay', prefixes: ['62'], lengths: [16, 17, 18, 19] },
];

const digitString = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n });

/** A valid card number of one row of the table: a prefix, random digits, the Luhn digit. */
const validCard = fc
  .constantFrom(...SPEC)
  .chain((row) =>
    fc.record({
      brand: fc.constant(row.brand),
      prefix: fc.constantFrom(...row.prefixes),
      length: fc.constantFrom(...row.lengths),
    }),
  )
  .chain(({ brand, prefix, length }) =>
    digitString(length - prefix.length - 1).map((ds) => {
      const body = prefix + ds.join('');
      return { brand, number: body + luhnCheckDigit(body) };
    }),
  );

/** Luhn by its definition: double every second digit from the right, sum the digits of each. */
function luhnReference(digits: string): boolean {
  const sum = [...digits]
    .reverse()
    .map(Number)
    .map((d, i) => (i % 2 === 1 ? [...String(d * 2)].map(Number).reduce((a, b) => a + b, 0) : d))
    .reduce((a, b) => a + b, 0);
  return sum % 10 === 0;
}

describe('card numbers (spec §5)', () => {
  it('detects the brand of every valid number of the table and accepts it', () => {
    fc.assert(
      fc.property(validCard, ({ brand, number }) => {
        expect(checkCardNumber(number)).toEqual({ ok: true, brand, digits: number });
        expect(cardBrandOf(number)).toBe(brand);
      }),
      { numRuns: 2000 },
    );
  });

  it('knows the brand from the prefix alone, before the number is complete', () => {
    fc.assert(
      fc.property(validCard, fc.nat(), ({ brand, number }, cut) => {
        const row = SPEC.find((r) => r.brand === brand) as (typeof SPEC)[number];
        const longest = Math.max(...row.prefixes.map((p) => p.length));
        const n = longest + (cut % (number.length - longest + 1));
        expect(cardBrandOf(number.slice(0, n))).toBe(brand);
      }),
    );
  });

  it('refuses a number of its brand with a length the table does not list', () => {
    fc.assert(
      fc.property(validCard, fc.integer({ min: 12, max: 20 }), ({ brand, number }, length) => {
        const row = SPEC.find((r) => r.brand === brand) as (typeof SPEC)[number];
        fc.pre(!row.lengths.includes(length));
        const body = (number + number).slice(0, length - 1);
        const wrong = body + luhnCheckDigit(body);
        expect(checkCardNumber(wrong)).toEqual({ ok: false, reason: 'length' });
      }),
    );
  });

  it('refuses every number with one digit changed (Luhn)', () => {
    fc.assert(
      fc.property(validCard, fc.nat(), fc.integer({ min: 1, max: 9 }), ({ number }, at, delta) => {
        // The prefix stays (the brand is kept), a later digit changes.
        const i = 6 + (at % (number.length - 6));
        const changed = number.slice(0, i) + ((Number(number[i]) + delta) % 10) + number.slice(i + 1);
        expect(checkCardNumber(changed)).toEqual({ ok: false, reason: 'luhn' });
      }),
    );
  });

  it('finds no brand for a prefix outside the table', () => {
    const known = (n: string) => SPEC.some((r) => r.prefixes.some((p) => n.startsWith(p)));
    fc.assert(
      fc.property(digitString(16), (ds) => {
        const n = ds.join('');
        fc.pre(!known(n));
        expect(cardBrandOf(n)).toBeNull();
        expect(checkCardNumber(n).ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
    for (const n of ['6010', '643', '66', '3527', '3590', '33', '35', '50', '56', '61', '63', '2'])
      expect(cardBrandOf(`${n}0000000000000000`.slice(0, 16))).toBeNull();
  });

  it('agrees with the textbook Luhn check on any digits', () => {
    fc.assert(
      fc.property(digitString(19), fc.nat(18), (ds, n) => {
        const s = ds.slice(0, n + 1).join('');
        expect(luhnValid(s)).toBe(luhnReference(s));
      }),
    );
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('takes spaces and dashes between groups, and nothing else', () => {
    expect(checkCardNumber('4242 4242 4242 4242')).toMatchObject({ ok: true, brand: 'visa' });
    expect(checkCardNumber('3782-822463-10005')).toMatchObject({ ok: true, brand: 'amex' });
    expect(checkCardNumber('4242x4242424242424').ok).toBe(false);
    expect(checkCardNumber('')).toEqual({ ok: false, reason: 'required' });
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('6200000000000000005')).toBe('6200 0000 0000 0000 005');
  });

  it('every rule of CARD_RULES is a row of the spec table', () => {
    expect(CARD_RULES.map((r) => r.brand).sort()).toEqual(SPEC.map((r) => r.brand).sort());
  });

  it('asks four CVV digits of American Express and three of the others', () => {
    expect(cvcValid('1234', 'amex')).toBe(true);
    expect(cvcValid('123', 'amex')).toBe(false);
    expect(cvcValid('123', 'visa')).toBe(true);
    expect(cvcValid('12a', 'visa')).toBe(false);
    expect(cvcValid('1234', 'unionpay')).toBe(false);
  });

  it('keeps a card valid through its expiry month', () => {
    expect(expiryValid(11, 2026, '2026-11-30')).toBe(true);
    expect(expiryValid(10, 2026, '2026-11-01')).toBe(false);
    expect(expiryValid(1, 2027, '2026-11-26')).toBe(true);
    expect(expiryValid(13, 2027, '2026-11-26')).toBe(false);
    expect(expiryValid(0, 2027, '2026-11-26')).toBe(false);
  });
});
