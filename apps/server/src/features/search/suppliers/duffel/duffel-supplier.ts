import type { Duffel } from '@duffel/api';
import { type FlightSeatMap, type RateTable, type SearchResult, toRequestDate } from '@junction/domain';
import { DuffelProblem, duffelCall } from '../../../../lib/duffel/client';
import { duffelCabin } from '../../../../lib/duffel/journey';
import type { Offer } from '../../../../lib/duffel/types';
import type { Inventory } from '../../inventory/inventory';
import type { Bound, Supplier, SupplierRequest } from '../supplier';
import { DUFFEL, resultOf } from './duffel-results';
import { seatMapsOf } from './duffel-seat-maps';

export type DuffelSupplierOptions = {
  /** The search's time limit for a supplier: Duffel is asked to answer with what airlines sent within it. */
  supplierTimeoutMs: number;
  /** Exchange rates to CNY (the reference data's). */
  rates: RateTable;
};

/** Where a journey starts or ends, as Duffel takes it: the airport asked for, else the city's code. */
const placeCode = (place: Bound['from'], only: boolean) =>
  place.kind === 'airport' && only ? place.code : place.cityCode;

/**
 * The party as an offer request names it. Children and infants are priced at an age of their kind at
 * search time (8 and 1); the travellers' own ages are sent when the tickets are bought.
 */
function passengers(party: SupplierRequest['party']) {
  return [
    ...Array.from({ length: party.adults }, () => ({ type: 'adult' as const })),
    ...Array.from({ length: party.children }, () => ({ age: 8 })),
    ...Array.from({ length: party.infants }, () => ({ age: 1 })),
  ];
}

/**
 * Duffel as a flight seller (`@duffel/api`): an offer request per departure day with a slice per journey,
 * the offers turned into results; a quote asks again for the same flights and reads the offer with its
 * services (an extra checked bag's price), and the booking's seat maps are that offer's. Offers whose flights go from or to a door are left to the
 * door-to-door planner.
 */
export class DuffelSupplier implements Supplier {
  readonly id = DUFFEL.id;
  readonly name = DUFFEL.name;
  readonly kind = 'flight' as const;

  constructor(
    private readonly client: Duffel,
    private readonly inv: Inventory,
    private readonly options: DuffelSupplierOptions,
  ) {}

  private async offers(trip: SupplierRequest['trips'][number], request: SupplierRequest, signal: AbortSignal) {
    const limit = this.options.supplierTimeoutMs;
    const answer = await duffelCall(
      () =>
        this.client.offerRequests.create({
          slices: trip.bounds.map((b) => ({
            origin: placeCode(b.from, b.fromOnly),
            destination: placeCode(b.to, b.toOnly),
            departure_date: b.date,
            departure_time: null,
            arrival_time: null,
          })),
          passengers: passengers(request.party),
          cabin_class: duffelCabin(request.cabin),
          return_offers: true,
          // Duffel answers with what the airlines sent in time (2–60 s), a little before our own limit.
          supplier_timeout: Math.min(60_000, Math.max(2000, limit - 1000)),
        }),
      limit,
      signal,
    );
    return answer.data.offers as Offer[];
  }

  async search(request: SupplierRequest, signal: AbortSignal): Promise<SearchResult[]> {
    const trips = request.trips.filter((t) => t.bounds.every((b) => !b.fromDoor && !b.toDoor));
    const answers = await Promise.all(
      trips.map((trip) => this.offers(trip, request, signal).then((o) => ({ trip, o }))),
    );
    return answers.flatMap(({ trip, o }) =>
      o.flatMap((offer) => resultOf(this.inv, offer, trip, request, this.options.rates) ?? []),
    );
  }

  /** The cheapest offer now for the result's flights, for the request's party; undefined when none has them. */
  private async sameOffer(result: SearchResult, request: SupplierRequest, signal: AbortSignal) {
    const trip = request.trips.find((t) => toRequestDate(t.date) === result.date);
    if (!trip) return undefined;
    const found = (await this.offers(trip, request, signal))
      .map((offer) => ({ offer, mapped: resultOf(this.inv, offer, trip, request, this.options.rates) }))
      .filter((x) => x.mapped?.id === result.id)
      .sort((a, b) => (a.mapped?.price.amount ?? 0) - (b.mapped?.price.amount ?? 0))[0];
    return found ? { offer: found.offer, trip } : undefined;
  }

  /**
   * The result's flights as Duffel sells them now for the request's party: asked again, the cheapest
   * offer for the same flights, read with its services. Undefined when no offer has them any more.
   */
  async quote(result: SearchResult, request: SupplierRequest, signal: AbortSignal): Promise<SearchResult | undefined> {
    const found = await this.sameOffer(result, request, signal);
    if (!found) return undefined;
    try {
      const full = await duffelCall(
        () => this.client.offers.get(found.offer.id, { return_available_services: true }),
        this.options.supplierTimeoutMs,
        signal,
      );
      return resultOf(this.inv, full.data, found.trip, request, this.options.rates);
    } catch (e) {
      if (e instanceof DuffelProblem && e.kind === 'offer-gone') return undefined;
      throw e;
    }
  }

  /**
   * The seat maps of the result's flights (`GET /air/seat_maps?offer_id=…`) on the cheapest offer now for
   * them, seats priced for the party's first traveller: none when the airline shows none.
   */
  async seatMaps(
    result: SearchResult,
    request: SupplierRequest,
    signal: AbortSignal,
  ): Promise<FlightSeatMap[] | undefined> {
    const found = await this.sameOffer(result, request, signal);
    if (!found) return undefined;
    try {
      const maps = await duffelCall(
        () => this.client.seatMaps.get({ offer_id: found.offer.id }),
        this.options.supplierTimeoutMs,
        signal,
      );
      return seatMapsOf(maps.data, found.offer, result.legs, this.options.rates);
    } catch (e) {
      if (e instanceof DuffelProblem && e.kind === 'offer-gone') return undefined;
      throw e;
    }
  }
}
