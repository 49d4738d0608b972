import { airChildFare, airInfantFare, CABINS, type Cabin, FARE_SHARES, railPartyFare } from '@junction/domain';
import type { AircraftClass, MetroFare } from '@junction/refdata';

/** A stable 32-bit hash: the same flight on the same day always gets the same fare. */
export function hash32(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  h ^= h >>> 13;
  h = Math.imul(h, 0x5bd1e995);
  return (h ^ (h >>> 15)) >>> 0;
}

/** A stable number in [0, 1) for a text. */
export const unit = (text: string): number => hash32(text) / 4294967296;

/**
 * The fare model, as data: one-way economy fares grow with distance (a boarding part plus a rate per
 * kilometre that falls for long flights), cabins multiply it, and fares rise as departure approaches.
 */
export const AIR_FARES = {
  /** CNY hundredths. */
  baseMinor: 28_000,
  perKmMinor: [
    { upToKm: 1500, perKm: 62 },
    { upToKm: 5000, perKm: 48 },
    { upToKm: Number.POSITIVE_INFINITY, perKm: 38 },
  ],
  cabin: { Y: 1, S: 1.65, C: 3.4, F: 5.6 } satisfies Record<Cabin, number>,
  /** Multiplier by days before departure; linear between the points. */
  advance: [
    { days: 0, factor: 1.45 },
    { days: 3, factor: 1.3 },
    { days: 7, factor: 1.15 },
    { days: 14, factor: 1 },
    { days: 30, factor: 0.88 },
    { days: 60, factor: 0.8 },
    { days: 365, factor: 0.82 },
  ],
  /** Children pay this share of the adult fare, infants without a seat this one. */
  childShare: FARE_SHARES.airChild,
  infantShare: FARE_SHARES.airInfant,
};

/**
 * The cabins a flight sells on a day and the seats left in each, seeded: economy on every flight and never
 * sold out, business on all but turboprops, premium economy on wide-bodies and some narrow-bodies, first on
 * some wide-bodies. The cabins in front are small, and on some flights they have sold out.
 */
export function flightCabins(
  flight: string,
  date: string,
  aircraft: AircraftClass,
): { code: Cabin; remaining: number }[] {
  const wide = aircraft === 'wide-body';
  const sells: Record<Cabin, boolean> = {
    Y: true,
    S: wide || (aircraft === 'narrow-body' && unit(`cabin-S:${flight}`) < 0.4),
    C: aircraft !== 'turbo-prop',
    F: wide && unit(`cabin-F:${flight}`) < 0.5,
  };
  return CABINS.filter((code) => sells[code]).map((code) => {
    const u = unit(`cabin-seats:${flight}:${date}:${code}`);
    return { code, remaining: code === 'Y' ? 10 + Math.floor(u * 140) : u < 0.2 ? 0 : Math.ceil(u * 12) };
  });
}

export function advanceFactor(daysAhead: number): number {
  const points = AIR_FARES.advance;
  const d = Math.max(0, daysAhead);
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as (typeof points)[number];
    const b = points[i] as (typeof points)[number];
    if (d <= b.days) return a.factor + ((b.factor - a.factor) * (d - a.days)) / (b.days - a.days);
  }
  return (points[points.length - 1] as (typeof points)[number]).factor;
}

/**
 * The adult one-way fare of one flight on one day in a cabin, in CNY hundredths, rounded to whole yuan.
 * The airline's price level and the day's demand are seeded from their names, so fares are stable.
 */
export function airFare(p: {
  airline: string;
  flight: string;
  date: string;
  km: number;
  cabin: Cabin;
  daysAhead: number;
}) {
  let distancePart = 0;
  let from = 0;
  for (const band of AIR_FARES.perKmMinor) {
    const km = Math.min(p.km, band.upToKm) - from;
    if (km <= 0) break;
    distancePart += km * band.perKm;
    from = band.upToKm;
  }
  const airline = 0.88 + unit(`airline:${p.airline}`) * 0.3;
  const demand = 0.9 + unit(`demand:${p.flight}:${p.date}`) * 0.25;
  const minor =
    (AIR_FARES.baseMinor + distancePart) * AIR_FARES.cabin[p.cabin] * airline * demand * advanceFactor(p.daysAhead);
  return Math.round(minor / 100) * 100;
}

/** The total for a party from an adult fare. */
export function partyTotal(adultMinor: number, party: { adults: number; children: number; infants: number }): number {
  // The shares and their rounding are the domain's, so an order prices a party as its seller does.
  return (
    adultMinor * party.adults + airChildFare(adultMinor) * party.children + airInfantFare(adultMinor) * party.infants
  );
}

/**
 * China Railway seat classes by train type (spec §3 seat codes) with the fare per kilometre in CNY
 * hundredths, roughly the published rates.
 */
export const RAIL_SEATS: Record<string, { code: string; perKm: number }[]> = {
  G: [
    { code: 'O', perKm: 46 },
    { code: 'M', perKm: 74 },
    { code: 'A9', perKm: 146 },
  ],
  C: [
    { code: 'O', perKm: 46 },
    { code: 'M', perKm: 74 },
  ],
  D: [
    { code: 'O', perKm: 31 },
    { code: 'M', perKm: 50 },
    { code: 'F', perKm: 62 },
  ],
  Z: [
    { code: 'A1', perKm: 14 },
    { code: 'A3', perKm: 24 },
    { code: 'A4', perKm: 37 },
  ],
  T: [
    { code: 'A1', perKm: 14 },
    { code: 'A3', perKm: 24 },
    { code: 'A4', perKm: 37 },
  ],
  K: [
    { code: 'WZ', perKm: 14 },
    { code: 'A1', perKm: 14 },
    { code: 'A3', perKm: 24 },
    { code: 'A4', perKm: 37 },
  ],
};

/** Children (6–14) pay half on China Railway; a child under 6 without a seat travels free. */
export const RAIL_CHILD_SHARE = FARE_SHARES.railChild;

/** A party's rail fare on one ride from its adult fare (the domain's, as orders price it). */
export const railPartyTotal = railPartyFare;

export const trainType = (number: string): string => {
  const letter = number.charAt(0);
  return letter in RAIL_SEATS ? letter : 'K';
};

/** A seat class of a train on a day: its adult fare and the tickets left. */
export type SeatOffer = { code: string; price: { amount: number; currency: 'CNY' }; remaining: number };

/** Seat classes a cabin choice prefers, best match first (economy takes the cheapest with tickets left). */
const SEAT_PREFERENCE: Record<Cabin, string[]> = {
  Y: [],
  S: ['M', 'F', 'A4', 'A3'],
  C: ['A9', 'M', 'A4'],
  F: ['A9', 'F', 'A4', 'M'],
};

/** Standing tickets are sold once the seats are gone, never as the class a train is offered in. */
const STANDING = 'WZ';

/**
 * The seat classes of a train on a day, with their fares over `km` of track and the tickets left: what
 * a train result offers, and what a door-to-door plan riding the same train is priced from.
 */
export function seatOffers(
  number: string,
  date: string,
  km: number,
  remaining: RailRemaining = railRemaining,
): SeatOffer[] {
  const type = trainType(number);
  return (RAIL_SEATS[type] ?? []).map((s) => ({
    code: s.code,
    price: { amount: railFare(type, s.code, km), currency: 'CNY' as const },
    remaining: remaining(number, date, s.code),
  }));
}

/**
 * The class a train is offered in for a party and cabin: the cabin's preferred class with tickets for
 * everyone, else the cheapest seated one, standing only when no seat is left; among sold-out classes
 * (for the waiting list) the same order. Undefined for a train without classes.
 */
export function offeredSeat(seats: readonly SeatOffer[], cabin: Cabin, seated: number): SeatOffer | undefined {
  const open = seats.filter((s) => s.remaining >= Math.max(1, seated));
  const pool = open.length > 0 ? open : seats;
  const preferred = SEAT_PREFERENCE[cabin].map((code) => pool.find((s) => s.code === code)).find(Boolean);
  if (preferred) return preferred;
  const byPrice = [...pool].sort(
    (a, b) => Number(a.code === STANDING) - Number(b.code === STANDING) || a.price.amount - b.price.amount,
  );
  return byPrice[0];
}

/** Rail fares are whole or half yuan, at least 5 yuan. */
export function railFare(type: string, seat: string, km: number): number {
  const perKm = (RAIL_SEATS[type] ?? RAIL_SEATS.K ?? []).find((s) => s.code === seat)?.perKm ?? 30;
  return Math.max(500, Math.round((km * perKm) / 50) * 50);
}

/** Remaining tickets of a seat class on a train and day (`yyyy-mm-dd`, local). */
export type RailRemaining = (train: string, date: string, seat: string) => number;

/** Remaining tickets of a seat class on a train and day: seeded, some sold out. */
export function railRemaining(train: string, date: string, seat: string): number {
  const u = unit(`seats:${train}:${date}:${seat}`);
  if (u < 0.1) return 0;
  return Math.floor(u * 180) - 10 > 0 ? Math.floor(u * 180) - 10 : Math.ceil(u * 20);
}

/**
 * The simulated railway's remaining tickets with some trains sold out in every class (`RAIL_SIM_SOLD_OUT`):
 * `G113` on every day, `G113@2026-12-05` on that day only. Searching, booking and the waiting list all
 * count seats with it, so a train sold out here is sold out everywhere.
 */
export function railStock(soldOut: string): RailRemaining {
  const entries = soldOut
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
  if (entries.length === 0) return railRemaining;
  const everyDay = new Set(entries.filter((e) => !e.includes('@')));
  const onDay = new Set(entries.filter((e) => e.includes('@')));
  return (train, date, seat) =>
    everyDay.has(train) || onDay.has(`${train}@${date}`) ? 0 : railRemaining(train, date, seat);
}

/**
 * A metro fare by a city's published distance scale (`data/curated/metro-fares.csv`), CNY hundredths:
 * the first fare up to its distance, then one yuan more for each step begun, band by band.
 */
export function metroFare(scale: MetroFare, km: number): number {
  let yuan = scale.firstYuan;
  let from = scale.firstKm;
  for (const band of scale.bands) {
    if (km <= from) break;
    yuan += Math.ceil((Math.min(km, band.upToKm) - from) / band.stepKm);
    from = band.upToKm;
  }
  return yuan * 100;
}
