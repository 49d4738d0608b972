import type { FeeRules } from '../search/search.schema';

/**
 * China Railway's refund ladder (spec §4), as data: the fee is a share of the ticket price by the time
 * left before departure — 8 days or more free, 48 hours to 8 days 5 %, 24 to 48 hours 10 %, under 24
 * hours 20 % — rounded to the nearest ¥0.50 as the railway rounds.
 */
export const RAIL_REFUND_LADDER = [
  { fromHours: 8 * 24, percent: 0, rule: 'rail-8d' },
  { fromHours: 48, percent: 5, rule: 'rail-48h' },
  { fromHours: 24, percent: 10, rule: 'rail-24h' },
  { fromHours: Number.NEGATIVE_INFINITY, percent: 20, rule: 'rail-under-24h' },
] as const;

/** Airline fees change 2 hours before departure (spec §9): the fare's "before" and "after" fees. */
export const AIR_FEE_CUTOFF_HOURS = 2;
/** Free cancellation within 24 hours of booking, on fares that allow it (spec §9). */
export const FREE_CANCEL_HOURS = 24;

export type RefundQuoteInput = {
  type: 'flight' | 'railway';
  /** What the ticket cost, CNY hundredths. */
  paidMinor: number;
  departureMs: number;
  nowMs: number;
  /** When the order was made (free 24-hour cancellation). */
  bookedMs: number;
  /** The fare's fees (airlines), per traveller. */
  fees: FeeRules;
  /** Travellers who hold a seat (infants on a lap pay no fee). */
  seatedTravellers: number;
};

export type RefundFee =
  | { allowed: true; feeMinor: number; rule: string; percent: number | null }
  | { allowed: false; rule: 'departed' | 'not-refundable' };

const HOUR = 3_600_000;

/** The refund fee of one ticket by its fare rules; refused after departure or when the fare allows none. */
export function refundFee(q: RefundQuoteInput): RefundFee {
  if (q.nowMs >= q.departureMs) return { allowed: false, rule: 'departed' };
  const hoursLeft = (q.departureMs - q.nowMs) / HOUR;
  if (q.type === 'railway') {
    const step = RAIL_REFUND_LADDER.find((s) => hoursLeft >= s.fromHours) ?? RAIL_REFUND_LADDER[3];
    const fee = Math.min(q.paidMinor, Math.round((q.paidMinor * step.percent) / 100 / 50) * 50);
    return { allowed: true, feeMinor: fee, rule: step.rule, percent: step.percent };
  }
  if (q.fees.free24h && q.nowMs - q.bookedMs < FREE_CANCEL_HOURS * HOUR && hoursLeft >= AIR_FEE_CUTOFF_HOURS) {
    return { allowed: true, feeMinor: 0, rule: 'air-free-24h', percent: null };
  }
  const before = hoursLeft >= AIR_FEE_CUTOFF_HOURS;
  const perTraveller = before ? q.fees.cancelBefore : q.fees.cancelAfter;
  if (perTraveller === null) return { allowed: false, rule: 'not-refundable' };
  return {
    allowed: true,
    feeMinor: Math.min(q.paidMinor, perTraveller.amount * q.seatedTravellers),
    rule: before ? 'air-before-2h' : 'air-within-2h',
    percent: null,
  };
}
