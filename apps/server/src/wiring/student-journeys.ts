import type { TicketReleased } from '../features/fulfilment/ports';
import { giveBackStudentJourneys } from '../lib/student-journeys';

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
