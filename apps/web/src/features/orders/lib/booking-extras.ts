import { type BookingExtras, type BookingOffer, type ResultLeg, railClassFare } from '@junction/domain';

/**
 * The extras a booking starts with: the seat class of its train chosen on the result's card (a class the
 * train has), nothing else chosen yet.
 */
export function startingExtras(offer: BookingOffer, seatClass: string | null): BookingExtras {
  const rides = offer.tickets.filter((x) => x.type === 'railway').map((x) => x.legs[0] as number);
  const leg = rides.length === 1 ? rides[0] : undefined;
  const has =
    leg !== undefined && !!seatClass && railClassFare(offer.result.legs[leg] as ResultLeg, seatClass) !== undefined;
  return { rail: has ? [{ leg, seatClass, seats: [], bunks: [] }] : [], baggage: [] };
}

/** The legs as booked: each train in the seat class chosen for it, at that class's fare. */
export function legsInChosenClasses(legs: readonly ResultLeg[], extras: BookingExtras): ResultLeg[] {
  return legs.map((leg, i) => {
    const choice = extras.rail.find((c) => c.leg === i);
    const fare = choice && leg.kind === 'land' ? railClassFare(leg, choice.seatClass) : undefined;
    return choice && fare !== undefined
      ? { ...leg, cabin: choice.seatClass, price: { ...leg.price, amount: fare } }
      : leg;
  });
}

/**
 * Whether a ride's chosen class has too few seats for the party and its waiting list may be joined (the
 * train's list is open): a class with seats for everyone is booked, never waited for.
 */
export function isWaitlisted(offer: BookingOffer, leg: number, seatClass: string, seatsNeeded: number): boolean {
  if (offer.waitlist.cutoffAt === null || seatsNeeded === 0) return false;
  const left = offer.remaining.find((r) => r.leg === leg && r.seatClass === seatClass)?.remaining ?? 0;
  return left < seatsNeeded;
}
