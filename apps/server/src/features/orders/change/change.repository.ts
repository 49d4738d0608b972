import type { ChangeStatus } from '@junction/domain';
import type { Insertable, Selectable } from 'kysely';
import type { Db, SubOrdersTable, TicketChangesTable } from '../../../db/database';
import { changeLifecycle } from '../../../lib/lifecycle/change-lifecycle';
import type { Trx } from '../orders.repository';
import { holdSeats, type SeatHold } from '../seat-holds';

export type ChangeRow = Selectable<TicketChangesTable>;

/** The SQL of ticket changes on the orders' side: the change rows, the new sub-order and one seat hold given back. */
export class ChangeRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** An order's changes, oldest first. */
  changesOf(orderId: string, db: Db | Trx = this.db): Promise<ChangeRow[]> {
    return db.selectFrom('ticketChanges').selectAll().where('orderId', '=', orderId).orderBy('createdAt').execute();
  }

  change(id: string, db: Db | Trx = this.db): Promise<ChangeRow | undefined> {
    return db.selectFrom('ticketChanges').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Locks the order row for the rest of the transaction: one change of an order is decided at a time. */
  lockOrder(trx: Trx, userId: string, orderId: string) {
    return trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .where('userId', '=', userId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** The travellers whose own tickets of an order are refunded or being refunded, by sub-order. */
  async refundedTravellers(orderId: string, trx?: Trx): Promise<Map<string, number[]>> {
    const rows = await (trx ?? this.db)
      .selectFrom('refunds')
      .select(['subOrderId', 'travellerPosition'])
      .where('orderId', '=', orderId)
      .where('status', '!=', 'withdrawn')
      .where('travellerPosition', 'is not', null)
      .execute();
    const bySub = new Map<string, number[]>();
    for (const r of rows) bySub.set(r.subOrderId, [...(bySub.get(r.subOrderId) ?? []), r.travellerPosition as number]);
    return bySub;
  }

  async insertSubOrder(trx: Trx, row: Insertable<SubOrdersTable>): Promise<string> {
    const { id } = await trx.insertInto('subOrders').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  async nextPosition(trx: Trx, orderId: string): Promise<number> {
    const row = await trx
      .selectFrom('subOrders')
      .select((eb) => eb.fn.max('position').as('last'))
      .where('orderId', '=', orderId)
      .executeTakeFirst();
    return Number(row?.last ?? -1) + 1;
  }

  /** Writes a new change in its first status, with its event row. */
  insertChange(trx: Trx, row: Insertable<TicketChangesTable>): Promise<ChangeRow> {
    return changeLifecycle.create(trx, row);
  }

  /** Moves a change one step of `CHANGE_TRANSITIONS`, with its event row; false when it was not in `from`. */
  async moveChange(trx: Trx, id: string, from: ChangeStatus, to: ChangeStatus, at: Date): Promise<boolean> {
    return (await changeLifecycle.move(trx, { changeId: id, from, to, at })) !== undefined;
  }

  /** Holds seats in a stock for an order as a booking does; a hold given back before is taken again. */
  holdSeats(trx: Trx, orderId: string, hold: SeatHold): Promise<boolean> {
    return holdSeats(trx, orderId, hold);
  }

  async setPaymentDeadline(trx: Trx, orderId: string, deadline: Date): Promise<void> {
    await trx.updateTable('orders').set({ paymentDeadline: deadline }).where('id', '=', orderId).execute();
  }

  /** A lapsed change's new sub-order owes nothing any more. */
  async clearDifference(trx: Trx, subOrderId: string): Promise<void> {
    await trx.updateTable('subOrders').set({ priceDifferenceMinor: null }).where('id', '=', subOrderId).execute();
  }
}
