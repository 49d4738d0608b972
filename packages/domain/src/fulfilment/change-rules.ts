import type { TransitionTable } from '../orders/order-status';
import type { FeeRules } from '../search/search.schema';
import type { ChangeStatus } from './change.schema';
import { AIR_FEE_CUTOFF_HOURS, RAIL_REFUND_LADDER } from './refund-rules';

/**
 * China Railway's change rules (改签 and 变更到站) as data, beside the refund ladder. Each rule is the
 * railway's published passenger terms for tickets bought on 12306, put in our own words:
 *
 * - `changesPerTicket`: a ticket may be changed once. A ticket that was changed (改签) cannot be changed
 *   again, and a change of arrival station (变更到站) counts as that one change: a ticket may have one or
 *   the other, not both.
 * - `openWindowHours`, `presaleDays`: 48 hours or more before departure, a ticket may move to any train
 *   whose tickets are on sale (the presale period: today and the 14 days after it).
 * - Less than 48 hours before departure, it may move to a train that leaves before 24:00 of the ticket's
 *   own date (earlier trains included), never to the next day or later.
 * - After departure the railway changes a ticket only at the station of departure, on the same day; a
 *   ticket bought through us is then changed at the station, never online (`departed`).
 * - `sameCity`: the new train leaves from a station of the ticket's departure city and arrives at a
 *   station of its arrival city; another station of the arrival city is a change of arrival station.
 * - A new fare higher than the old one is paid as the difference. A lower one is refunded as the
 *   difference less a refund fee on the difference, by the refund ladder at the time left before the
 *   ticket's own departure (`RAIL_REFUND_LADDER`), rounded to the half yuan as the railway rounds.
 *
 * Not modelled: the Spring Festival rule (a changed ticket for a date in the Spring Festival period is
 * refunded at the under-48-hours rate), and the refund fee a changed ticket later carries when it was
 * moved from within 8 days to beyond them; both apply to refunds of changed tickets, which are refunded
 * by the ladder as any ticket.
 */
export const RAIL_CHANGE_RULES = {
  changesPerTicket: 1,
  openWindowHours: 48,
  presaleDays: 15,
  sameCity: true,
} as const;

/** Why a change is refused (the message the traveller sees is the error code's). */
export type ChangeRefusal =
  | 'departed'
  | 'already-changed'
  | 'after-ticket-date'
  | 'beyond-presale'
  | 'new-train-departed'
  | 'other-route'
  | 'not-changeable';

export type ChangeCheck = { allowed: true } | { allowed: false; rule: ChangeRefusal };

const HOUR = 3_600_000;
const BEIJING_OFFSET_MS = 8 * HOUR;
/** The calendar day in China of an instant. */
const chinaDay = (ms: number) => new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
/** The local calendar day of an ISO time with its offset (`2026-07-15T08:00:00+08:00`). */
const localDay = (iso: string) => iso.slice(0, 10);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 24 * HOUR).toISOString().slice(0, 10);
const toHalfYuan = (minor: number) => Math.round(minor / 50) * 50;

/** Whether a train ticket may move to a new train now, by the rules above. */
export function railChangeAllowed(p: {
  /** The ticket's departure, ISO with its offset. */
  departureTime: string;
  /** The new train's departure, ISO with its offset. */
  newDepartureTime: string;
  nowMs: number;
  /** Changes the ticket has had (a change of arrival station counts). */
  changesMade: number;
  /** The new train runs between the same cities (stations of the same city count). */
  sameCities: boolean;
}): ChangeCheck {
  const departureMs = Date.parse(p.departureTime);
  const newMs = Date.parse(p.newDepartureTime);
  if (p.nowMs >= departureMs) return { allowed: false, rule: 'departed' };
  if (p.changesMade >= RAIL_CHANGE_RULES.changesPerTicket) return { allowed: false, rule: 'already-changed' };
  if (!p.sameCities) return { allowed: false, rule: 'other-route' };
  if (newMs <= p.nowMs) return { allowed: false, rule: 'new-train-departed' };
  const hoursLeft = (departureMs - p.nowMs) / HOUR;
  if (hoursLeft < RAIL_CHANGE_RULES.openWindowHours) {
    if (localDay(p.newDepartureTime) > localDay(p.departureTime)) return { allowed: false, rule: 'after-ticket-date' };
    return { allowed: true };
  }
  const lastOnSale = addDays(chinaDay(p.nowMs), RAIL_CHANGE_RULES.presaleDays - 1);
  if (localDay(p.newDepartureTime) > lastOnSale) return { allowed: false, rule: 'beyond-presale' };
  return { allowed: true };
}

/** The last day a change may move a train ticket to, now: the ticket's own date within 48 hours, else the presale's. */
export function railChangeLastDay(departureTime: string, nowMs: number): string {
  const hoursLeft = (Date.parse(departureTime) - nowMs) / HOUR;
  if (hoursLeft < RAIL_CHANGE_RULES.openWindowHours) return localDay(departureTime);
  return addDays(chinaDay(nowMs), RAIL_CHANGE_RULES.presaleDays - 1);
}

/** The money of a change: the old and new fares, the fee, and what is paid or refunded (never both). */
export type ChangeMoney = {
  oldFareMinor: number;
  newFareMinor: number;
  /** The railway's refund fee on a lower fare's difference, or the airline's change fee. */
  feeMinor: number;
  /** To pay now (a higher fare, or the airline's fee): 0 when nothing is due. */
  dueMinor: number;
  /** To get back (a lower train fare less its fee): 0 when nothing comes back. */
  refundMinor: number;
  rule: string;
  /** The refund ladder's share applied to a lower fare's difference. */
  percent: number | null;
};

/** A train ticket's change: a higher fare's difference paid; a lower one's refunded less the ladder's fee on it. */
export function railChangeMoney(p: {
  oldFareMinor: number;
  newFareMinor: number;
  departureMs: number;
  nowMs: number;
}): ChangeMoney {
  const { oldFareMinor, newFareMinor } = p;
  const base = { oldFareMinor, newFareMinor, feeMinor: 0, dueMinor: 0, refundMinor: 0, percent: null };
  if (newFareMinor >= oldFareMinor) return { ...base, dueMinor: newFareMinor - oldFareMinor, rule: 'rail-higher' };
  const difference = oldFareMinor - newFareMinor;
  const hoursLeft = (p.departureMs - p.nowMs) / HOUR;
  const step = RAIL_REFUND_LADDER.find((s) => hoursLeft >= s.fromHours) ?? RAIL_REFUND_LADDER[3];
  const feeMinor = Math.min(difference, toHalfYuan((difference * step.percent) / 100));
  return { ...base, feeMinor, refundMinor: difference - feeMinor, rule: step.rule, percent: step.percent };
}

/**
 * A flight's change, same carrier and route: the fare's change fee per seated traveller (before or within
 * 2 hours of departure, from the airline's fees) plus a higher fare's difference. As Chinese airlines'
 * terms have it, a lower fare's difference in the same cabin is not refunded; a move down to a lower cabin
 * (降舱, `lowerCabin`) gives the lower fare's difference back, less the change fee. Refused when the fare
 * allows no change, or after departure.
 */
export function airChangeMoney(p: {
  oldFareMinor: number;
  newFareMinor: number;
  fees: FeeRules;
  seatedTravellers: number;
  departureMs: number;
  nowMs: number;
  /** The new ticket is in a lower cabin than the old one. */
  lowerCabin?: boolean;
}): ChangeMoney | { allowed: false; rule: ChangeRefusal } {
  if (p.nowMs >= p.departureMs) return { allowed: false, rule: 'departed' };
  const before = (p.departureMs - p.nowMs) / HOUR >= AIR_FEE_CUTOFF_HOURS;
  const perTraveller = before ? p.fees.changeBefore : p.fees.changeAfter;
  if (perTraveller === null) return { allowed: false, rule: 'not-changeable' };
  const feeMinor = perTraveller.amount * p.seatedTravellers;
  const rise = p.newFareMinor - p.oldFareMinor;
  // Down a cabin the fare's drop comes back, the fee taken from it first.
  const net = p.lowerCabin && rise < 0 ? feeMinor + rise : feeMinor + Math.max(0, rise);
  return {
    oldFareMinor: p.oldFareMinor,
    newFareMinor: p.newFareMinor,
    feeMinor,
    dueMinor: Math.max(0, net),
    refundMinor: Math.max(0, -net),
    rule: before ? 'air-before-2h' : 'air-within-2h',
    percent: null,
  };
}

/** A change starts awaiting its difference, or issuing when nothing is to pay. */
export const INITIAL_CHANGE_STATUSES: readonly ChangeStatus[] = ['awaiting-payment', 'issuing'];

/**
 * The steps of a ticket change, each a compare-and-set with an event row: a difference paid sends it to
 * issuing, an unpaid one lapses; the new ticket issued makes it done, refused makes it failed.
 */
export const CHANGE_TRANSITIONS: TransitionTable<ChangeStatus> = new Map<ChangeStatus, ChangeStatus[]>([
  ['awaiting-payment', ['issuing', 'lapsed']],
  ['issuing', ['done', 'failed']],
  ['done', []],
  ['lapsed', []],
  ['failed', []],
]);

/** Still under way: the ticket has one open change at most. */
export const isOpenChange = (status: ChangeStatus): boolean => (CHANGE_TRANSITIONS.get(status) ?? []).length > 0;
