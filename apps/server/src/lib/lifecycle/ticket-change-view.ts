import type { ChangeTrip, TicketChange } from '@junction/domain';
import type { Selectable } from 'kysely';
import type { TicketChangesTable } from '../../db/database';

type ChangeRow = Selectable<TicketChangesTable>;

const cny = (amount: number) => ({ amount, currency: 'CNY' as const });

/** A ticket change as the API shows it (the change's confirmation and the order page alike). */
export function presentChange(c: ChangeRow): TicketChange {
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
    createdAt: c.createdAt.toISOString(),
    doneAt: c.doneAt ? c.doneAt.toISOString() : null,
  };
}
