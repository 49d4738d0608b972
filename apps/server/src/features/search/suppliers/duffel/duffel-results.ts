import {
  type FeeRules,
  isoWithOffset,
  type LegPoint,
  type RateTable,
  type ResultLeg,
  type SearchResult,
  sameInBoth,
} from '@junction/domain';
import { DateTime } from 'luxon';
import { cnyOf, ourCabin } from '../../../../lib/duffel/journey';
import type { Offer, OfferAvailableService } from '../../../../lib/duffel/types';
import type { Inventory } from '../../inventory/inventory';
import { assembleResult } from '../../results/build';
import type { SupplierRequest } from '../supplier';

export const DUFFEL = { id: 'duffel', name: { en: 'Duffel', 'zh-CN': 'Duffel' } } as const;

type Segment = Offer['slices'][number]['segments'][number];
type Airport = Segment['origin'];

/** A Duffel local time (`2026-12-01T08:05:00`, no offset) at an airport as an instant. */
export const instantAt = (local: string, tz: string): number => DateTime.fromISO(local, { zone: tz }).toMillis();

function point(inv: Inventory, a: Airport): { point: LegPoint; tz: string } {
  const known = a.iata_code ? inv.airport(a.iata_code) : undefined;
  if (known) return { point: inv.point(known), tz: known.tz };
  return {
    point: {
      code: a.iata_code ?? '',
      name: { en: a.name, 'zh-CN': a.name },
      kind: 'airport',
      lat: a.latitude ?? 0,
      lon: a.longitude ?? 0,
    },
    tz: a.time_zone ?? 'UTC',
  };
}

const money = (amount: number) => ({ amount, currency: 'CNY' as const });

/** One flight of an offer as a leg of ours, its price the adult's share of the offer. */
function leg(inv: Inventory, s: Segment, cabin: string, shareMinor: number, bagMinor?: number): ResultLeg {
  const from = point(inv, s.origin);
  const to = point(inv, s.destination);
  const departure = instantAt(s.departing_at, from.tz);
  const arrival = instantAt(s.arriving_at, to.tz);
  const carrier = s.marketing_carrier.iata_code ?? '';
  const known = inv.airline(carrier);
  const allowance = s.passengers[0]?.baggages ?? [];
  const pieces = (type: string) => allowance.find((b) => b.type === type)?.quantity ?? 0;
  return {
    kind: 'air',
    carrier,
    carrierName: known ? inv.carrierName(carrier) : { en: s.marketing_carrier.name, 'zh-CN': s.marketing_carrier.name },
    number: `${carrier}${s.marketing_carrier_flight_number}`,
    from: from.point,
    to: to.point,
    departureTime: isoWithOffset(departure, from.tz),
    arrivalTime: isoWithOffset(arrival, to.tz),
    durationMinutes: Math.round((arrival - departure) / 60_000),
    cabin: ourCabin(s.passengers[0]?.cabin_class ?? 'economy', cabin),
    ...(s.aircraft?.name ? { aircraft: { en: s.aircraft.name, 'zh-CN': s.aircraft.name } } : {}),
    // Duffel tells the pieces; their weight is the airline's (0: not told).
    baggage: {
      carryOn: { pieces: pieces('carry_on'), kg: 0 },
      checked: { pieces: pieces('checked'), kg: 0, ...(bagMinor === undefined ? {} : { extraPrice: money(bagMinor) }) },
    },
    price: money(shareMinor),
    separateTicket: false,
  };
}

/**
 * Duffel's conditions as our fee rules, per seated traveller as the rules count them (spec §9): a refund
 * or change allowed before departure with its penalty, or null when the fare allows none or the airline
 * does not say. Duffel has no rule for the last two hours, so the same applies then.
 */
export function feesOf(offer: Pick<Offer, 'conditions' | 'passengers'>, rates: RateTable): FeeRules {
  const seated = Math.max(1, offer.passengers.filter((p) => p.type !== 'infant_without_seat').length);
  const rule = (c: Offer['conditions']['refund_before_departure']) => {
    if (!c?.allowed) return null;
    const whole = c.penalty_amount && c.penalty_currency ? cnyOf(c.penalty_amount, c.penalty_currency, rates) : 0;
    return whole === undefined ? null : money(Math.ceil(whole / seated / 100) * 100);
  };
  const cancel = rule(offer.conditions.refund_before_departure);
  const change = rule(offer.conditions.change_before_departure);
  return { cancelBefore: cancel, cancelAfter: cancel, changeBefore: change, changeAfter: change, free24h: false };
}

/** The price of one extra checked bag for the first traveller on a slice's first flight, in CNY. */
function bagPrice(offer: Offer, segmentId: string, rates: RateTable): number | undefined {
  const first = offer.passengers[0]?.id;
  const bags = (offer.available_services ?? []).filter(
    (s: OfferAvailableService) =>
      s.type === 'baggage' && s.passenger_ids.includes(first ?? '') && s.segment_ids.includes(segmentId),
  );
  const prices = bags.flatMap((s) => cnyOf(s.total_amount, s.total_currency, rates) ?? []);
  return prices.length > 0 ? Math.min(...prices) : undefined;
}

/**
 * An offer as one of our results: a slice per journey, the marketing carrier's flight numbers and the
 * departures as ids (`F:CA1501@<ms>|…`, as every flight seller names a journey, so the same flights sold
 * elsewhere merge into one result), the offer's total for the party in CNY, and its conditions.
 */
export function resultOf(
  inv: Inventory,
  offer: Offer,
  trip: SupplierRequest['trips'][number],
  request: Pick<SupplierRequest, 'cabin'>,
  rates: RateTable,
): SearchResult | undefined {
  const total = cnyOf(offer.total_amount, offer.total_currency, rates);
  if (total === undefined || offer.slices.length !== trip.bounds.length) return undefined;
  const adults = offer.passengers.filter((p) => p.type === 'adult' || p.type === null).length || 1;
  const segments = offer.slices.flatMap((s) => s.segments);
  // The adult's share of the total, spread over the flights (the order prices its party from it).
  const adultShare = Math.round(total / adults / segments.length / 100) * 100;
  const bounds = offer.slices.map((slice) =>
    slice.segments.map((s, i) =>
      leg(inv, s, request.cabin, adultShare, i === 0 ? bagPrice(offer, s.id, rates) : undefined),
    ),
  );
  const times = offer.slices.map((slice) => {
    const first = slice.segments[0] as Segment;
    const last = slice.segments[slice.segments.length - 1] as Segment;
    return {
      departure: instantAt(first.departing_at, point(inv, first.origin).tz),
      arrival: instantAt(last.arriving_at, point(inv, last.destination).tz),
    };
  });
  const keys = offer.slices.map((slice) =>
    slice.segments
      .map(
        (s) =>
          `${s.marketing_carrier.iata_code ?? ''}${s.marketing_carrier_flight_number}@${instantAt(s.departing_at, point(inv, s.origin).tz)}`,
      )
      .join('+'),
  );
  // The airline that sells the offer through Duffel (its owner), named as our airlines are when we know it.
  const owner = offer.owner;
  const seller =
    owner.iata_code && inv.airline(owner.iata_code) ? inv.carrierName(owner.iata_code) : sameInBoth(owner.name);
  const result = assembleResult({
    id: `F:${keys.join('|')}`,
    kind: 'flight',
    bounds,
    times,
    priceMinor: total,
    agent: 'own',
    // Listed among the sellers of the same flights by the airline's name too.
    supplier: { id: DUFFEL.id, name: seller },
    date: trip.date,
    fees: feesOf(offer, rates),
  });
  return { ...result, seller };
}
