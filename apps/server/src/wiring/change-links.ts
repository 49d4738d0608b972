import type { TicketChangedHook, TicketReleased } from '../features/fulfilment/ports';
import { scheduleTicketing } from '../features/fulfilment/schedule';
import type { AfterChange } from '../features/orders/change/change.context';

/** A change needing no payment goes ahead through the order's ticketing job, as a paid difference does. */
export const afterChange = (): AfterChange => ({ scheduleTicketing });

/**
 * A changed ticket's documents (its invoices) are reversed as a refunded ticket's are, for everyone on it,
 * in the change's last transaction (after its `ticket_changed` event).
 */
export const changedTicketReleases =
  (released: TicketReleased): TicketChangedHook =>
  async (trx, change) => {
    await released(trx, {
      orderId: change.orderId,
      subOrderId: change.oldSubOrderId,
      travellerPosition: null,
      reason: 'changed',
    });
  };

/** What is reversed when a ticket is refunded or changed, as the fulfilment feature's two ports. */
export const releaseLinks = (released: TicketReleased) => ({
  ticketReleased: released,
  onTicketChanged: changedTicketReleases(released),
});
