import type { ChangeRefundTo, ChangeTrip, TicketChange } from '@junction/domain';
import type { Selectable } from 'kysely';
import type { TicketChangesTable } from '../../db/database';

type ChangeRow = Selectable<TicketChangesTable>;

const cny = (amount: number) => ({ amount, currency: 'CNY' as const });

/** A change that lapsed or whose new ticket was refused leaves the old ticket standing: nothing comes back. */
const UNREFUNDED = new Set(['lapsed', 'failed']);

/**
 * A ticket change as the API shows it (the change's confirmation and the order page alike), with where
 * its refund goes when the caller knows how the order was paid.
 */
export function presentChange(c: ChangeRow, refundTo: ChangeRefundTo | null = null): TicketChange {
  return {
    id: c.id,
    status: c.status as TicketChange['status'],
    oldSubOrderId: c.oldSubOrderId,
    newSubOrderId: c.newSubOrderId,
    from: c.oldTrip as ChangeTrip,
    to: c.newTrip as ChangeTrip,
    oldFare: cny(c.oldFareMinor),
    newFare: cny(c.newFareMinor),
    fee: cny(c.feeMinor),
    due: cny(c.dueMinor),
    refund: cny(c.refundMinor),
    refundTo: c.refundMinor > 0 && !UNREFUNDED.has(c.status) ? refundTo : null,
    travellers: Array.isArray(c.travellers) ? (c.travellers as number[]) : null,
    createdAt: c.createdAt.toISOString(),
    doneAt: c.doneAt ? c.doneAt.toISOString() : null,
  };
}
