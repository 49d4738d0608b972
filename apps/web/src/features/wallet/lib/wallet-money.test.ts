import type { WalletSummary } from '@junction/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cappedBy, topUpMax } from './wallet-money';

const summary = (balance: number, leftToday: number): WalletSummary =>
  ({
    balance: { amount: balance, currency: 'CNY' },
    topupMinMinor: 1_000,
    topupMaxMinor: 500_000,
    topupLeftTodayMinor: leftToday,
    balanceMaxMinor: 2_000_000,
  }) as WalletSummary;

describe('the next top-up’s limit', () => {
  it('is one top-up’s cap while neither the day nor the balance holds it lower', () => {
    expect(topUpMax(summary(0, 2_000_000))).toBe(500_000);
    expect(cappedBy(summary(0, 2_000_000))).toBeNull();
  });

  it('names the day’s allowance or the balance’s room, whichever holds it lower', () => {
    expect(topUpMax(summary(0, 120_000))).toBe(120_000);
    expect(cappedBy(summary(0, 120_000))).toBe('daily');
    expect(topUpMax(summary(1_900_000, 2_000_000))).toBe(100_000);
    expect(cappedBy(summary(1_900_000, 2_000_000))).toBe('balance');
    expect(topUpMax(summary(2_000_000, 2_000_000))).toBe(0);
  });

  it('never lets the balance pass its cap nor the day its allowance', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000 }), fc.integer({ min: 0, max: 2_000_000 }), (b, left) => {
        const s = summary(b, left);
        const max = topUpMax(s);
        expect(max).toBeGreaterThanOrEqual(0);
        expect(max).toBeLessThanOrEqual(Math.min(s.topupMaxMinor, left));
        expect(b + max).toBeLessThanOrEqual(s.balanceMaxMinor);
      }),
      { numRuns: 200 },
    );
  });
});
