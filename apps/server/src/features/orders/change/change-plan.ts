import {
  type AirType,
  AppError,
  airChangeMoney,
  airFareFor,
  type BookingExtras,
  type ChangeMoney,
  type ChangeQuote,
  type ChangeStatus,
  type ChangeTrip,
  isLowerCabin,
  isOpenChange,
  isRide,
  ORDER_STATUS,
  orderStatusCodec,
  type RailType,
  type ResultLeg,
  railChangeAllowed,
  railChangeMoney,
  railClassFare,
  railTravellerFare,
  SUB_ORDER_STATUS,
  subOrderStatusCodec,
} from '@junction/domain';
import { stockKey } from '../offer';
import type { Itinerary } from '../order-view';
import type { FullOrder, SubOrderRow } from '../orders.repository';
import type { QuotedOffer } from '../ports';
import type { ChangeRow } from './change.repository';
import { type ChangeSplit, changePart } from './change-part';

/** What a confirmed change writes: the quote, the new rides and sub-order, the seats to hold and give back. */
export type ChangePlan = {
  quote: ChangeQuote;
  money: ChangeMoney;
  /** The tickets that change: the sub-order, or the part of it its chosen travellers split off. */
  sub: SubOrderRow;
  /** Set when some of the sub-order's travellers change and the others keep their tickets. */
  split: ChangeSplit | null;
  newLegs: ResultLeg[];
  newSub: {
    type: string;
    legs: number[];
    flightNumber: string;
    priceMinor: number;
    paidMinor: number;
    priceDifferenceMinor: number | null;
    ticketing: string | null;
    serviceFeeMinor: number | null;
    travellerPrices: { priceMinor: number; serviceFeeMinor: number }[];
    supplier: string | null;
    /** The positions of the travellers its tickets are for; null: every traveller of the order. */
    travellers: number[] | null;
  };
  seatHold: { key: string; train: string; date: string; seatClass: string; seats: number } | null;
  oldSeatKey: string | null;
};

const refuse = (reason: string): never => {
  throw new AppError('CHANGE_NOT_ALLOWED', { params: { reason } });
};

/** A ride as a change shows it. */
export const tripOf = (legs: ResultLeg[], seatClass: string): ChangeTrip => {
  const first = legs[0] as ResultLeg;
  const last = legs[legs.length - 1] as ResultLeg;
  return {
    number: legs.map((l) => l.number).join(' / '),
    from: first.from.name,
    to: last.to.name,
    departureTime: first.departureTime,
    arrivalTime: last.arrivalTime,
    seatClass,
  };
};

/** The seat class a rail sub-order was sold in: the traveller's choice, else its ride's class. */
export const soldClass = (extras: BookingExtras, sub: SubOrderRow, leg: ResultLeg): string =>
  extras.rail?.find((c) => (sub.legs as number[]).includes(c.leg))?.seatClass ?? leg.cabin ?? '';

/** How many changes made the ticket of a sub-order (a change of arrival station counts). */
export const changesMade = (changes: ChangeRow[], subOrderId: string): number =>
  changes.filter((c) => c.newSubOrderId === subOrderId && c.status !== 'lapsed').length;

/** Why a sub-order cannot be changed at all now (status, an open change), or null. */
export function changeBlocked(full: FullOrder, sub: SubOrderRow, changes: ChangeRow[]): string | null {
  if (orderStatusCodec.decode(full.order.status) !== ORDER_STATUS.TICKETED) return 'status';
  if (subOrderStatusCodec.decode(sub.status) !== SUB_ORDER_STATUS.TICKETED) return 'status';
  if (changes.some((c) => isOpenChange(c.status as ChangeStatus))) return 'status';
  return null;
}

/**
 * The change of one ticket of a ticketed order to a quoted result, by the railway's change rules or the
 * airline's fees: refused (`CHANGE_NOT_ALLOWED`) unless the result is one ride of the same kind between
 * the same cities (a flight on the same carrier), allowed at this time, for every traveller on the ticket,
 * and (`CHANGE_SAME_TRIP`) when it is the ticket's own train or flight in its own class or cabin.
 * `seatClass` is a train's seat class or a flight's cabin (the offer of a flight is quoted in it).
 */
export function planChange(
  full: FullOrder,
  subOrderId: string,
  offer: QuotedOffer,
  changes: ChangeRow[],
  p: { nowMs: number; seatClass?: string | undefined; travellers?: string | undefined; refunded?: number[] },
): ChangePlan {
  const whole = full.subOrders.find((s) => s.id === subOrderId);
  if (!whole) throw new AppError('ORDER_NOT_FOUND');
  const blocked = changeBlocked(full, whole, changes);
  if (blocked) refuse(blocked);
  const { sub, positions, split } = changePart(full, whole, p.travellers, p.refunded);
  const itinerary = full.order.itinerary as Itinerary;
  const legIdx = sub.legs as number[];
  const oldLegs = legIdx.map((i) => itinerary.legs[i] as ResultLeg);
  const newLegs = offer.result.legs.filter(isRide);
  const rail = sub.type === 'railway';
  if (newLegs.length !== oldLegs.length || newLegs.some((l) => l.kind !== (rail ? 'land' : 'air')))
    refuse('other-route');
  const [first, last, newFirst, newLast] = [oldLegs[0], oldLegs.at(-1), newLegs[0], newLegs.at(-1)] as [
    ResultLeg,
    ResultLeg,
    ResultLeg,
    ResultLeg,
  ];
  const cityOf = (pt: ResultLeg['from']) => pt.city?.id ?? pt.code;
  const sameCities = cityOf(first.from) === cityOf(newFirst.from) && cityOf(last.to) === cityOf(newLast.to);
  const extras = full.order.extras as BookingExtras;
  const travellers = full.travellers.filter((t) => positions.includes(t.position));
  const serviceFee = sub.serviceFeeMinor ?? 0;
  const oldFare = (sub.paidMinor ?? sub.priceMinor) - serviceFee;
  const ride = { sub, positions, first, newFirst, sameCities, oldFare, nowMs: p.nowMs, wanted: p.seatClass };
  const { money, seatClass, shares } = rail
    ? railPrice(full, ride, changesMade(changes, sub.id))
    : airPrice(full, ride, offer);
  const newPrice = money.newFareMinor + serviceFee;
  const seats = travellers.filter((t) => t.railType !== 'FREE_CHILD').length;
  const hold = rail ? stockKey(newFirst, seatClass) : null;
  const quote: ChangeQuote = {
    orderId: full.order.id,
    subOrderId: sub.id,
    type: rail ? 'railway' : 'flight',
    from: tripOf(oldLegs, rail ? soldClass(extras, sub, first) : (first.cabin ?? 'Y')),
    to: tripOf(newLegs, seatClass),
    ...moneyView(money),
    arrivalChanged: rail && newLast.to.code !== last.to.code,
    travellers: positions,
  };
  return {
    quote,
    money,
    sub,
    split,
    newLegs,
    newSub: {
      type: sub.type,
      // Split off, the new train is a ride of its own beside the one the others keep.
      legs: split ? newLegs.map((_, k) => itinerary.legs.length + k) : legIdx,
      flightNumber: newLegs.map((l) => l.number).join(' / '),
      priceMinor: newPrice,
      // A difference to pay is added to what was paid once it is paid (the order lifecycle's `payDifference`).
      paidMinor: newPrice - money.dueMinor,
      priceDifferenceMinor: money.dueMinor > 0 ? money.dueMinor : null,
      ticketing: sub.ticketing,
      serviceFeeMinor: sub.serviceFeeMinor,
      travellerPrices: shares,
      supplier: rail ? null : (offer.result.sellers[0]?.supplier ?? sub.supplier),
      travellers: split || Array.isArray(whole.travellers) ? positions : null,
    },
    seatHold: hold ? { ...hold, seatClass, seats } : null,
    oldSeatKey: rail ? stockKey(first, soldClass(extras, sub, first)).key : null,
  };
}

const cny = (amount: number) => ({ amount, currency: 'CNY' as const });

const moneyView = (money: ChangeMoney) => ({
  oldFare: cny(money.oldFareMinor),
  newFare: cny(money.newFareMinor),
  fee: cny(money.feeMinor),
  due: cny(money.dueMinor),
  refund: cny(money.refundMinor),
  // Where it goes is the order's payments' to say (`ChangeService`).
  refundTo: null,
  rule: money.rule,
  percent: money.percent,
});

type Ride = {
  sub: SubOrderRow;
  /** The travellers whose tickets change. */
  positions: number[];
  first: ResultLeg;
  newFirst: ResultLeg;
  sameCities: boolean;
  oldFare: number;
  nowMs: number;
  /** The seat class asked for, if any. */
  wanted?: string | undefined;
};
/** The share of a traveller the tickets are not for. */
const NO_SHARE = { priceMinor: 0, serviceFeeMinor: 0 };

type Priced = { money: ChangeMoney; seatClass: string; shares: { priceMinor: number; serviceFeeMinor: number }[] };

/** A train ticket's change by the railway's rules, in the class it was sold in when the new train has it. */
function railPrice(full: FullOrder, r: Ride, made: number): Priced {
  const check = railChangeAllowed({
    departureTime: r.first.departureTime,
    newDepartureTime: r.newFirst.departureTime,
    nowMs: r.nowMs,
    changesMade: made,
    sameCities: r.sameCities,
  });
  if (!check.allowed) refuse(check.rule);
  const oldClass = soldClass(full.order.extras as BookingExtras, r.sub, r.first);
  if (r.wanted !== undefined && railClassFare(r.newFirst, r.wanted) === undefined) refuse('seat-class');
  // The same train in the class it was sold in is no change at all.
  const wanted = r.wanted ?? oldClass;
  if (wanted === oldClass && r.newFirst.number === r.first.number && r.newFirst.departureTime === r.first.departureTime)
    throw new AppError('CHANGE_SAME_TRIP');
  const seatClass = railClassFare(r.newFirst, wanted) === undefined ? (r.newFirst.cabin ?? oldClass) : wanted;
  const adult = railClassFare(r.newFirst, seatClass) ?? r.newFirst.price.amount;
  const oldShares = (r.sub.travellerPrices as { serviceFeeMinor: number }[] | null) ?? [];
  const shares = full.travellers.map((t, i) => {
    if (!r.positions.includes(t.position)) return NO_SHARE;
    const fee = oldShares[i]?.serviceFeeMinor ?? 0;
    const fare = railTravellerFare((t.railType ?? 'ADULT') as RailType, adult, { leg: r.newFirst, seatClass });
    // A student ticket stays one: a class or train without the student fare is refused, never sold at the adult's.
    if (fare === undefined)
      throw new AppError('NO_QUOTA', { params: { type: 'STUDENT', reason: 'classNotDiscounted' } });
    return { priceMinor: fare + fee, serviceFeeMinor: fee };
  });
  const newFare = shares.reduce((s, x) => s + x.priceMinor - x.serviceFeeMinor, 0);
  const departureMs = Date.parse(r.first.departureTime);
  const money = railChangeMoney({ oldFareMinor: r.oldFare, newFareMinor: newFare, departureMs, nowMs: r.nowMs });
  return { money, seatClass, shares };
}

/**
 * A flight's change on the same carrier and route, at its fare's change fee: in the cabin asked for (the
 * seller's answer is in it), else its own. Every flight of it must sell that cabin with seats for the party;
 * the same flight in its own cabin is no change.
 */
function airPrice(full: FullOrder, r: Ride, offer: QuotedOffer): Priced {
  if (!r.sameCities || r.newFirst.carrier !== r.first.carrier) refuse(r.sameCities ? 'other-carrier' : 'other-route');
  const held = r.first.cabin ?? 'Y';
  const cabin = r.wanted ?? r.newFirst.cabin ?? held;
  const flights = offer.result.legs.filter(isRide);
  const cabinOf = (l: ResultLeg) => l.seats?.find((x) => x.code === cabin);
  if (flights.some((l) => (l.cabin ?? 'Y') !== cabin || (l.seats?.length && !cabinOf(l)))) refuse('seat-class');
  if (cabin === held && r.newFirst.number === r.first.number && r.newFirst.departureTime === r.first.departureTime)
    throw new AppError('CHANGE_SAME_TRIP');
  const changing = full.travellers.filter((t) => r.positions.includes(t.position));
  const seated = changing.filter((t) => t.airType !== 'INFANT').length;
  if (flights.some((l) => (cabinOf(l)?.remaining ?? seated) < seated)) throw new AppError('TICKETS_INSUFFICIENT');
  const adult = offer.result.price.amount;
  const shares = full.travellers.map((t) =>
    r.positions.includes(t.position)
      ? { priceMinor: airFareFor(t.airType as AirType, adult), serviceFeeMinor: 0 }
      : NO_SHARE,
  );
  const quoted = airChangeMoney({
    oldFareMinor: r.oldFare,
    newFareMinor: shares.reduce((s, x) => s + x.priceMinor, 0),
    fees: (full.order.itinerary as Itinerary).fees,
    seatedTravellers: seated,
    departureMs: Date.parse(r.first.departureTime),
    nowMs: r.nowMs,
    lowerCabin: isLowerCabin(cabin, held),
  });
  if ('allowed' in quoted) return refuse(quoted.rule);
  return { money: quoted, seatClass: cabin, shares };
}
