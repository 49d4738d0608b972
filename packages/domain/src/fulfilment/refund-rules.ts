import type { AirType, RailType } from '../orders/traveller-rules';
import type { FeeRules } from '../search/search.schema';

/**
 * China Railway's refund ladder (spec §4), as data: the fee is a share of the ticket's fare by the time
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
/**
 * An airline that moves a flight's departure by more than this many minutes, earlier or later, changed it
 * for the traveller (an involuntary change): the refund of that flight's ticket takes no cancellation fee.
 */
export const INVOLUNTARY_CHANGE_MINUTES = 60;

/** Whether a ride's operator moved its departure by more than `INVOLUNTARY_CHANGE_MINUTES` from the booked time. */
export function isInvoluntaryChange(change: { departureTime: string; previousDepartureTime: string }): boolean {
  const moved = Math.abs(Date.parse(change.departureTime) - Date.parse(change.previousDepartureTime));
  return moved > INVOLUNTARY_CHANGE_MINUTES * 60_000;
}

/** The refund of one ticket: one traveller on one flight ticket or one train ride. */
export type RefundQuoteInput = {
  type: 'flight' | 'railway';
  /** What the ticket cost, CNY hundredths: its fare, its extras and any service fee. */
  paidMinor: number;
  /** Of it, our ticketing service fee (a train ticketed offline): earned once the ticket is issued. */
  serviceFeeMinor: number;
  /** The ticket was issued; a ticket that never was is refunded in full. */
  issued: boolean;
  departureMs: number;
  nowMs: number;
  /** When the order was made (free 24-hour cancellation). */
  bookedMs: number;
  /** The fare's fees (airlines), per traveller. */
  fees: FeeRules;
  /** The traveller holds a seat: an infant on a lap pays no airline fee. */
  seated: boolean;
  /** The airline moved the flight by more than `INVOLUNTARY_CHANGE_MINUTES` (`isInvoluntaryChange`). */
  involuntary?: boolean;
};

export type RefundFee =
  | {
      allowed: true;
      /** The railway's or the airline's fee. */
      feeMinor: number;
      /** Our service fee, kept: the service agreement does not refund it once the ticket is issued. */
      serviceFeeKeptMinor: number;
      /** What goes back: paid less the fee and the service fee kept. */
      refundMinor: number;
      rule: string;
      /** China Railway's share of the fare, when the ladder set the fee. */
      percent: number | null;
    }
  | { allowed: false; rule: 'departed' | 'not-refundable' };

const HOUR = 3_600_000;
/** The railway's rounding: to the nearest half yuan. */
const toHalfYuan = (minor: number) => Math.round(minor / 50) * 50;

/**
 * The refund of one ticket by its fare rules; refused after departure or when the fare allows none. A
 * flight the airline moved by more than `INVOLUNTARY_CHANGE_MINUTES` is refunded without a fee. A
 * train's fee is the ladder's share of its fare, never of our service fee; the service fee of an issued
 * ticket is kept (service agreement), that of a ticket never issued goes back with everything else.
 */
export function refundFee(q: RefundQuoteInput): RefundFee {
  if (q.nowMs >= q.departureMs) return { allowed: false, rule: 'departed' };
  const hoursLeft = (q.departureMs - q.nowMs) / HOUR;
  const kept = q.issued ? Math.min(q.serviceFeeMinor, q.paidMinor) : 0;
  const fare = q.paidMinor - Math.min(q.serviceFeeMinor, q.paidMinor);
  const priced = (feeMinor: number, rule: string, percent: number | null): RefundFee => ({
    allowed: true,
    feeMinor,
    serviceFeeKeptMinor: kept,
    refundMinor: q.paidMinor - feeMinor - kept,
    rule,
    percent,
  });
  if (q.type === 'railway') {
    const step = RAIL_REFUND_LADDER.find((s) => hoursLeft >= s.fromHours) ?? RAIL_REFUND_LADDER[3];
    return priced(Math.min(fare, toHalfYuan((fare * step.percent) / 100)), step.rule, step.percent);
  }
  // The airline changed the flight: no fee, whatever the fare's rules, nor a refusal of a non-refundable fare.
  if (q.involuntary) return priced(0, 'air-involuntary', null);
  if (q.fees.free24h && q.nowMs - q.bookedMs < FREE_CANCEL_HOURS * HOUR && hoursLeft >= AIR_FEE_CUTOFF_HOURS) {
    return priced(0, 'air-free-24h', null);
  }
  const before = hoursLeft >= AIR_FEE_CUTOFF_HOURS;
  const perTraveller = before ? q.fees.cancelBefore : q.fees.cancelAfter;
  if (perTraveller === null) return { allowed: false, rule: 'not-refundable' };
  return priced(q.seated ? Math.min(fare, perTraveller.amount) : 0, before ? 'air-before-2h' : 'air-within-2h', null);
}

/**
 * The steps of a traveller's refund: processing until paid out, or withdrawn while still processing. Money
 * the card processor (or Alipay, WeChat Pay) refused to return leaves it `owed`: the ticket is given up but
 * the money is still the traveller's, until customer service records it paid back another way (`done`).
 */
export const REFUND_TRANSITIONS: ReadonlyMap<RefundStatusName, readonly RefundStatusName[]> = new Map<
  RefundStatusName,
  RefundStatusName[]
>([
  ['processing', ['done', 'withdrawn', 'owed']],
  ['owed', ['done']],
  ['done', []],
  ['withdrawn', []],
]);
type RefundStatusName = 'processing' | 'owed' | 'done' | 'withdrawn';

/**
 * Whether the travellers still on a ticket after some are refunded may travel so (spec §5): nobody, or at
 * least one adult with at most two children and one infant each on a flight, and on a train a lap for
 * every child riding free. A refund that would leave a child or an infant without an adult is refused.
 */
export function partyStands(remaining: { air: AirType[]; rail: RailType[] }, ticket: 'flight' | 'railway'): boolean {
  if (ticket === 'flight') {
    if (remaining.air.length === 0) return true;
    const adults = remaining.air.filter((t) => t === 'ADULT' || t === 'TEEN').length;
    const children = remaining.air.filter((t) => t === 'CHILD').length;
    const infants = remaining.air.filter((t) => t === 'INFANT').length;
    return adults > 0 && children <= 2 * adults && infants <= adults;
  }
  const seated = remaining.rail.filter((t) => t !== 'FREE_CHILD');
  // A child riding free has no ticket of its own: it leaves with the last seat.
  if (seated.length === 0) return true;
  const adults = seated.filter((t) => t === 'ADULT' || t === 'STUDENT').length;
  return adults > 0 && remaining.rail.filter((t) => t === 'FREE_CHILD').length <= adults;
}
