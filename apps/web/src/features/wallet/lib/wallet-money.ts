import type { Cny, WalletSummary } from '@junction/domain';

/** The wallet keeps CNY (the charge currency); its amounts are shown as they are, not converted. */
export const cnyMoney = (m: Cny, sign = 1) => ({ amountMinor: sign * m.amount, currency: 'CNY' as const });

/** The most the next top-up may be: one top-up's cap, what 24 hours still allow, and room under the balance's cap. */
export function topUpMax(s: WalletSummary): number {
  return Math.min(s.topupMaxMinor, s.topupLeftTodayMinor, Math.max(0, s.balanceMaxMinor - s.balance.amount));
}

/** Which cap holds the next top-up below one top-up's own, if any. */
export function cappedBy(s: WalletSummary): 'daily' | 'balance' | null {
  const max = topUpMax(s);
  if (max >= s.topupMaxMinor) return null;
  return max === s.topupLeftTodayMinor ? 'daily' : 'balance';
}
