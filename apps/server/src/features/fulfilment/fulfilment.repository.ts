import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, Db, OrdersTable, SubOrdersTable } from '../../db/database';

export type Trx = Transaction<Database>;
export type OrderRow = Selectable<OrdersTable>;
export type SubOrderRow = Selectable<SubOrdersTable>;

/** Statuses as the text columns keep them (spec §4 wire values). */
export const statusText = (s: string | number | null): string | null => (s === null ? null : String(s));

/**
 * The SQL of fulfilment: orders and sub-orders move only by compare-and-set (`where status = from`) with
 * an event row beside, in the caller's transaction; tickets and refunds are fulfilment's own tables.
 */
export class FulfilmentRepository {
  constructor(readonly db: Db) {}

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  order(orderId: string, db: Kysely<Database> = this.db): Promise<OrderRow | undefined> {
    return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  }

  subOrders(orderId: string, db: Kysely<Database> = this.db): Promise<SubOrderRow[]> {
    return db.selectFrom('subOrders').selectAll().where('orderId', '=', orderId).orderBy('position').execute();
  }

  /** Moves the order from one status to another (and its payment status when given); false if it was not in `from`. */
  async moveOrder(
    trx: Trx,
    p: { orderId: string; from: string; to: string; paymentFrom?: string; paymentTo?: string; at: Date },
  ): Promise<boolean> {
    let q = trx
      .updateTable('orders')
      .set({ status: p.to, updatedAt: p.at, ...(p.paymentTo ? { paymentStatus: p.paymentTo } : {}) })
      .where('id', '=', p.orderId)
      .where('status', '=', p.from);
    if (p.paymentFrom) q = q.where('paymentStatus', '=', p.paymentFrom);
    const row = await q.returning('id').executeTakeFirst();
    return row !== undefined;
  }

  async moveSubOrder(trx: Trx, p: { subOrderId: string; from: string; to: string }): Promise<boolean> {
    const row = await trx
      .updateTable('subOrders')
      .set({ status: p.to })
      .where('id', '=', p.subOrderId)
      .where('status', '=', p.from)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async addEvent(
    trx: Trx,
    e: { orderId: string; kind: string; from: string | null; to: string; at: Date; data?: Record<string, unknown> },
  ): Promise<void> {
    await trx
      .insertInto('orderEvents')
      .values({
        orderId: e.orderId,
        kind: e.kind,
        fromStatus: e.from,
        toStatus: e.to,
        at: e.at,
        data: JSON.stringify(e.data ?? {}),
      })
      .execute();
  }

  /** Locks the order row for the rest of the transaction, so its sub-orders are decided one at a time. */
  async lockOrder(trx: Trx, orderId: string): Promise<OrderRow | undefined> {
    return trx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
  }
}
