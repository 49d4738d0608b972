import {
  CABIN_FEATURES,
  type CabinFeature,
  type FlightSeatMap,
  type RateTable,
  type ResultLeg,
  type SeatMapElement,
  seatDesignatorSchema,
} from '@junction/domain';
import { cnyOf } from '../../../../lib/duffel/journey';
import { passengersByKind } from '../../../../lib/duffel/passengers';
import type { Offer, SeatMap } from '../../../../lib/duffel/types';

type Element = SeatMap['cabins'][number]['rows'][number]['sections'][number]['elements'][number];

/** Duffel's element types that are not seats, as ours (an exit row is `exit`; anything new is a gap). */
const FEATURE: Record<string, CabinFeature> = { exit_row: 'exit' };
const featureOf = (type: string): CabinFeature =>
  FEATURE[type] ?? ((CABIN_FEATURES as readonly string[]).includes(type) ? (type as CabinFeature) : 'empty');

/**
 * One element of a row: a seat priced for each passenger in CNY as the flight's fare is converted (up to
 * the whole yuan), or null for one it has no service for (taken, or not sold to them: Duffel's rule for an
 * unavailable seat); a seat the airline restricts is shown and cannot be chosen.
 */
function elementOf(e: Element, passengerIds: readonly string[], rates: RateTable): SeatMapElement {
  if (e.type !== 'seat' && e.type !== 'restricted_seat_general') return { kind: featureOf(e.type) };
  if (!seatDesignatorSchema.safeParse(e.designator).success) return { kind: 'empty' };
  const priceFor = (passengerId: string) => {
    const service = e.type === 'seat' ? e.available_services.find((s) => s.passenger_id === passengerId) : undefined;
    return (service ? cnyOf(service.total_amount, service.total_currency, rates) : undefined) ?? null;
  };
  const prices = passengerIds.map(priceFor);
  return {
    kind: 'seat',
    designator: e.designator,
    priceMinor: prices[0] ?? null,
    pricesMinor: prices,
    ...(e.name ? { name: e.name.slice(0, 80) } : {}),
  };
}

/**
 * Duffel's seat maps of an offer (one per flight, by segment id) as ours, each placed on its flight among
 * the result's legs (the offer's segments in order are the result's flights in order) and priced for each
 * of the offer's passengers by id, listed by kind as the party's seat prices are (adults, then children,
 * then infants, each kind in Duffel's order: `sellerPassengerOf`). A map of a segment the offer does not
 * have is left out.
 */
export function seatMapsOf(
  maps: readonly SeatMap[],
  offer: Pick<Offer, 'slices' | 'passengers'>,
  legs: readonly Pick<ResultLeg, 'kind'>[],
  rates: RateTable,
): FlightSeatMap[] {
  const flights = legs.flatMap((l, i) => (l.kind === 'air' ? [i] : []));
  const segments = offer.slices.flatMap((s) => s.segments.map((g) => g.id));
  const passengerIds = passengersByKind(offer.passengers)
    .slice(0, 9)
    .map((p) => p.id);
  return maps.flatMap((map) => {
    const leg = flights[segments.indexOf(map.segment_id)];
    if (leg === undefined) return [];
    const cabins = map.cabins.map((c) => ({
      deck: c.deck,
      aisles: c.aisles,
      rows: c.rows.map((r) => ({
        sections: r.sections.map((s) => s.elements.map((e) => elementOf(e, passengerIds, rates))),
      })),
    }));
    return [{ leg, cabins }];
  });
}
