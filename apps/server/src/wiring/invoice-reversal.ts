import type { TicketReleased } from '../features/fulfilment/ports';
import type { InvoicesService } from '../features/invoices/invoices.service';

/**
 * What reverses a ticket's invoices with red-letter invoices, in the transaction that releases the ticket:
 * fulfilment calls it when a refund is done (`reason: 'refunded'`), and a change of ticket calls the same
 * with `reason: 'changed'` for the old ticket, from the step that records it changed.
 */
export const invoiceReversal =
  (invoices: Pick<InvoicesService, 'reverseTickets'>): TicketReleased =>
  (trx, ticket) =>
    invoices.reverseTickets(trx, ticket);
