import { z } from 'zod';
import type { TransitionTable } from '../orders/order-status';
import type { ResultLeg } from '../search/search.schema';
import { localTextSchema } from '../text.schema';

/**
 * The least time a traveller needs between arriving on one ticket and departing on the next, by what they
 * arrive on and what they leave on, in minutes, on top of any ground leg between the two (a metro or a
 * taxi from the airport to the station). The figures are the product's own: a train's gates close five
 * minutes before departure and its station asks for twenty-odd minutes through security; an airline
 * closes check-in forty-five minutes before a domestic flight and a traveller needs the time to reach the
 * counter from the arrival hall or the platform. A connection tighter than this after a delay is missed.
 */
export const MIN_CONNECTION_MINUTES = {
  air: { air: 90, land: 45 },
  land: { air: 90, land: 30 },
} as const;

type Ride = Pick<ResultLeg, 'kind' | 'departureTime' | 'arrivalTime'>;

const isRideKind = (kind: string): kind is 'air' | 'land' => kind === 'air' || kind === 'land';

/** A change between two tickets: the ride arrived on, the ride departed on, and the ground legs' minutes between. */
export type SelfTransfer = { arriving: number; departing: number; groundMinutes: number };

/**
 * The self-transfers of an itinerary whose rides are sold on separate tickets (`tickets`: the leg indices
 * of each sub-order): after the last ride of a ticket, the next ride on another ticket, with the ground
 * legs between them.
 */
export function selfTransfers(legs: readonly Ride[], tickets: readonly (readonly number[])[]): SelfTransfer[] {
  const ticketOf = new Map<number, number>();
  tickets.forEach((t, n) => {
    for (const i of t) ticketOf.set(i, n);
  });
  const out: SelfTransfer[] = [];
  for (let i = 0; i < legs.length; i++) {
    const leg = legs[i] as Ride;
    if (!isRideKind(leg.kind) || !ticketOf.has(i)) continue;
    let groundMinutes = 0;
    for (let j = i + 1; j < legs.length; j++) {
      const next = legs[j] as Ride;
      if (!isRideKind(next.kind)) {
        groundMinutes += Math.max(0, (Date.parse(next.arrivalTime) - Date.parse(next.departureTime)) / 60_000);
        continue;
      }
      if (ticketOf.has(j) && ticketOf.get(j) !== ticketOf.get(i))
        out.push({ arriving: i, departing: j, groundMinutes });
      break;
    }
  }
  return out;
}

/** The minutes a self-transfer needs: the ground legs between plus the minimum connection. */
export function neededMinutes(legs: readonly Ride[], t: SelfTransfer): number {
  const from = (legs[t.arriving] as Ride).kind as 'air' | 'land';
  const to = (legs[t.departing] as Ride).kind as 'air' | 'land';
  return Math.round(t.groundMinutes) + MIN_CONNECTION_MINUTES[from][to];
}

/**
 * The first self-transfer an itinerary as it now runs misses: the arriving ride lands later than the
 * departing ride's departure less what the change needs. Undefined when every change can be made.
 */
export function missedConnection(
  legs: readonly Ride[],
  tickets: readonly (readonly number[])[],
): SelfTransfer | undefined {
  return selfTransfers(legs, tickets).find((t) => {
    const arrive = Date.parse((legs[t.arriving] as Ride).arrivalTime);
    const depart = Date.parse((legs[t.departing] as Ride).departureTime);
    return arrive + neededMinutes(legs, t) * 60_000 > depart;
  });
}

/**
 * The latest a ride replacing a self-transfer's arriving ride (its operator cancelled it) may arrive and
 * still make the departing ride: that ride's departure less what the change needs. An ISO instant.
 */
export function arriveBy(legs: readonly Ride[], t: SelfTransfer): string {
  const depart = Date.parse((legs[t.departing] as Ride).departureTime);
  return new Date(depart - neededMinutes(legs, t) * 60_000).toISOString();
}

/**
 * A ride to find again after a missed connection: its kind, its two ends by place id and code, the earliest
 * departure the traveller can make (an ISO time), the cabin and the party's size.
 */
export type RideAfter = {
  kind: 'air' | 'land';
  fromPlaceId: number;
  toPlaceId: number;
  fromCode: string;
  toCode: string;
  after: string;
  cabin: string;
  travellers: number;
};

/**
 * A protected connection missed: `offered` while the traveller chooses, then `rebooked` (the next
 * departure on the same route, at our cost) or `refunded` (the unused ticket, in full).
 */
export const PROTECTION_STATUSES = ['offered', 'rebooked', 'refunded'] as const;
export type ProtectionStatus = (typeof PROTECTION_STATUSES)[number];
export const PROTECTION_TRANSITIONS: TransitionTable<ProtectionStatus> = new Map<ProtectionStatus, ProtectionStatus[]>([
  ['offered', ['rebooked', 'refunded']],
  ['rebooked', []],
  ['refunded', []],
]);

const cny = z.object({ amount: z.number().int(), currency: z.literal('CNY') });
const isoDateTime = z.iso.datetime({ offset: true });
const rideSchema = z.object({
  kind: z.enum(['air', 'land']),
  number: z.string(),
  from: localTextSchema,
  to: localTextSchema,
  departureTime: isoDateTime,
  arrivalTime: isoDateTime,
});
export type ProtectedRide = z.infer<typeof rideSchema>;

/**
 * Why a connection was missed: the ride before it ran late (`delay`), or its operator cancelled the ride
 * before it (`cancellation`: the ticket to replace is the cancelled one, and `delayed` is that ride).
 */
export const PROTECTION_CAUSES = ['delay', 'cancellation'] as const;
export type ProtectionCause = (typeof PROTECTION_CAUSES)[number];

/** A missed connection of an order, with the traveller's two choices. */
export const protectionCaseSchema = z.object({
  id: z.uuid(),
  status: z.enum(PROTECTION_STATUSES),
  cause: z.enum(PROTECTION_CAUSES).default('delay'),
  /** The ride that was delayed (as it now runs, and by how many minutes) or cancelled (as booked, 0). */
  delayed: rideSchema,
  delayMinutes: z.number().int(),
  /** The ride missed, as booked (the cancelled ride itself after a cancellation). */
  missed: rideSchema,
  /**
   * The next departure on the same route we rebook onto, or null when none is left that day or the next
   * (after a cancellation: none that still makes the rest of the plan).
   */
  next: rideSchema.nullable(),
  /**
   * After a cancellation whose route has no later departure that still makes the change: the ride after it
   * as booked (`missed`) and the later departure of its route that `next` makes (`next`). Rebooking takes
   * both; null otherwise.
   */
  onward: z.object({ missed: rideSchema, next: rideSchema }).nullable().default(null),
  /** The unused (or cancelled) ticket's refund: everything paid for it. */
  refund: cny,
});
export type ProtectionCase = z.infer<typeof protectionCaseSchema>;

export const protectionQuerySchema = z.object({ id: z.uuid() });
export const protectionAnswerSchema = z.object({ cases: z.array(protectionCaseSchema) });
export type ProtectionAnswer = z.infer<typeof protectionAnswerSchema>;
export const protectionChoiceSchema = z.object({
  orderId: z.uuid(),
  caseId: z.uuid(),
  choice: z.enum(['rebook', 'refund']),
});
export type ProtectionChoice = z.infer<typeof protectionChoiceSchema>;
