import {
  type Cabin,
  daysBetween,
  distanceKm,
  type LocalText,
  localDate,
  localMidnight,
  type ResultLeg,
  type SearchResult,
  toRequestDate,
} from '@junction/domain';
import { type FareSale, type FareSales, fareFactor } from '../inventory/fare-sales';
import { airFare, partyTotal, unit } from '../inventory/fares';
import type { FlightInstance } from '../inventory/flight-schedule';
import type { Inventory } from '../inventory/inventory';
import { findItineraries } from '../inventory/itineraries';
import { assembleResult, feesFor, flightLeg } from '../results/build';
import { type BoundOption, combineBounds, comboParts } from './combine';
import type { Supplier, SupplierRequest } from './supplier';

/** Airline alliances, as data: their members ticket each other's flights on one ticket. */
export const ALLIANCES: Record<string, string[]> = {
  star: [
    'CA',
    'ZH',
    'SC',
    'NH',
    'LH',
    'LX',
    'OS',
    'SN',
    'SQ',
    'TG',
    'UA',
    'AC',
    'TK',
    'OZ',
    'ET',
    'SK',
    'NZ',
    'BR',
    'LO',
    'TP',
    'A3',
    'AI',
    'MS',
    'OU',
    'CM',
    'AV',
    'SA',
    'NH',
  ],
  skyteam: [
    'MU',
    'FM',
    'MF',
    'AF',
    'KL',
    'DL',
    'KE',
    'CI',
    'VN',
    'GA',
    'SV',
    'AM',
    'AR',
    'KQ',
    'ME',
    'RO',
    'UX',
    'AZ',
    'VS',
  ],
  oneworld: ['CX', 'BA', 'AA', 'QF', 'JL', 'QR', 'IB', 'AY', 'MH', 'RJ', 'UL', 'AS', 'AT', 'FJ', 'WY'],
};
const allianceOf = new Map(Object.entries(ALLIANCES).flatMap(([name, members]) => members.map((m) => [m, name])));

export const sameTicket = (a: string, b: string): boolean =>
  a === b || (allianceOf.get(a) !== undefined && allianceOf.get(a) === allianceOf.get(b));

export type FlightSupplierConfig = {
  id: string;
  name: LocalText;
  /** Airlines this supplier sells. */
  airlines: ReadonlySet<string>;
  /** Its price level against the airline's fare: ±, seeded per flight and day within `spread`. */
  markup: number;
  spread: number;
};

const ONE_TICKET_CONNECTION_DISCOUNT = 0.9;
const ROUND_TRIP_DISCOUNT = 0.95;

/** What a flight's fare depends on besides its cabin and the seller. */
type FareBase = { airline: string; flight: string; date: string; km: number; daysAhead: number };

/** The fares a search has worked out, by flight and cabin, and what they all depend on. */
type SearchFares = {
  today: string;
  factor: number;
  byFlight: Map<FlightInstance, { base: FareBase; byCabin: Partial<Record<Cabin, number>> }>;
};

/**
 * A flight consolidator or airline channel that sells some airlines: it finds nonstop flights and
 * connections from the shared schedule and prices them with the fare model and its own margin. How it
 * answers on the wire (latency, failures, silence) is `overNetwork`'s part.
 */
export class SimulatedFlightSupplier implements Supplier {
  readonly kind = 'flight' as const;
  readonly id: string;
  readonly name: LocalText;

  constructor(
    private readonly inv: Inventory,
    private readonly config: FlightSupplierConfig,
    /** The sales it runs now (none by default). */
    private readonly sales?: FareSales,
  ) {
    this.id = config.id;
    this.name = config.name;
  }

  async search(request: SupplierRequest): Promise<SearchResult[]> {
    const sales = (await this.sales?.current()) ?? [];
    return request.trips.flatMap((trip) => this.priceTrip(trip, request, sales));
  }

  /** Prices the result's own flights alone, as its search would: the same id, legs and price. */
  async quote(result: SearchResult, request: SupplierRequest): Promise<SearchResult | undefined> {
    const trip = request.trips.find((t) => result.date === toRequestDate(t.date));
    if (!trip || !result.id.startsWith('F:')) return undefined;
    const keys = result.id.slice(2).split('|');
    if (keys.length !== trip.bounds.length) return undefined;
    const sales = (await this.sales?.current()) ?? [];
    return this.priceTrip(trip, request, sales, keys).find((r) => r.id === result.id);
  }

  /**
   * The adult fare of a flight in a cabin, by a search's fares (`fares`): each flight's fare in each cabin is
   * worked out once a search, however many of its itineraries and cabins' seats it appears in.
   */
  private adultFare(f: FlightInstance, cabin: Cabin, fares: SearchFares): number {
    let known = fares.byFlight.get(f);
    if (!known) {
      known = { base: this.fareBase(f, fares.today), byCabin: {} };
      fares.byFlight.set(f, known);
    }
    let fare = known.byCabin[cabin];
    if (fare === undefined) {
      const base = known.base;
      const minor = airFare({ ...base, cabin });
      const margin =
        this.config.markup + (unit(`${this.id}:${base.flight}:${base.date}:${cabin}`) - 0.5) * this.config.spread;
      fare = Math.round((minor * margin * fares.factor) / 100) * 100;
      known.byCabin[cabin] = fare;
    }
    return fare;
  }

  /** What a flight's fare depends on besides its cabin. */
  private fareBase(f: FlightInstance, today: string): FareBase {
    const s = this.inv.flights;
    const from = this.inv.airport(s.airports[s.origin[f.flight] as number] as string);
    const to = this.inv.airport(s.airports[s.destination[f.flight] as number] as string);
    const date = from ? localDate(f.departure, from.tz) : today;
    return {
      airline: s.airlineOf(f.flight),
      flight: s.numberOf(f.flight),
      date,
      km: from && to ? distanceKm(from, to) : 1000,
      daysAhead: daysBetween(today, date),
    };
  }

  /** The ways to make one journey, or with `only`, the one way of that key (a quote's). */
  private boundOptions(
    bound: SupplierRequest['trips'][number]['bounds'][number],
    request: SupplierRequest,
    factor: number,
    only?: string,
  ): BoundOption[] {
    const inv = this.inv;
    const s = inv.flights;
    const index = (codes: { code: string }[]) =>
      codes.flatMap((a) => {
        const i = s.indexOf(a.code);
        return i === undefined ? [] : [i];
      });
    const origins = index(inv.airportsFor(bound.from, bound.fromOnly));
    const destinations = index(inv.airportsFor(bound.to, bound.toOnly));
    if (origins.length === 0 || destinations.length === 0) return [];
    const tz = inv.airport(s.airports[origins[0] as number] as string)?.tz ?? bound.from.tz;
    const fromMs = localMidnight(bound.date, tz);
    const itineraries = inv.remember(`itineraries:${origins}:${destinations}:${fromMs}`, () =>
      findItineraries(s, {
        origins,
        destinations,
        fromMs,
        toMs: fromMs + 86_400_000,
        countryOf: (a) => inv.airport(s.airports[a] as string)?.country ?? '',
        connectionMinutes: (a, domestic) => inv.connectionMinutes(s.airports[a] as string, domestic),
        sameTicket,
      }),
    );
    const options: BoundOption[] = [];
    const fares: SearchFares = { today: request.today, factor, byFlight: new Map() };
    for (const it of itineraries) {
      if (!it.segments.every((f) => this.config.airlines.has(s.airlineOf(f.flight)))) continue;
      const key = it.segments.map((f) => `${s.numberOf(f.flight)}@${f.departure}`).join('+');
      if (only !== undefined && key !== only) continue;
      const segmentFares = it.segments.map((f) => this.adultFare(f, request.cabin, fares));
      const oneTicket = it.selfTransferAfter < 0 && it.segments.length > 1;
      const adult = segmentFares.reduce((a, b) => a + b, 0) * (oneTicket ? ONE_TICKET_CONNECTION_DISCOUNT : 1);
      const legs = it.segments.map((f, i) =>
        flightLeg(inv, f, request.cabin, segmentFares[i] as number, it.selfTransferAfter === i, (cabin) =>
          this.adultFare(f, cabin, fares),
        ),
      );
      if (legs.some((l) => !l)) continue;
      const first = it.segments[0] as FlightInstance;
      const last = it.segments[it.segments.length - 1] as FlightInstance;
      const self = it.selfTransferAfter >= 0 ? (it.segments[it.selfTransferAfter + 1] as FlightInstance) : undefined;
      options.push({
        key,
        legs: legs as ResultLeg[],
        departure: first.departure,
        arrival: last.arrival,
        adultMinor: Math.round(adult / 100) * 100,
        selfTransferMinutes: self
          ? Math.round((self.departure - (it.segments[it.selfTransferAfter] as FlightInstance).arrival) / 60_000)
          : undefined,
      });
    }
    return options;
  }

  private priceTrip(
    trip: SupplierRequest['trips'][number],
    request: SupplierRequest,
    sales: readonly FareSale[],
    only?: string[],
  ): SearchResult[] {
    const per = trip.bounds.map((b, i) => this.boundOptions(b, request, fareFactor(sales, b.from, b.to), only?.[i]));
    return combineBounds(per).map((combo) => {
      const discount = combo.length > 1 ? ROUND_TRIP_DISCOUNT : 1;
      const adult = Math.round((combo.reduce((sum, o) => sum + o.adultMinor, 0) * discount) / 100) * 100;
      const price = partyTotal(adult, request.party);
      const parts = comboParts('F', combo);
      const agent = parts.selfTransferMinutes !== undefined ? 'combined' : 'own';
      return assembleResult({
        ...parts,
        kind: 'flight',
        priceMinor: price,
        agent,
        supplier: { id: this.id, name: this.name },
        date: trip.date,
        fees: feesFor('flight', price, request.cabin, daysBetween(request.today, trip.date), agent),
      });
    });
  }
}
