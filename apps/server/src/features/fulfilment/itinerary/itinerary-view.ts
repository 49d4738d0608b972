import {
  type FeeRules,
  type LegPoint,
  type Receipt,
  type ResultLeg,
  type ScheduleChange,
  SUB_ORDER_STATUS,
  scheduleChangeOf,
  subOrderStatusCodec,
} from '@junction/domain';
import type { OrderRow, TicketRow } from '../fulfilment.repository';

/** The IANA time zone of an airport or a station (reference data, composed in `app.ts`). */
export type TimeZoneOf = (point: LegPoint) => string | undefined;

export type ItineraryTraveller = {
  position: number;
  name: string;
  airType: string;
  railType: string | null;
  documentType: string;
  documentMasked: string;
};

export type ItineraryTicket = Pick<
  TicketRow,
  'travellerPosition' | 'bookingReference' | 'ticketNumber' | 'seat' | 'coach' | 'berth' | 'gate'
> & { supplier: 'air' | 'rail' };

/** One leg of the door-to-door plan with the zones of its ends and, for a ride, its tickets. */
export type ItineraryLeg = {
  index: number;
  /** The leg as it runs now: a ride its operator re-timed has its new times. */
  leg: ResultLeg;
  /** The ride's schedule change, with the times it was booked with. */
  change: ScheduleChange | undefined;
  sold: boolean;
  fromZone: string;
  toZone: string;
  /** The sub-order selling it (rides only): its status and booking reference. */
  subOrder: { type: 'flight' | 'railway'; status: string | null; bookingReference: string | null } | null;
  tickets: ItineraryTicket[];
};

/** Everything the printable itinerary, its PDF and its calendar file show, in one language-free shape. */
export type ItineraryView = {
  orderId: string;
  orderNumber: string;
  status: string;
  createdAt: Date;
  bounds: { start: number; end: number; legs: ItineraryLeg[] }[];
  travellers: ItineraryTraveller[];
  contact: { name: string; phoneMasked: string; email: string };
  receipt: Receipt | null;
  fees: FeeRules | undefined;
};

/** A fixed-offset zone for a place the reference data has no zone for (`+08:00` → `Etc/GMT-8`). */
export function zoneOfOffset(iso: string): string {
  const m = /([+-])(\d{2}):(\d{2})$/.exec(iso);
  if (m?.[3] !== '00') return 'UTC';
  const hours = Number(m[2]);
  if (hours === 0) return 'UTC';
  // The Etc zones count the other way: Etc/GMT-8 is eight hours ahead of UTC.
  return `Etc/GMT${m[1] === '+' ? '-' : '+'}${hours}`;
}

const isRide = (leg: ResultLeg) => leg.kind === 'air' || leg.kind === 'land';

type SubOrderOfLeg = { id: string; status: string | null; legs: unknown };

/** The sub-order selling a leg and the tickets of it its travellers hold: a ticket changed for another is not ridden. */
function heldOn<S extends SubOrderOfLeg>(subOrders: S[], tickets: TicketRow[], index: number) {
  const selling = subOrders.filter((s) => (s.legs as number[]).includes(index));
  const changed = new Set(
    selling.filter((s) => subOrderStatusCodec.decode(s.status) === SUB_ORDER_STATUS.CHANGED).map((s) => s.id),
  );
  return {
    sub: selling.find((s) => !changed.has(s.id)) ?? selling[0],
    held: tickets.filter((t) => t.legIndex === index && !changed.has(t.subOrderId)),
  };
}

/**
 * The order's plan leg by leg, with each end's time zone: from the reference data for airports and
 * stations, else from the nearest leg of the same journey that has one (a metro station, a street
 * address), else a fixed zone from the time's own offset.
 */
export function buildItineraryView(p: {
  order: OrderRow;
  subOrders: { id: string; type: string; status: string | null; legs: unknown; confirmationCode: string | null }[];
  tickets: TicketRow[];
  travellers: ItineraryTraveller[];
  receipt: Receipt | null;
  zoneOf: TimeZoneOf;
}): ItineraryView {
  const itinerary = p.order.itinerary as {
    legs: ResultLeg[];
    bounds: { start: number; end: number }[];
    scheduleChanges?: ScheduleChange[];
    fees?: FeeRules;
  };
  const legs = itinerary.legs;
  const bounds = itinerary.bounds.length > 0 ? itinerary.bounds : [{ start: 0, end: legs.length }];
  const known = (point: LegPoint, iso: string) =>
    p.zoneOf(point) ?? (point.placeId === undefined ? undefined : zoneOfOffset(iso));
  return {
    orderId: p.order.id,
    orderNumber: p.order.orderNumber,
    status: p.order.status,
    createdAt: p.order.createdAt,
    travellers: p.travellers,
    contact: { name: p.order.contactName, phoneMasked: p.order.contactPhoneMasked, email: p.order.contactEmail },
    receipt: p.receipt,
    fees: itinerary.fees,
    bounds: bounds.map((b) => {
      const slice = legs.slice(b.start, b.end);
      const ends = slice.map((leg) => ({
        from: known(leg.from, leg.departureTime),
        to: known(leg.to, leg.arrivalTime),
      }));
      const nearest = (k: number): string | undefined => {
        for (let d = 1; d < slice.length; d++) {
          const zone = ends[k + d]?.from ?? ends[k + d]?.to ?? ends[k - d]?.to ?? ends[k - d]?.from;
          if (zone) return zone;
        }
        return undefined;
      };
      return {
        start: b.start,
        end: b.end,
        legs: slice.map((leg, k) => {
          const index = b.start + k;
          const { sub, held } = heldOn(p.subOrders, p.tickets, index);
          const tickets = held.map((t) => ({
            travellerPosition: t.travellerPosition,
            supplier: t.supplier === 'rail' ? ('rail' as const) : ('air' as const),
            bookingReference: t.bookingReference,
            ticketNumber: t.ticketNumber,
            seat: t.seat,
            coach: t.coach,
            berth: t.berth,
            gate: t.gate,
          }));
          return {
            index,
            leg,
            change: scheduleChangeOf(itinerary.scheduleChanges, index),
            sold: isRide(leg),
            fromZone: ends[k]?.from ?? ends[k]?.to ?? nearest(k) ?? zoneOfOffset(leg.departureTime),
            toZone: ends[k]?.to ?? ends[k]?.from ?? nearest(k) ?? zoneOfOffset(leg.arrivalTime),
            subOrder:
              sub && isRide(leg)
                ? {
                    type: sub.type === 'railway' ? 'railway' : 'flight',
                    status: sub.status,
                    bookingReference: tickets[0]?.bookingReference ?? sub.confirmationCode,
                  }
                : null,
            tickets,
          };
        }),
      };
    }),
  };
}
