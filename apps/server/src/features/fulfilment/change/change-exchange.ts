import type { ChangeTrip } from '@junction/domain';
import type { FulfilmentContext } from '../fulfilment.context';
import type { IssueRequest } from '../ticketing/issuer';

/**
 * The old tickets a change's new sub-order is exchanged for at its supplier, while the change is being
 * issued: the old sub-order's tickets of the travellers who change, on the old train in its class, with
 * their coach and seat, with both rides and the fare difference for an agent who makes it by hand.
 * Undefined for a sub-order no change is issuing.
 */
export async function exchangedTickets(
  ctx: Pick<FulfilmentContext, 'repo'>,
  subOrderId: string,
  travellers: number[],
): Promise<IssueRequest['replaces']> {
  const change = await ctx.repo.db
    .selectFrom('ticketChanges')
    .select(['oldSubOrderId', 'oldTrip', 'newTrip', 'oldFareMinor', 'newFareMinor'])
    .where('newSubOrderId', '=', subOrderId)
    .where('status', '=', 'issuing')
    .executeTakeFirst();
  if (!change) return undefined;
  const trip = change.oldTrip as ChangeTrip;
  const tickets = await ctx.repo.db
    .selectFrom('tickets')
    .select(['ticketNumber', 'travellerPosition', 'coach', 'seat'])
    .where('subOrderId', '=', change.oldSubOrderId)
    .orderBy('travellerPosition')
    .execute();
  return {
    subOrderId: change.oldSubOrderId,
    trips: {
      from: trip,
      to: change.newTrip as ChangeTrip,
      fareDifferenceMinor: change.newFareMinor - change.oldFareMinor,
    },
    tickets: tickets
      .filter((t) => travellers.includes(t.travellerPosition))
      .map((t) => ({
        ...t,
        train: trip.number,
        departureTime: trip.departureTime,
        seatClass: trip.seatClass,
      })),
  };
}
