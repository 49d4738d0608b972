import {
  isRide,
  isTicketStanding,
  ORDER_STATUS,
  type Order,
  type OrderChannel,
  type OrderWaitlist,
  orderStatusCodec,
  type PriceBreakdown,
  paymentStatusCodec,
  type ResultLeg,
  type ScheduledItinerary,
  type SearchResult,
  subOrderStatusCodec,
} from '@junction/domain';
import type { FullOrder, OrderRow, WaitlistRow } from './orders.repository';

/** An order's itinerary: the result's legs as they run now (see `applyScheduleChange`), its fees and changes. */
export type Itinerary = Pick<SearchResult, 'legs' | 'bounds' | 'fees' | 'selfTransferMinutes' | 'seller'> &
  Pick<ScheduledItinerary, 'scheduleChanges' | 'cancelledLegs'>;

export const cny = (amount: number) => ({ amount, currency: 'CNY' as const });

/** How the waiting list shows an order's entry (none without the waiting-list feature). */
export type WaitlistView = (w: WaitlistRow | undefined) => OrderWaitlist | null;

/** An order as lists show it, with its first and last places in both languages (for notices). */
export function orderSummary(o: OrderRow) {
  const { legs, bounds } = o.itinerary as Itinerary;
  const sold = (from: number, to: number) => legs.slice(from, to).filter(isRide);
  const first = sold(0, legs.length)[0] ?? (legs[0] as ResultLeg);
  // A round trip ends where it began: its destination is the end of the outbound journey.
  const outbound = bounds.length === 2 ? bounds[0] : undefined;
  const last =
    (outbound ? sold(outbound.start, outbound.end) : sold(0, legs.length)).at(-1) ?? (legs.at(-1) as ResultLeg);
  return {
    places: { from: first.from.city?.name ?? first.from.name, to: last.to.city?.name ?? last.to.name },
    id: o.id,
    orderNumber: o.orderNumber,
    createdAt: o.createdAt.toISOString(),
    originName: o.originName,
    destinationName: o.destinationName,
    kind: o.kind as Order['kind'],
    status: orderStatusCodec.decode(o.status),
    paymentStatus: paymentStatusCodec.decode(o.paymentStatus),
    payment: { price: cny(o.priceMinor), deadline: o.paymentDeadline.toISOString() },
    ...headerTimes(o, legs),
  };
}

/**
 * The times an order's header shows: the trip's as booked while everyone rides it; once some travellers
 * changed to another train without the others (rides added from the itinerary's `beside` leg on), the
 * earliest train's departure, the booked trip's arrival, and that they ride different trains.
 */
function headerTimes(o: OrderRow, legs: ResultLeg[]) {
  const beside = (o.itinerary as { beside?: number }).beside;
  const booked = legs.slice(0, beside).filter(isRide);
  const added = beside === undefined ? [] : legs.slice(beside).filter(isRide);
  const same = (a: ResultLeg, b: ResultLeg) => a.number === b.number && a.departureTime === b.departureTime;
  const separateTrains = added.some((l) => !booked.some((b) => same(b, l)));
  const earliest = [...booked, ...added].sort((a, b) => Date.parse(a.departureTime) - Date.parse(b.departureTime))[0];
  return {
    departureTime: separateTrains ? (earliest?.departureTime ?? o.departureTime) : o.departureTime,
    arrivalTime: added.length > 0 ? (booked.at(-1)?.arrivalTime ?? o.arrivalTime) : o.arrivalTime,
    separateTrains,
  };
}

/** The itinerary PDF's download (`GET /api/itinerary/pdf`). */
const itineraryFileUrl = (orderId: string) => `/api/itinerary/pdf?id=${orderId}`;

function subOrderView(s: FullOrder['subOrders'][number]): Order['subOrders'][number] {
  return {
    id: s.id,
    type: s.type as 'flight' | 'railway',
    status: subOrderStatusCodec.decode(s.status),
    legs: s.legs as number[],
    flightNumber: s.flightNumber,
    ticketNumber: s.ticketNumber,
    confirmationCode: s.confirmationCode,
    seat: s.seat,
    price: cny(s.priceMinor),
    paidAmount: s.paidMinor === null ? null : cny(s.paidMinor),
    priceDifference: s.priceDifferenceMinor === null ? null : cny(s.priceDifferenceMinor),
    expectedRefund: s.expectedRefundMinor === null ? null : cny(s.expectedRefundMinor),
    // The reimbursement document issued for it (its invoice), and once it stands the order's printable itinerary.
    receiptUrl: s.receiptUrl,
    itineraryUrl:
      s.itineraryUrl ?? (isTicketStanding(subOrderStatusCodec.decode(s.status)) ? itineraryFileUrl(s.orderId) : null),
    ticketing: s.ticketing === 'online' || s.ticketing === 'offline' ? s.ticketing : null,
    serviceFee: s.serviceFeeMinor === null ? null : cny(s.serviceFeeMinor),
  };
}

/**
 * The money an order's changes moved: a change paid for (issuing, done, or failed after) adds its difference;
 * a cheaper change done gives back its refund, and a failed one gives back the difference paid. Null while
 * no change moved any money.
 */
export function changeMoneyOf(totalMinor: number, changes: FullOrder['changes']): Order['changeMoney'] {
  const paid = changes.filter((c) => c.status === 'issuing' || c.status === 'done' || c.status === 'failed');
  const difference = paid.reduce((sum, c) => sum + c.dueMinor, 0);
  const refund = paid.reduce(
    (sum, c) => sum + (c.status === 'done' ? c.refundMinor : 0) + (c.status === 'failed' ? c.dueMinor : 0),
    0,
  );
  if (difference === 0 && refund === 0) return null;
  return { difference: cny(difference), refund: cny(refund), total: cny(totalMinor + difference - refund) };
}

/** An order as its page shows it: travellers, contact, legs, tickets, prices and its support page. */
export function presentOrder(
  { order: o, travellers, subOrders, waitlist, changes }: FullOrder,
  waitlistView: WaitlistView,
  supportUrl: string,
): Order {
  const itinerary = o.itinerary as Itinerary;
  const summary = orderSummary(o);
  const due = subOrders.reduce((sum, s) => sum + (s.priceDifferenceMinor ?? 0), 0);
  return {
    ...summary,
    waitlist: waitlistView(waitlist),
    travellers: travellers.map((t) => ({
      passengerId: t.passengerId,
      name: t.name,
      airType: t.airType as Order['travellers'][number]['airType'],
      railType: t.railType as Order['travellers'][number]['railType'],
      documentType: t.documentType,
      documentMasked: t.documentMasked,
    })),
    contact: { name: o.contactName, phoneMasked: o.contactPhoneMasked, email: o.contactEmail },
    legs: itinerary.legs,
    bounds: itinerary.bounds,
    scheduleChanges: itinerary.scheduleChanges ?? [],
    cancelledLegs: itinerary.cancelledLegs ?? [],
    fees: itinerary.fees,
    ...(itinerary.selfTransferMinutes === undefined ? {} : { selfTransferMinutes: itinerary.selfTransferMinutes }),
    agent: o.agent as Order['agent'],
    ...(itinerary.seller ? { seller: itinerary.seller } : {}),
    subOrders: subOrders.map(subOrderView),
    breakdown: o.breakdown as PriceBreakdown,
    extras: o.extras as Order['extras'],
    supportUrl: `${supportUrl.replace(/\/$/, '')}/order/${o.id}`,
    channel: o.channel as OrderChannel,
    priceDifference: summary.status === ORDER_STATUS.PRICE_DIFFERENCE_DUE && due > 0 ? cny(due) : null,
    changeMoney: changeMoneyOf((o.breakdown as PriceBreakdown).totalMinor, changes),
  };
}
