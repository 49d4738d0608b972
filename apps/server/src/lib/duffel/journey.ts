import { type Cabin, CURRENCIES, type Currency, convertMoney, type RateTable, rateBetween } from '@junction/domain';

/** Duffel's cabin for ours (spec §3 codes): Y and M economy, W and S premium economy, C business, F first. */
export function duffelCabin(cabin: Cabin | string): 'economy' | 'premium_economy' | 'business' | 'first' {
  if (cabin === 'F') return 'first';
  if (cabin === 'C') return 'business';
  if (cabin === 'W' || cabin === 'S') return 'premium_economy';
  return 'economy';
}

/** Our cabin code for Duffel's, keeping the one asked for when it is of that class. */
export function ourCabin(cabinClass: string, asked: string): string {
  if (duffelCabin(asked) === cabinClass) return asked;
  return { first: 'F', business: 'C', premium_economy: 'W' }[cabinClass] ?? 'Y';
}

/** A flight as both sides name it: marketing carrier and number, and the local departure to the minute. */
export type FlightKey = { number: string; localDeparture: string };

export const sameFlight = (a: FlightKey, b: FlightKey): boolean =>
  a.number === b.number && a.localDeparture.slice(0, 16) === b.localDeparture.slice(0, 16);

/** The segments of an offer's slices as flight keys, per slice. */
export function offerFlights(offer: {
  slices: {
    segments: {
      marketing_carrier: { iata_code: string | null };
      marketing_carrier_flight_number: string;
      departing_at: string;
    }[];
  }[];
}): FlightKey[][] {
  return offer.slices.map((slice) =>
    slice.segments.map((s) => ({
      number: `${s.marketing_carrier.iata_code ?? ''}${s.marketing_carrier_flight_number}`,
      localDeparture: s.departing_at,
    })),
  );
}

/**
 * A traveller as an offer request names them: an adult by type, anyone under 18 by age on the day of the
 * last flight (Duffel's rule), from the date of birth.
 */
export function offerPassenger(birthDate: string, lastDay: string): { type: 'adult' } | { age: number } {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = lastDay.split('-').map(Number) as [number, number, number];
  const age = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
  return age >= 18 ? { type: 'adult' } : { age: Math.max(0, age) };
}

/** Parses Duffel's decimal amount (`"351.30"`) into hundredths, exactly. */
export function duffelMinor(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`not an amount: ${amount}`);
  const minor = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -minor : minor;
}

/** Hundredths as Duffel writes an amount (`"351.30"`). */
export const duffelAmount = (minor: number): string =>
  `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

const isCurrency = (c: string): c is Currency => (CURRENCIES as readonly string[]).includes(c);

/**
 * An amount of Duffel's currency in CNY hundredths, rounded up to the whole yuan (spec §9: converted
 * amounts round up, so the traveller never pays less than the airline is paid); undefined for a currency
 * without a rate.
 */
export function cnyOf(amount: string, currency: string, rates: RateTable): number | undefined {
  if (!isCurrency(currency)) return undefined;
  const cny = convertMoney({ amountMinor: duffelMinor(amount), currency }, 'CNY', rates);
  return cny === undefined ? undefined : Math.ceil(cny.amountMinor / 100) * 100;
}

/** Money Duffel gives back, in CNY hundredths rounded down: never more than it returns. */
export function cnyBack(amount: string, currency: string, rates: RateTable): number | undefined {
  if (!isCurrency(currency)) return undefined;
  const rate = rateBetween(currency, 'CNY', rates);
  return rate === undefined ? undefined : Math.floor(duffelMinor(amount) * rate + 1e-7);
}
