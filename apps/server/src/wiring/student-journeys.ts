import type { ResultLeg } from '@junction/domain';
import type { TicketChangedHook, TicketReleased } from '../features/fulfilment/ports';
import { giveBackStudentJourneys, moveStudentJourneys } from '../lib/student-journeys';
import { releaseLinks } from './change-links';

/**
 * A refunded student ticket gives its school-year journey back, in the transaction that records the
 * refund done, after what else a released ticket reverses (its invoices). A changed ticket keeps it: the
 * student travels on the new ticket instead.
 */
export const studentJourneysBack =
  (released: TicketReleased, now: () => Date): TicketReleased =>
  async (trx, ticket) => {
    await released(trx, ticket);
    if (ticket.reason === 'refunded')
      await giveBackStudentJourneys(
        trx,
        { orderId: ticket.orderId, subOrderId: ticket.subOrderId, travellerPosition: ticket.travellerPosition },
        now(),
      );
  };

/**
 * After what else a change sets off, a changed student ticket's journey moves onto the new ticket, on the
 * new train's day, so that a later refund of the new ticket gives it back.
 */
export const studentJourneysFollow =
  (changed: TicketChangedHook): TicketChangedHook =>
  async (trx, change) => {
    await changed(trx, change);
    const row = await trx
      .selectFrom('ticketChanges')
      .select('newLegs')
      .where('id', '=', change.changeId)
      .executeTakeFirst();
    const departure = (row?.newLegs as ResultLeg[] | undefined)?.[0]?.departureTime;
    if (departure) await moveStudentJourneys(trx, { ...change, travelDate: departure.slice(0, 10) });
  };

/** The release links of `change-links.ts` with a student's journeys given back on a refund and moved on a change. */
export function studentJourneyLinks(released: TicketReleased, now: () => Date) {
  const links = releaseLinks(studentJourneysBack(released, now));
  return { ...links, onTicketChanged: studentJourneysFollow(links.onTicketChanged) };
}
