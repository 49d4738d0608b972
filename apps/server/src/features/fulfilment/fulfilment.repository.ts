import { ORDER_STATUS, orderStatusCodec, SUB_ORDER_STATUS, subOrderStatusCodec } from '@junction/domain';
import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, Db, OrdersTable, RefundsTable, SubOrdersTable, TicketsTable } from '../../db/database';

export type Trx = Transaction<Database>;
export type OrderRow = Selectable<OrdersTable>;
export type SubOrderRow = Selectable<SubOrdersTable>;
export type RefundRow = Selectable<RefundsTable>;
export type TicketRow = Selectable<TicketsTable>;

const PAID = orderStatusCodec.encode(ORDER_STATUS.PAID);
const ISSUING = subOrderStatusCodec.encode(SUB_ORDER_STATUS.ISSUING);

/**
 * The SQL of fulfilment: tickets and refunds are fulfilment's own tables; orders and sub-orders are read
 * here and move only through the order lifecycle (`lib/lifecycle`), in the caller's transaction.
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

  /** Locks the order row for the rest of the transaction, so its sub-orders are decided one at a time. */
  async lockOrder(trx: Trx, orderId: string): Promise<OrderRow | undefined> {
    return trx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
  }

  travellers(orderId: string, db: Kysely<Database> = this.db) {
    return db
      .selectFrom('orderTravellers')
      .select(['position', 'name', 'birthDate', 'airType', 'railType', 'documentType', 'documentMasked'])
      .where('orderId', '=', orderId)
      .orderBy('position')
      .execute();
  }

  tickets(orderId: string, db: Kysely<Database> = this.db) {
    return db
      .selectFrom('tickets')
      .selectAll()
      .where('orderId', '=', orderId)
      .orderBy('legIndex')
      .orderBy('travellerPosition')
      .execute();
  }

  async insertTickets(trx: Trx, rows: Insertable<TicketsTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await trx
      .insertInto('tickets')
      .values(rows)
      .onConflict((oc) => oc.constraint('tickets_one_per_seat').doNothing())
      .execute();
  }

  async setTicketSummary(
    trx: Trx,
    subOrderId: string,
    s: { ticketNumber: string; confirmationCode: string; seat: string | null },
  ): Promise<void> {
    await trx.updateTable('subOrders').set(s).where('id', '=', subOrderId).execute();
  }

  async orderOfSubOrder(trx: Trx, subOrderId: string): Promise<string | undefined> {
    const row = await trx.selectFrom('subOrders').select('orderId').where('id', '=', subOrderId).executeTakeFirst();
    return row?.orderId;
  }

  /** The changes a seller told of a sub-order's flights and that were recorded: which, of which leg, detected when. */
  async sellerChanges(
    trx: Trx,
    orderId: string,
    subOrderId: string,
  ): Promise<{ legIndex: number; changeId: string; detectedAt: string }[]> {
    const rows = await trx
      .selectFrom('orderEvents')
      .select(sql<{ legIndex: number; changeId: string; detectedAt: string }>`data`.as('change'))
      .where('orderId', '=', orderId)
      .where('kind', '=', 'schedule-change')
      .where(sql<boolean>`data->>'subOrderId' = ${subOrderId} and data ? 'changeId'`)
      .execute();
    return rows.map((r) => r.change);
  }

  /** The order's itinerary after a schedule change, with the departure and arrival its lists show. */
  async reschedule(
    trx: Trx,
    orderId: string,
    p: { itinerary: unknown; departureTime: string; departureAt: Date; arrivalTime: string },
  ): Promise<void> {
    await trx
      .updateTable('orders')
      .set({
        itinerary: JSON.stringify(p.itinerary),
        departureTime: p.departureTime,
        departureAt: p.departureAt,
        arrivalTime: p.arrivalTime,
      })
      .where('id', '=', orderId)
      .execute();
  }

  insertRefund(trx: Trx, r: Insertable<RefundsTable>): Promise<RefundRow> {
    return trx.insertInto('refunds').values(r).returningAll().executeTakeFirstOrThrow();
  }

  refund(id: string, db: Kysely<Database> = this.db): Promise<RefundRow | undefined> {
    return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
  }

  refundsOfOrder(orderId: string, db: Kysely<Database> = this.db): Promise<RefundRow[]> {
    return db.selectFrom('refunds').selectAll().where('orderId', '=', orderId).orderBy('requestedAt').execute();
  }

  async addRefundEvent(
    trx: Trx,
    e: { refundId: string; from: string | null; to: string; at: Date; data?: Record<string, unknown> },
  ): Promise<void> {
    await trx
      .insertInto('refundEvents')
      .values({
        refundId: e.refundId,
        fromStatus: e.from,
        toStatus: e.to,
        at: e.at,
        data: JSON.stringify(e.data ?? {}),
      })
      .execute();
  }

  refundEvents(refundId: string) {
    return this.db.selectFrom('refundEvents').selectAll().where('refundId', '=', refundId).orderBy('id').execute();
  }

  /** Claims a processing refund for paying out: after this it can no longer be withdrawn. */
  async claimRefund(id: string, at: Date): Promise<RefundRow | undefined> {
    const claimed = await this.db
      .updateTable('refunds')
      .set({ claimedAt: at })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .where('claimedAt', 'is', null)
      .returningAll()
      .executeTakeFirst();
    return (
      claimed ??
      (await this.db
        .selectFrom('refunds')
        .selectAll()
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .where('claimedAt', 'is not', null)
        .executeTakeFirst())
    );
  }

  /** Moves a refund between states; false when it was not in `from` (or, for a withdrawal, already claimed). */
  async moveRefund(
    trx: Trx,
    p: {
      id: string;
      from: string;
      to: string;
      set?: Partial<Pick<RefundRow, 'channel' | 'doneAt' | 'withdrawnAt'>>;
      unclaimed?: boolean;
    },
  ): Promise<boolean> {
    let q = trx
      .updateTable('refunds')
      .set({ status: p.to, ...(p.set ?? {}) })
      .where('id', '=', p.id)
      .where('status', '=', p.from);
    if (p.unclaimed) q = q.where('claimedAt', 'is', null);
    return (await q.returning('id').executeTakeFirst()) !== undefined;
  }

  /**
   * Workers holding a job lock older than `staleSeconds`: a process that died mid-job (killed, crashed)
   * never unlocks what it held, so its jobs are unlocked for another process to run.
   */
  async unlockStaleWorkers(staleSeconds: number): Promise<number> {
    const stale = await sql<{ lockedBy: string }>`
      select distinct locked_by as "lockedBy" from graphile_worker.jobs
      where locked_at is not null and locked_at < now() - make_interval(secs => ${staleSeconds})`.execute(this.db);
    const ids = stale.rows.map((r) => r.lockedBy);
    if (ids.length > 0) await sql`select graphile_worker.force_unlock_workers(${ids}::text[])`.execute(this.db);
    return ids.length;
  }

  /** Paid orders whose ticketing job is missing, and sub-orders being issued without their issue job. */
  async orphans(): Promise<{ paidOrders: string[]; issuing: { orderId: string; subOrderId: string }[] }> {
    const paid = await sql<{ id: string }>`
      select o.id from orders o
      where o.status = ${PAID}
        and not exists (select 1 from graphile_worker.jobs j where j.key = 'ticketing:' || o.id::text)`.execute(
      this.db,
    );
    const issuing = await sql<{ orderId: string; subOrderId: string }>`
      select s.order_id as "orderId", s.id as "subOrderId" from sub_orders s
      where s.status = ${ISSUING}
        and not exists (select 1 from graphile_worker.jobs j where j.key = 'issue:' || s.id::text)`.execute(this.db);
    return { paidOrders: paid.rows.map((r) => r.id), issuing: issuing.rows };
  }

  orderForUser(userId: string, orderId: string): Promise<OrderRow | undefined> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .where('userId', '=', userId)
      .executeTakeFirst();
  }

  /** When the order was paid: its 'paid' event. */
  async paidAt(orderId: string): Promise<Date | undefined> {
    const row = await this.db
      .selectFrom('orderEvents')
      .select('at')
      .where('orderId', '=', orderId)
      .where('kind', '=', 'paid')
      .orderBy('id')
      .executeTakeFirst();
    return row?.at;
  }

  /** An order's ticket changes, oldest first. */
  changesOf(orderId: string) {
    return this.db
      .selectFrom('ticketChanges')
      .selectAll()
      .where('orderId', '=', orderId)
      .orderBy('createdAt')
      .execute();
  }

  refundEventsOf(refundIds: string[]) {
    if (refundIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('refundEvents').selectAll().where('refundId', 'in', refundIds).orderBy('id').execute();
  }
}
