import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '../preferences';
import { convertMoney, decimalsOf, formatMoney, rateBetween } from './money';

const RATES = { 'CNY:USD': 0.1491, 'CNY:JPY': 21.37, 'USD:EUR': 0.8802, 'CNY:HKD': 1.0871 };

describe('money', () => {
  it('rounds conversions up to the next hundredth', () => {
    // 100.00 CNY × 0.1491 = 14.91 USD exactly; 100.01 CNY = 14.911491 → 14.92
    expect(convertMoney({ amountMinor: 10000, currency: 'CNY' }, 'USD', RATES)?.amountMinor).toBe(1491);
    expect(convertMoney({ amountMinor: 10001, currency: 'CNY' }, 'USD', RATES)?.amountMinor).toBe(1492);
  });

  it('rounds up to whole units in zero-decimal currencies', () => {
    // 100.00 CNY × 21.37 = 2137 JPY; 100.01 CNY = 2137.2137 → 2138 yen
    expect(convertMoney({ amountMinor: 10000, currency: 'CNY' }, 'JPY', RATES)?.amountMinor).toBe(213700);
    expect(convertMoney({ amountMinor: 10001, currency: 'CNY' }, 'JPY', RATES)?.amountMinor).toBe(213800);
  });

  it('converts nothing to a plain zero, never a negative zero', () => {
    expect(
      Object.is(convertMoney({ amountMinor: 0, currency: 'CNY' }, 'VND', { 'CNY:VND': 3500 })?.amountMinor, 0),
    ).toBe(true);
  });

  it('uses the inverse pair or goes through CNY when no direct pair exists', () => {
    expect(rateBetween('USD', 'CNY', RATES)).toBeCloseTo(1 / 0.1491, 10);
    expect(rateBetween('HKD', 'JPY', RATES)).toBeCloseTo(21.37 / 1.0871, 10);
    expect(rateBetween('CNY', 'ZAR', RATES)).toBeUndefined();
    expect(convertMoney({ amountMinor: 100, currency: 'CNY' }, 'ZAR', RATES)).toBeUndefined();
  });

  it('never shows less than the exact converted amount, and never a fraction of a hundredth', () => {
    let checked = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_00 }),
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom(...CURRENCIES),
        fc.double({ min: 0.0001, max: 500, noNaN: true }),
        (amountMinor, from, to, rate) => {
          fc.pre(from !== to);
          const converted = convertMoney({ amountMinor, currency: from }, to, { [`${from}:${to}`]: rate });
          // Every case is checked: a pair in the table always converts.
          expect(converted?.currency).toBe(to);
          const shown = converted?.amountMinor ?? Number.NaN;
          expect(Number.isInteger(shown)).toBe(true);
          const exact = amountMinor * rate;
          expect(shown).toBeGreaterThanOrEqual(exact - 1e-6 * Math.max(1, exact));
          expect(shown - exact).toBeLessThan(decimalsOf(to) === 0 ? 100 : 1);
          if (decimalsOf(to) === 0) expect(shown % 100).toBe(0);
          checked++;
        },
      ),
      { numRuns: 500 },
    );
    expect(checked).toBeGreaterThan(400);
  });

  it('formats with the currency table’s symbol and side, and the currency’s decimals', () => {
    const yuan = { symbol: '¥', position: 'left' } as const;
    expect(formatMoney({ amountMinor: 80000, currency: 'CNY' }, 'en', yuan)).toBe('¥800');
    expect(formatMoney({ amountMinor: 1234567, currency: 'CNY' }, 'zh-CN', yuan)).toBe('¥12,345.67');
    expect(formatMoney({ amountMinor: 213800, currency: 'JPY' }, 'en', { symbol: 'JP¥', position: 'left' })).toBe(
      'JP¥2,138',
    );
    expect(formatMoney({ amountMinor: 199, currency: 'USD' }, 'en', { symbol: '$', position: 'left' })).toBe('$1.99');
    expect(formatMoney({ amountMinor: 123450, currency: 'CZK' }, 'en', { symbol: 'CZK', position: 'right' })).toBe(
      '1,234.50 CZK',
    );
    expect(formatMoney({ amountMinor: 5000000, currency: 'VND' }, 'en', { symbol: '₫', position: 'right' })).toBe(
      '50,000 ₫',
    );
    expect(formatMoney({ amountMinor: -500, currency: 'CHF' }, 'en', { symbol: 'CHF', position: 'left' })).toBe(
      '-CHF 5',
    );
    expect(formatMoney({ amountMinor: 500, currency: 'CNY' }, 'en')).toBe('¥5');
    expect(formatMoney({ amountMinor: 500, currency: 'SEK' }, 'en')).toBe('kr 5');
  });
});
