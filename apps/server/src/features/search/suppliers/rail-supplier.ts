import { daysBetween, isoWithOffset, type ResultLeg, type SearchResult, toRequestDate } from '@junction/domain';
import {
  offeredSeat,
  type RailRemaining,
  railPartyTotal,
  railRemaining,
  seatOffers,
  trainType,
} from '../inventory/fares';
import type { Inventory } from '../inventory/inventory';
import type { TrainRide } from '../inventory/rail-schedule';
import { assembleResult, feesFor } from '../results/build';
import { SEARCH_TEXTS } from '../results/texts';
import { type BoundOption, combineBounds, comboParts } from './combine';
import type { Supplier, SupplierRequest } from './supplier';

/**
 * Whether every train of a plan has tickets left in its class for the party. A door-to-door plan is
 * sold whole and cannot wait on a waiting list, so one with a sold-out train is not offered.
 */
export const trainsOnSale =
  (remaining: RailRemaining) =>
  (plan: SearchResult, request: SupplierRequest): boolean => {
    const seated = request.party.adults + request.party.children;
    return plan.legs.every(
      (l) =>
        l.kind !== 'land' || remaining(l.number, l.departureTime.slice(0, 10), l.cabin ?? '') >= Math.max(1, seated),
    );
  };

/** Rides longer than this are not offered. */
const MAX_RIDE_HOURS = 30;

/**
 * China Railway: every train between the stations of two cities on a day, with its seat classes,
 * remaining tickets and fares by distance and class. A train with too few tickets left in every class
 * stays in a one-way search, marked sold out, so its waiting list (候补) can be joined; a trip of
 * several trains leaves it out, as nobody can book it.
 */
export class ChinaRailwaySupplier implements Supplier {
  readonly kind = 'train' as const;
  readonly id = 'china-railway';
  readonly name = { en: 'China Railway 12306', 'zh-CN': '中国铁路12306' };

  constructor(
    private readonly inv: Inventory,
    private readonly remaining: RailRemaining = railRemaining,
  ) {}

  async search(request: SupplierRequest): Promise<SearchResult[]> {
    return request.trips.flatMap((trip) => this.priceTrip(trip, request));
  }

  async quote(result: SearchResult, request: SupplierRequest): Promise<SearchResult | undefined> {
    const trip = request.trips.find((t) => result.date === toRequestDate(t.date));
    return trip ? this.priceTrip(trip, request).find((r) => r.id === result.id) : undefined;
  }

  private leg(ride: TrainRide, date: string, request: SupplierRequest): { leg: ResultLeg; adult: number } | undefined {
    const inv = this.inv;
    const number = inv.rail.numbers[ride.train] as string;
    const from = inv.station(inv.rail.stationAt(ride.train, ride.board) as string);
    const to = inv.station(inv.rail.stationAt(ride.train, ride.alight) as string);
    if (!from || !to) return undefined;
    const seats = seatOffers(number, date, ride.km, this.remaining);
    const needed = request.party.adults + request.party.children;
    // Sold out in every class: quoted in the class the traveller would have had, for its waiting list.
    const soldOut = !seats.some((s) => s.remaining >= Math.max(1, needed));
    const chosen = offeredSeat(seats, request.cabin, needed);
    if (!chosen) return undefined;
    return {
      adult: chosen.price.amount,
      leg: {
        kind: 'land',
        carrier: 'CR',
        carrierName: SEARCH_TEXTS.railway,
        number,
        from: inv.point(from),
        to: inv.point(to),
        departureTime: isoWithOffset(ride.departure, from.tz),
        arrivalTime: isoWithOffset(ride.arrival, to.tz),
        durationMinutes: Math.round((ride.arrival - ride.departure) / 60_000),
        cabin: chosen.code,
        trainType: trainType(number),
        seats,
        price: chosen.price,
        separateTicket: false,
        ...(soldOut ? { soldOut: true } : {}),
      },
    };
  }

  options(bound: SupplierRequest['trips'][number]['bounds'][number], request: SupplierRequest): BoundOption[] {
    const from = new Set(this.inv.stationsFor(bound.from, bound.fromOnly).map((s) => s.code));
    const to = new Set(this.inv.stationsFor(bound.to, bound.toOnly).map((s) => s.code));
    const out: BoundOption[] = [];
    for (const ride of this.inv.rail.ridesBetween(from, to, bound.date)) {
      if (ride.arrival - ride.departure > MAX_RIDE_HOURS * 3600_000) continue;
      const made = this.leg(ride, bound.date, request);
      if (!made) continue;
      out.push({
        key: `${this.inv.rail.numbers[ride.train]}@${ride.departure}`,
        legs: [made.leg],
        departure: ride.departure,
        arrival: ride.arrival,
        adultMinor: made.adult,
      });
    }
    return out;
  }

  private priceTrip(trip: SupplierRequest['trips'][number], request: SupplierRequest): SearchResult[] {
    const per = trip.bounds.map((b) => this.options(b, request));
    // A waiting list takes one train only: a round trip or a multi-city trip keeps trains with tickets.
    const bookable = per.length > 1 ? per.map((options) => options.filter((o) => !o.legs.some((l) => l.soldOut))) : per;
    return combineBounds(bookable).map((combo) => {
      // Each ride is its own ticket, its child fares halved from its own fare, as an order prices them.
      const price = combo.reduce((s, o) => s + railPartyTotal(o.adultMinor, request.party), 0);
      return assembleResult({
        ...comboParts('T', combo),
        kind: 'train',
        priceMinor: price,
        agent: 'railway',
        supplier: { id: this.id, name: this.name },
        date: trip.date,
        fees: feesFor('train', price, request.cabin, daysBetween(request.today, trip.date), 'railway'),
      });
    });
  }
}
