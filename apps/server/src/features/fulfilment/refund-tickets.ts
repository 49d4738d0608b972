import {
  type AirType,
  AppError,
  type FeeRules,
  isTicketStanding,
  partyStands,
  type RailType,
  type RefundFee,
  type RefundSelection,
  refundFee,
  SUB_ORDER_STATUS,
  subOrderStatusCodec,
  ticketParts,
} from '@junction/domain';
import type { RefundRow, SubOrderRow } from './fulfilment.repository';

/** Whether a sub-order's tickets stand: ticketed, or changed. */
export const stands = (sub: Pick<SubOrderRow, 'status'>): boolean => {
  const status = subOrderStatusCodec.decode(sub.status);
  // A changed ticket (4) is refunded through its new ticket, where its money went.
  return isTicketStanding(status) && status !== SUB_ORDER_STATUS.CHANGED;
};

/** Whether a sub-order's tickets are the traveller's to refund: ticketed, not changed for another. */
const inHand = (sub: Pick<SubOrderRow, 'status'>): boolean =>
  subOrderStatusCodec.decode(sub.status) === SUB_ORDER_STATUS.TICKETED;

export type OrderTraveller = { position: number; name: string; airType: string; railType: string | null };

/**
 * One ticket to refund: one traveller on one sub-order, with what they paid for it and, of that, our
 * service fee. `position` is null for a sub-order of an order made before travellers' parts were kept:
 * its travellers are refunded together.
 */
export type RefundTicket = {
  sub: SubOrderRow;
  position: number | null;
  name: string | null;
  paid: number;
  serviceFee: number;
  /** Holds a seat (an infant on a lap pays no airline fee); for a whole sub-order, how many do. */
  seated: number;
};

type Share = { priceMinor: number; serviceFeeMinor: number };

/**
 * The tickets of a sub-order: each traveller's part of its price, with the price difference paid later
 * shared out by those parts (the last one takes what rounding leaves). A child riding free on a train has
 * no ticket of its own.
 */
export function ticketsOf(sub: SubOrderRow, travellers: OrderTraveller[]): RefundTicket[] {
  const paid = sub.paidMinor ?? sub.priceMinor;
  const shares = sub.travellerPrices as Share[] | null;
  const isSeated = (t: OrderTraveller) =>
    sub.type === 'railway' ? t.railType !== 'FREE_CHILD' : t.airType !== 'INFANT';
  if (!Array.isArray(shares) || shares.length !== travellers.length) {
    return [
      {
        sub,
        position: null,
        name: null,
        paid,
        serviceFee: sub.serviceFeeMinor ?? 0,
        seated: travellers.filter(isSeated).length,
      },
    ];
  }
  // A sub-order split between its travellers holds the tickets of some of them only.
  const on = Array.isArray(sub.travellers) ? (sub.travellers as number[]) : null;
  const members = travellers.flatMap((t, i) => (on === null || on.includes(t.position) ? [i] : []));
  const parts = ticketParts(paid, shares, members);
  const tickets: RefundTicket[] = [];
  members.forEach((i, k) => {
    const t = travellers[i] as OrderTraveller;
    const share = shares[i] as Share;
    const part = parts[k] ?? 0;
    if (share.priceMinor === 0 && part === 0) return;
    tickets.push({
      sub,
      position: t.position,
      name: t.name,
      paid: part,
      serviceFee: share.serviceFeeMinor,
      seated: isSeated(t) ? 1 : 0,
    });
  });
  return tickets;
}

/** A refund that holds a ticket: still processing or done; a withdrawn one gives it back. */
const holds = (r: RefundRow, ticket: RefundTicket) =>
  r.status !== 'withdrawn' &&
  r.subOrderId === ticket.sub.id &&
  (r.travellerPosition === null || ticket.position === null || r.travellerPosition === ticket.position);

/**
 * The tickets a selection names that may still be refunded (their sub-order is ticketed and no refund holds
 * them): one ticket, a traveller's every ticket, or everyone's ticket on a sub-order. Refused when it
 * names nothing standing, or when it would leave a child or an infant on a ticket without an adult.
 */
export function selectTickets(
  selection: Pick<RefundSelection, 'subOrderId' | 'traveller'>,
  subs: SubOrderRow[],
  travellers: OrderTraveller[],
  refunds: RefundRow[],
): RefundTicket[] {
  if (selection.subOrderId !== undefined && !subs.some((s) => s.id === selection.subOrderId))
    throw new AppError('ORDER_NOT_FOUND');
  if (selection.traveller !== undefined && !travellers.some((t) => t.position === selection.traveller))
    throw new AppError('ORDER_NOT_FOUND');
  const chosen = subs
    .filter((s) => selection.subOrderId === undefined || s.id === selection.subOrderId)
    .flatMap((s) => ticketsOf(s, travellers))
    // A traveller alone names only tickets of theirs: an older sub-order is refunded for everyone at once.
    .filter((t) => selection.traveller === undefined || t.position === selection.traveller);
  // A changed ticket was replaced by a new one its money paid for: only a ticket in hand is refunded.
  const open = chosen.filter((t) => inHand(t.sub) && !refunds.some((r) => holds(r, t)));
  if (open.length === 0) throw new AppError('REFUND_NOT_ALLOWED', { params: { reason: 'status' } });
  for (const sub of subs.filter((s) => open.some((t) => t.sub.id === s.id))) {
    const chosenHere = new Set(open.filter((t) => t.sub.id === sub.id).map((t) => t.position));
    const leaving = new Set(
      ticketsOf(sub, travellers)
        .filter((t) => chosenHere.has(t.position) || refunds.some((r) => holds(r, t)))
        .map((t) => t.position),
    );
    if (leaving.has(null)) continue;
    const on = Array.isArray(sub.travellers) ? (sub.travellers as number[]) : null;
    const staying = travellers.filter((t) => (on === null || on.includes(t.position)) && !leaving.has(t.position));
    const types = { air: staying.map((t) => t.airType as AirType), rail: staying.map((t) => t.railType as RailType) };
    if (!partyStands(types, sub.type === 'railway' ? 'railway' : 'flight')) throw new AppError('REFUND_LEAVES_CHILD');
  }
  return open;
}

/** The fee of refunding one ticket now by its fare rules; refused when the rules allow none. */
export function priceTicket(
  ticket: RefundTicket,
  p: { departureMs: number; nowMs: number; bookedMs: number; fees: FeeRules; issued: boolean; involuntary?: boolean },
): Extract<RefundFee, { allowed: true }> {
  // An older refund of everyone on a sub-order: the airline's fee for each seated traveller.
  const scale = ticket.position === null ? Math.max(1, ticket.seated) : 1;
  const times = (m: FeeRules['cancelBefore']) => (m === null ? null : { ...m, amount: m.amount * scale });
  const fee = refundFee({
    type: ticket.sub.type === 'railway' ? 'railway' : 'flight',
    paidMinor: ticket.paid,
    serviceFeeMinor: ticket.serviceFee,
    issued: p.issued,
    departureMs: p.departureMs,
    nowMs: p.nowMs,
    bookedMs: p.bookedMs,
    fees: { ...p.fees, cancelBefore: times(p.fees.cancelBefore), cancelAfter: times(p.fees.cancelAfter) },
    seated: ticket.seated > 0,
    involuntary: p.involuntary ?? false,
  });
  if (!fee.allowed) throw new AppError('REFUND_NOT_ALLOWED', { params: { reason: fee.rule } });
  return fee;
}
