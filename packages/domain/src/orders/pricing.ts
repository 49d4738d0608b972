import type { ErrorName } from '../errors';
import { studentFareBasis, studentFareMinor } from '../rail/student-fares';
import type { ResultLeg, SearchResult } from '../search/search.schema';
import { isRide } from '../search/search-options';
import {
  type BookingExtras,
  type Bunk,
  MAX_EXTRA_PIECES,
  type PriceBreakdown,
  type SeatLetter,
  type Ticket,
} from './order.schema';
import { type AirType, isAdultFare, type PartyTypes, type RailType } from './traveller-rules';

/**
 * Fares of a party from an adult fare, the same rounding the sellers use: air children pay 75 % and
 * infants without a seat 10 % (whole yuan); rail children pay half (half yuan) and a free child nothing.
 */
export const FARE_SHARES = { airChild: 0.75, airInfant: 0.1, railChild: 0.5 } as const;
export const airChildFare = (adult: number): number => Math.round((adult * FARE_SHARES.airChild) / 100) * 100;
export const airInfantFare = (adult: number): number => Math.round((adult * FARE_SHARES.airInfant) / 100) * 100;
export const railChildFare = (adult: number): number => Math.round((adult * FARE_SHARES.railChild) / 50) * 50;

export function airFareFor(type: AirType, adult: number): number {
  if (isAdultFare(type)) return adult;
  return type === 'CHILD' ? airChildFare(adult) : airInfantFare(adult);
}

/** A rail fare from the adult one; a student ticket's own fare is the class's (`railTravellerFare`), else the adult's. */
export function railFareFor(type: RailType, adult: number): number {
  return type === 'CHILD' ? railChildFare(adult) : type === 'FREE_CHILD' ? 0 : adult;
}

/** Bunks each sleeper class has (spec §3 codes): three tiers in hard sleepers, two in soft ones. */
export const SLEEPER_BUNKS: Readonly<Record<string, readonly Bunk[]>> = {
  A3: [1, 2, 3],
  AJ: [1, 2, 3],
  A4: [1, 3],
  AI: [1, 3],
  A6: [1, 3],
  A: [1, 3],
  F: [1, 3],
};
/** A lower bunk costs 10 % more than the class fare and a middle one 5 %; an upper one the class fare. */
export const BUNK_SURCHARGE: Readonly<Record<Bunk, number>> = { 1: 0.1, 2: 0.05, 3: 0 };
export const bunkSurcharge = (classFare: number, bunk: Bunk): number =>
  Math.round((classFare * BUNK_SURCHARGE[bunk]) / 50) * 50;

/** Seat letters of the seated classes: five across in second class, four in first, three in business. */
export const SEAT_LETTERS_BY_CLASS: Readonly<Record<string, readonly SeatLetter[]>> = {
  O: ['A', 'B', 'C', 'D', 'F'],
  '8': ['A', 'B', 'C', 'D', 'F'],
  M: ['A', 'C', 'D', 'F'],
  '7': ['A', 'C', 'D', 'F'],
  A9: ['A', 'C', 'F'],
  P: ['A', 'C', 'F'],
  D: ['A', 'C', 'F'],
};

/** Taxes and fees of a flight segment per seated traveller, part of the fare. */
export const AIR_TAX_PER_SEGMENT_MINOR = 5000;

/**
 * The tickets of a result, in order: consecutive flights share a ticket until a self-transfer (a leg
 * bought on its own ticket); each train ride is a ticket. Ground legs are guidance and not sold.
 */
export function ticketsOf(result: Pick<SearchResult, 'legs'>): Ticket[] {
  const tickets: Ticket[] = [];
  let previous: ResultLeg | undefined;
  result.legs.forEach((leg, i) => {
    if (!isRide(leg)) return;
    const type = leg.kind === 'air' ? 'flight' : 'railway';
    const current = tickets[tickets.length - 1];
    if (!current || type === 'railway' || current.type !== type || previous?.separateTicket) {
      tickets.push({ type, legs: [i] });
    } else current.legs.push(i);
    previous = leg;
  });
  return tickets;
}

/** The adult fare of a rail leg in a seat class, or undefined when the leg has no such class. */
export function railClassFare(leg: ResultLeg, seatClass: string): number | undefined {
  const seat = leg.seats?.find((s) => s.code === seatClass);
  if (seat) return seat.price.amount;
  return seatClass === leg.cabin ? leg.price.amount : undefined;
}

/**
 * A student's fare on a rail ride in a class, by the railway's rules (`student-fares.ts`): a high-speed
 * train's seats and sleepers from their fare, a conventional train's hard seat and hard sleeper from the
 * hard seat's; undefined when the class sells no student ticket.
 */
export function studentClassFare(leg: ResultLeg, seatClass: string): number | undefined {
  const basis = studentFareBasis({ trainType: leg.number.charAt(0), seatClass });
  const fareMinor = railClassFare(leg, seatClass);
  if (!basis || fareMinor === undefined) return undefined;
  const hardSeatMinor = railClassFare(leg, 'A1');
  return studentFareMinor(basis, { fareMinor, ...(hardSeatMinor === undefined ? {} : { hardSeatMinor }) });
}

/**
 * What a traveller of this type pays on a rail ride in a seat class whose adult fare is `adultMinor`: a
 * student the class's student fare (`studentClassFare`), undefined when the class sells no student ticket;
 * anyone else their share of the adult fare (`railFareFor`). Booking and changing a ticket both price by it.
 */
export function railTravellerFare(
  type: RailType,
  adultMinor: number,
  ride: { leg: ResultLeg; seatClass: string },
): number | undefined {
  return type === 'STUDENT' ? studentClassFare(ride.leg, ride.seatClass) : railFareFor(type, adultMinor);
}

/** The adult fare of each ticket: a flight result's price shared by its legs' fares; rides at the chosen class. */
export function ticketAdultFares(result: SearchResult, tickets: readonly Ticket[], extras: BookingExtras): number[] {
  const legFare = (i: number) => {
    const leg = result.legs[i] as ResultLeg;
    const choice = extras.rail.find((c) => c.leg === i);
    return (choice && leg.kind === 'land' ? railClassFare(leg, choice.seatClass) : undefined) ?? leg.price.amount;
  };
  if (result.kind !== 'flight') return tickets.map((t) => t.legs.reduce((s, i) => s + legFare(i), 0));
  // A flight result is priced as a whole (round-trip and connection discounts): shared out by leg fares.
  const weights = tickets.map((t) => t.legs.reduce((s, i) => s + legFare(i), 0));
  const sum = weights.reduce((a, b) => a + b, 0);
  const total = result.price.amount;
  let left = total;
  return weights.map((w, k) => {
    if (k === weights.length - 1) return left;
    const share = sum > 0 ? Math.round((total * w) / sum / 100) * 100 : 0;
    left -= share;
    return share;
  });
}

/** One traveller's part of a ticket: what it costs them, and of that our rail service fee. */
export type TravellerShare = { priceMinor: number; serviceFeeMinor: number };

export type PricedTicket = {
  type: Ticket['type'];
  legs: number[];
  priceMinor: number;
  /** Of the price: the rail service fees of this ticket's travellers (offline ticketing). */
  serviceFeeMinor: number;
  /** Each traveller's part, in the party's order: what refunding that traveller's ticket starts from. */
  travellers: TravellerShare[];
};

/**
 * The order's price from an offer quoted for one adult, the party's types and the extras: fares per
 * ticket kind and traveller type, the bunk and baggage extras, the rail service fee per seated rail
 * ticket, and each ticket's share (a sub-order's price). Ground legs are an estimate outside the total.
 */
export function priceOrder(p: {
  result: SearchResult;
  types: PartyTypes;
  extras: BookingExtras;
  /** The service fee per rail ticket, when every train costs the same. */
  railServiceFeeMinor: number;
  /** The service fee per ticket on the rail ride at this leg index (by its way of ticketing and train type). */
  railServiceFeeOf?: (legIndex: number) => number;
  /**
   * A seat's price on the flight at this leg index (its seat map's) for the traveller at `traveller` in the
   * party's order, who sits in it and pays for it; undefined: not sold to them.
   */
  seatPriceOf?: (legIndex: number, designator: string, traveller: number) => number | undefined;
}): { breakdown: PriceBreakdown; tickets: PricedTicket[] } {
  const { result, types, extras } = p;
  const tickets = ticketsOf(result);
  const adultFares = ticketAdultFares(result, tickets, extras);
  // A fare line counts travellers, not tickets: one adult on two flights is one adult paying both fares.
  const fares = new Map<string, PriceBreakdown['fares'][number] & { travellers: Set<number> }>();
  const addFare = (ticket: Ticket['type'], type: AirType | RailType, traveller: number, amount: number) => {
    const key = `${ticket}:${type}`;
    const line = fares.get(key) ?? { ticket, type, count: 0, totalMinor: 0, travellers: new Set<number>() };
    line.travellers.add(traveller);
    line.count = line.travellers.size;
    line.totalMinor += amount;
    fares.set(key, line);
  };
  let taxes = 0;
  let bunks = { count: 0, totalMinor: 0 };
  let baggage = { count: 0, totalMinor: 0 };
  let service = { count: 0, totalMinor: 0 };
  let seats = { count: 0, totalMinor: 0 };
  const priced = tickets.map((ticket, k) => {
    const adult = adultFares[k] as number;
    let price = 0;
    let ticketFees = 0;
    const shares: TravellerShare[] = [];
    if (ticket.type === 'flight') {
      const perPiece = bagPrice(result, ticket);
      const choice = extras.baggage.find((b) => b.ticket === k);
      types.air.forEach((type, t) => {
        const fare = airFareFor(type, adult);
        addFare('flight', type, t, fare);
        price += fare;
        if (type !== 'INFANT') taxes += Math.min(AIR_TAX_PER_SEGMENT_MINOR * ticket.legs.length, Math.floor(fare / 4));
        const pieces = perPiece === undefined ? 0 : (choice?.pieces[t] ?? 0);
        if (pieces > 0 && perPiece !== undefined) {
          baggage = { count: baggage.count + pieces, totalMinor: baggage.totalMinor + pieces * perPiece };
          price += pieces * perPiece;
        }
        const seatsMinor = seatsPrice(ticket.legs, t, extras, p.seatPriceOf);
        if (seatsMinor.count > 0) {
          seats = { count: seats.count + seatsMinor.count, totalMinor: seats.totalMinor + seatsMinor.totalMinor };
          price += seatsMinor.totalMinor;
        }
        shares.push({
          priceMinor: fare + pieces * (perPiece ?? 0) + seatsMinor.totalMinor,
          serviceFeeMinor: 0,
        });
      });
    } else {
      const legIndex = ticket.legs[0] as number;
      const choice = extras.rail.find((c) => c.leg === legIndex);
      const fee = p.railServiceFeeOf?.(legIndex) ?? p.railServiceFeeMinor;
      const ride = result.legs[legIndex] as ResultLeg;
      const seatClass = choice?.seatClass ?? ride.cabin ?? '';
      types.rail.forEach((type, t) => {
        // A student's class sells student tickets (`checkStudents` refused the order otherwise).
        const fare = railTravellerFare(type, adult, { leg: ride, seatClass }) ?? adult;
        addFare('railway', type, t, fare);
        price += fare;
        let share = fare;
        const bunk = choice?.bunks[t];
        if (bunk && type !== 'FREE_CHILD') {
          const extra = type === 'CHILD' ? railChildFare(bunkSurcharge(adult, bunk)) : bunkSurcharge(adult, bunk);
          bunks = { count: bunks.count + 1, totalMinor: bunks.totalMinor + extra };
          price += extra;
          share += extra;
        }
        const own = type !== 'FREE_CHILD' ? fee : 0;
        if (own > 0) {
          service = { count: service.count + 1, totalMinor: service.totalMinor + own };
          price += own;
          ticketFees += own;
        }
        shares.push({ priceMinor: share + own, serviceFeeMinor: own });
      });
    }
    return { type: ticket.type, legs: ticket.legs, priceMinor: price, serviceFeeMinor: ticketFees, travellers: shares };
  });
  const ground = result.legs.filter((l) => !isRide(l)).reduce((s, l) => s + l.price.amount, 0);
  const breakdown: PriceBreakdown = {
    fares: [...fares.values()].map(({ travellers: _travellers, ...line }) => line),
    taxesMinor: taxes,
    extras: [
      ...(baggage.count > 0 ? [{ kind: 'baggage' as const, ...baggage }] : []),
      ...(bunks.count > 0 ? [{ kind: 'bunk' as const, ...bunks }] : []),
      ...(seats.count > 0 ? [{ kind: 'seat' as const, ...seats }] : []),
    ],
    serviceFees: service.count > 0 ? [{ kind: 'railOffline' as const, ...service }] : [],
    groundEstimateMinor: ground,
    totalMinor: priced.reduce((s, t) => s + t.priceMinor, 0),
  };
  return { breakdown, tickets: priced };
}

/**
 * The seats one traveller (`t`, in the party's order) chose on a flight ticket's legs and what they cost:
 * each seat chosen at its seat map's price; a seat without a price (not sold) counts nothing here, and
 * `checkPrice` refuses it.
 */
export function seatsPrice(
  legs: readonly number[],
  t: number,
  extras: Pick<BookingExtras, 'seats'>,
  priceOf: ((legIndex: number, designator: string, traveller: number) => number | undefined) | undefined,
): { count: number; totalMinor: number } {
  let count = 0;
  let totalMinor = 0;
  for (const leg of legs) {
    const designator = extras.seats?.find((c) => c.leg === leg)?.seats[t];
    const price = designator && priceOf ? priceOf(leg, designator, t) : undefined;
    if (price === undefined) continue;
    count++;
    totalMinor += price;
  }
  return { count, totalMinor };
}

/** A party's rail fare on one ride from its adult fare: children at half (half yuan); infants ride free on a lap. */
export const railPartyFare = (adultMinor: number, party: { adults: number; children: number }): number =>
  adultMinor * party.adults + railChildFare(adultMinor) * party.children;

/**
 * What a result costs a party as its card shows it: the supplier's price and, for each train ride, the
 * service fee of every seated ticket as it would be ticketed (offline by our agents; online, none). It is
 * what an order of that party charges without extras (`priceOrder`), so booking at it is no price change.
 */
export function shownPriceMinor(
  result: Pick<SearchResult, 'price' | 'legs'>,
  party: { adults: number; children: number },
  railServiceFeeOf: (legIndex: number) => number,
): number {
  const seated = party.adults + party.children;
  const fees = ticketsOf(result)
    .filter((t) => t.type === 'railway')
    .reduce((sum, t) => sum + railServiceFeeOf(t.legs[0] as number) * seated, 0);
  return result.price.amount + fees;
}

/** The price of one extra checked piece on a flight ticket (its first leg's), if the airline sells one. */
export function bagPrice(result: Pick<SearchResult, 'legs'>, ticket: Ticket): number | undefined {
  return result.legs[ticket.legs[0] as number]?.baggage?.checked.extraPrice?.amount;
}

/** The baggage extras of an order: what the "baggage price changed" message compares. */
export const baggageTotal = (breakdown: PriceBreakdown): number =>
  breakdown.extras.find((e) => e.kind === 'baggage')?.totalMinor ?? 0;

/** Travellers who take a seat on a train: everyone but free children. */
export const railSeatsNeeded = (types: PartyTypes): number => types.rail.filter((t) => t !== 'FREE_CHILD').length;

/** Travellers who take a seat on a flight: everyone but infants, who fly on a lap. */
export const airSeatsNeeded = (types: PartyTypes): number => types.air.filter((t) => t !== 'INFANT').length;

/**
 * The first flight of a result without a seat for each of `seated` travellers in the cabin it is sold in,
 * by its seller's list of the cabins the flight sells: a cabin not on the list has none left. Null when
 * every flight has seats, or its seller lists no cabins (the seller then refuses a sold-out one itself).
 */
export function flightShortOfSeats(
  result: Pick<SearchResult, 'legs'>,
  seated: number,
): { leg: number; cabin: string; remaining: number } | null {
  for (const [index, leg] of result.legs.entries()) {
    if (leg.kind !== 'air' || !leg.seats?.length) continue;
    const cabin = leg.cabin ?? 'Y';
    const remaining = leg.seats.find((s) => s.code === cabin)?.remaining ?? 0;
    if (remaining < seated) return { leg: index, cabin, remaining };
  }
  return null;
}

/**
 * The first problem with the extras for this offer and party, or null: choices only for rides and
 * flight tickets the result has, a seat class the ride sells, bunks only in sleepers and seat letters
 * only in seated classes that have them, nothing chosen for a free child, no extra bags for infants.
 * Combined fares (self-transfer) sell no infant tickets (`NO_QUOTA`).
 */
export function extrasProblem(
  result: SearchResult,
  types: PartyTypes,
  extras: BookingExtras,
): { error: ErrorName; params?: Record<string, unknown> } | null {
  const tickets = ticketsOf(result);
  if (result.agent === 'combined' && tickets.some((t) => t.type === 'flight') && types.air.includes('INFANT')) {
    return { error: 'NO_QUOTA', params: { type: 'INFANT' } };
  }
  const seenLegs = new Set<number>();
  for (const choice of extras.rail) {
    const leg = result.legs[choice.leg];
    if (leg?.kind !== 'land' || seenLegs.has(choice.leg)) return { error: 'EXTRAS_INVALID' };
    seenLegs.add(choice.leg);
    if (railClassFare(leg, choice.seatClass) === undefined) return { error: 'EXTRAS_INVALID' };
    const bunksOk = SLEEPER_BUNKS[choice.seatClass] ?? [];
    const lettersOk = SEAT_LETTERS_BY_CLASS[choice.seatClass] ?? [];
    if (choice.bunks.length > types.rail.length || choice.seats.length > types.rail.length)
      return { error: 'EXTRAS_INVALID' };
    for (let t = 0; t < types.rail.length; t++) {
      const bunk = choice.bunks[t] ?? null;
      const seat = choice.seats[t] ?? null;
      if ((bunk !== null || seat !== null) && types.rail[t] === 'FREE_CHILD') return { error: 'EXTRAS_INVALID' };
      if (bunk !== null && !bunksOk.includes(bunk)) return { error: 'EXTRAS_INVALID' };
      if (seat !== null && !lettersOk.includes(seat)) return { error: 'EXTRAS_INVALID' };
    }
  }
  const seenTickets = new Set<number>();
  for (const choice of extras.baggage) {
    const ticket = tickets[choice.ticket];
    if (ticket?.type !== 'flight' || seenTickets.has(choice.ticket)) return { error: 'EXTRAS_INVALID' };
    seenTickets.add(choice.ticket);
    if (choice.pieces.length > types.air.length) return { error: 'EXTRAS_INVALID' };
    const any = choice.pieces.some((n) => n > 0);
    if (any && bagPrice(result, ticket) === undefined) return { error: 'EXTRAS_INVALID' };
    if (choice.pieces.some((n, t) => n > MAX_EXTRA_PIECES || (n > 0 && types.air[t] === 'INFANT')))
      return { error: 'EXTRAS_INVALID' };
  }
  return seatsProblem(result, types, extras);
}

/**
 * The first problem with the seats chosen, or null: seats only on the result's flights, one choice per
 * flight, none for an infant on a lap, and no seat chosen twice on a flight.
 */
function seatsProblem(
  result: SearchResult,
  types: PartyTypes,
  extras: Pick<BookingExtras, 'seats'>,
): { error: ErrorName } | null {
  const seen = new Set<number>();
  for (const choice of extras.seats ?? []) {
    if (result.legs[choice.leg]?.kind !== 'air' || seen.has(choice.leg)) return { error: 'EXTRAS_INVALID' };
    seen.add(choice.leg);
    if (choice.seats.length > types.air.length) return { error: 'EXTRAS_INVALID' };
    const taken = choice.seats.filter((s): s is string => s !== null);
    if (new Set(taken).size !== taken.length) return { error: 'EXTRAS_INVALID' };
    if (choice.seats.some((s, t) => s !== null && types.air[t] === 'INFANT')) return { error: 'EXTRAS_INVALID' };
  }
  return null;
}
