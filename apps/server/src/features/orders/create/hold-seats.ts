import {
  AppError,
  airSeatsNeeded,
  type CreateOrder,
  flightShortOfSeats,
  type PartyTypes,
  type ResultLeg,
  railSeatsNeeded,
  type SearchResult,
  ticketsOf,
} from '@junction/domain';
import { seatClassOf, stockKey } from '../offer';
import type { OrdersContext } from '../orders.context';
import type { SeatHold, Trx } from '../orders.repository';

/** The seats an order holds on one train ride, in one class. */
export type RideHold = SeatHold & { train: string; date: string; seatClass: string; departureTime: string };

/** A waiting list the order joins instead of holding seats: its one ride and when the list closes. */
export type WaitlistPlace = { hold: RideHold; cutoff: { at: Date; local: string } };

/**
 * Before the price: every flight has a seat in the cabin booked for each traveller but infants on a lap,
 * by its seller's fresh answer. A cabin the flight does not sell, or one with fewer seats left, is
 * `TICKETS_INSUFFICIENT`, with the flight's cabin and the seats it has left.
 */
export function checkFlightSeats(result: SearchResult, types: PartyTypes): void {
  const short = flightShortOfSeats(result, airSeatsNeeded(types));
  if (short) throw new AppError('TICKETS_INSUFFICIENT', { params: { cabin: short.cabin, remaining: short.remaining } });
}

/** The third step of an order, first half: the seats each rail ticket needs, by train, day and class. */
export function planHolds(
  ctx: Pick<OrdersContext, 'offers'>,
  p: {
    result: SearchResult;
    tickets: { type: string; legs: number[] }[];
    types: PartyTypes;
    extras: CreateOrder['extras'];
  },
): RideHold[] {
  const seats = railSeatsNeeded(p.types);
  const holds: RideHold[] = [];
  for (const ticket of p.tickets) {
    if (ticket.type !== 'railway' || seats === 0) continue;
    const legIndex = ticket.legs[0] as number;
    const leg = p.result.legs[legIndex] as ResultLeg;
    const seatClass = seatClassOf(p.result, p.extras, legIndex);
    const { key, train, date } = stockKey(leg, seatClass);
    const capacity = ctx.offers.railCapacity(train, date, seatClass);
    holds.push({ key, capacity, seats, train, date, seatClass, departureTime: leg.departureTime });
  }
  return holds;
}

/**
 * A waiting list the order may join: a train-only order of one ride (6209), its cut-off ahead (6207),
 * and too few seats left in the chosen class for the party (6206).
 */
export async function joinable(
  ctx: Pick<OrdersContext, 'repo' | 'waitlist'>,
  result: SearchResult,
  holds: RideHold[],
  now: Date,
): Promise<WaitlistPlace> {
  const waitlist = ctx.waitlist();
  const hold = holds[0];
  if (!waitlist || result.kind !== 'train' || ticketsOf(result).length !== 1 || holds.length !== 1 || !hold)
    throw new AppError('WAITLIST_NOT_AVAILABLE');
  const cutoff = waitlist.cutoffFor(hold.departureTime);
  if (cutoff.at.getTime() <= now.getTime()) throw new AppError('WAITLIST_CLOSED');
  const stock = (await ctx.repo.held([hold.key])).get(hold.key);
  const left = stock ? stock.capacity - stock.held : hold.capacity;
  if (left >= hold.seats) throw new AppError('WAITLIST_NOT_SOLD_OUT');
  return { hold, cutoff };
}

/**
 * The third step, second half, in the transaction that writes the order: its seats held, or its place
 * on the waiting list taken. `TICKETS_INSUFFICIENT` when a ride's seats no longer fit.
 */
export async function holdSeats(
  ctx: Pick<OrdersContext, 'repo'>,
  trx: Trx,
  p: { orderId: string; userId: string; holds: RideHold[]; waitlist: WaitlistPlace | undefined; at: Date },
): Promise<void> {
  const { waitlist } = p;
  if (!waitlist) {
    for (const hold of p.holds) {
      if (!(await ctx.repo.holdSeats(trx, p.orderId, hold))) throw new AppError('TICKETS_INSUFFICIENT');
    }
    return;
  }
  await ctx.repo.insertWaitlist(trx, {
    orderId: p.orderId,
    userId: p.userId,
    status: 'awaiting_hold',
    reason: null,
    stockKey: waitlist.hold.key,
    train: waitlist.hold.train,
    travelDate: waitlist.hold.date,
    seatClass: waitlist.hold.seatClass,
    seats: waitlist.hold.seats,
    cutoffAt: waitlist.cutoff.at,
    cutoffLocal: waitlist.cutoff.local,
    heldMinor: null,
    createdAt: p.at,
    updatedAt: p.at,
  });
}

/** What the order's 'created' event records of its seats: those held, or its place on the waiting list. */
export const seatsRecord = (holds: RideHold[], waitlist: WaitlistPlace | undefined) =>
  waitlist
    ? { waitlist: { key: waitlist.hold.key, seats: waitlist.hold.seats, cutoffAt: waitlist.cutoff.local } }
    : { seats: holds.map((h) => ({ key: h.key, seats: h.seats })) };
