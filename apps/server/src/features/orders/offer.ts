import {
  type BookingOffer,
  type CreateOrder,
  defaultTicketingWay,
  isRide,
  type RailFeeTable,
  type RailLinkStatus,
  type ResultLeg,
  railServiceFee,
  type SearchResult,
  ticketsOf,
} from '@junction/domain';
import type { OrdersContext } from './orders.context';
import type { QuotedOffer } from './ports';

/** The local calendar day of an ISO time with offset (`2026-07-15T08:00:00+08:00`). */
export const localDay = (iso: string) => iso.slice(0, 10);

/** What a quoted offer is for: its first and last days, air or rail, and whether it leaves China. */
export function tripOf(offer: QuotedOffer): BookingOffer['trip'] {
  const { result } = offer;
  const tickets = ticketsOf(result);
  const first = result.legs[0] as ResultLeg;
  const last = result.legs[result.legs.length - 1] as ResultLeg;
  return {
    start: localDay(first.departureTime),
    end: localDay(last.arrivalTime),
    air: tickets.some((t) => t.type === 'flight'),
    rail: tickets.some((t) => t.type === 'railway'),
    international: offer.countries.some((c) => c !== 'CN'),
  };
}

/** The seat stock of a class on a train on a day. */
export function stockKey(leg: ResultLeg, seatClass: string): { key: string; train: string; date: string } {
  const date = localDay(leg.departureTime);
  return { key: `rail:${leg.number}:${date}:${seatClass}`, train: leg.number, date };
}

/** The seat class a rail leg is sold in: the traveller's choice, else the one quoted. */
export function seatClassOf(result: SearchResult, extras: CreateOrder['extras'], leg: number): string {
  return extras.rail.find((c) => c.leg === leg)?.seatClass ?? (result.legs[leg]?.cabin as string);
}

/** The state of the user's 12306 link and the fee table; offline at the flat fee without a rail account feature. */
export async function railTicketing(
  ctx: OrdersContext,
  userId: string | undefined,
): Promise<{ link: RailLinkStatus; fees: RailFeeTable }> {
  const flat = ctx.offers.railServiceFeeMinor;
  if (!ctx.offers.railTicketing || !userId) {
    return { link: 'none', fees: { onlinePerTicketMinor: 0, offlinePerTicketMinor: flat, offlineByTrainType: {} } };
  }
  return ctx.offers.railTicketing(userId);
}

/** Per rail ride: its train and the service fee per ticket each way of ticketing costs. */
function railLegs(result: SearchResult, fees: RailFeeTable): BookingOffer['railTicketing']['legs'] {
  return ticketsOf(result)
    .filter((t) => t.type === 'railway')
    .map((t) => {
      const leg = t.legs[0] as number;
      const train = result.legs[leg]?.number ?? '';
      return {
        leg,
        train,
        onlineFeeMinor: railServiceFee(fees, 'online', train),
        offlineFeeMinor: railServiceFee(fees, 'offline', train),
      };
    });
}

/**
 * Whether a result may join a waiting list and until when (one train ride, its cut-off still ahead),
 * and which of its classes have too few seats for the party searched: only those are offered it.
 */
function waitlistFor(
  ctx: OrdersContext,
  result: SearchResult,
  remaining: BookingOffer['remaining'],
  party: number,
): BookingOffer['waitlist'] {
  const tickets = ticketsOf(result);
  const ride = result.legs.find(isRide);
  const none = { available: false, soldOut: [], cutoffAt: null, cardOnly: true } as const;
  const waitlist = ctx.waitlist();
  if (!waitlist || result.kind !== 'train' || tickets.length !== 1 || tickets[0]?.type !== 'railway' || !ride)
    return { ...none, soldOut: [] };
  const cutoff = waitlist.cutoffFor(ride.departureTime);
  if (cutoff.at.getTime() <= ctx.now().getTime()) return { ...none, soldOut: [] };
  const soldOut = remaining.filter((r) => r.remaining < Math.max(1, party)).map((r) => r.seatClass);
  return { available: soldOut.length > 0, soldOut, cutoffAt: cutoff.local, cardOnly: true };
}

/** A result as the booking page offers it: re-quoted, with seats left per class and the ways to ticket it. */
export async function offer(
  ctx: OrdersContext,
  searchId: string,
  resultId: string,
  userId?: string,
): Promise<BookingOffer> {
  const [quoted, ticketing] = await Promise.all([ctx.offers.quote(searchId, resultId), railTicketing(ctx, userId)]);
  const { result } = quoted;
  const students = userId && ctx.offers.students ? await ctx.offers.students(userId, result.legs) : [];
  const slots: { leg: number; seatClass: string; key: string; capacity: number }[] = [];
  result.legs.forEach((leg, i) => {
    if (leg.kind !== 'land') return;
    const classes = leg.seats?.map((s) => s.code) ?? (leg.cabin ? [leg.cabin] : []);
    for (const seatClass of classes) {
      const { key, train, date } = stockKey(leg, seatClass);
      slots.push({ leg: i, seatClass, key, capacity: ctx.offers.railCapacity(train, date, seatClass) });
    }
  });
  const held = await ctx.repo.held(slots.map((s) => s.key));
  const remaining = slots.map((s) => {
    const stock = held.get(s.key);
    return { leg: s.leg, seatClass: s.seatClass, remaining: stock ? stock.capacity - stock.held : s.capacity };
  });
  const searched = quoted.criteria.adults + quoted.criteria.children;
  return {
    result,
    criteria: quoted.criteria,
    trip: tripOf(quoted),
    tickets: ticketsOf(result),
    remaining,
    railServiceFeeMinor: ctx.offers.railServiceFeeMinor,
    railTicketing: {
      link: ticketing.link,
      way: defaultTicketingWay(ticketing.link),
      fees: ticketing.fees,
      legs: railLegs(result, ticketing.fees),
    },
    paymentMinutes: ctx.options.paymentMinutes,
    waitlist: waitlistFor(ctx, result, remaining, searched),
    students,
  };
}
