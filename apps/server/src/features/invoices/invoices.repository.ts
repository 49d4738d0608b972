import { orderStatusCodec, subOrderStatusCodec } from '@junction/domain';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, Db, InvoicesTable, InvoiceTitlesTable } from '../../db/database';
import type { InvoiceableOrder } from './invoice-documents';
import type { IssuedEInvoice } from './ports';

export type Trx = Transaction<Database>;
export type InvoiceRow = Omit<Selectable<InvoicesTable>, 'pdf' | 'redPdf'>;
export type TitleRow = Selectable<InvoiceTitlesTable>;

const LISTED = [
  'id',
  'orderId',
  'userId',
  'kind',
  'subOrderId',
  'travellerPosition',
  'travellerName',
  'service',
  'titleKind',
  'titleName',
  'creditCode',
  'email',
  'lines',
  'amountMinor',
  'taxMinor',
  'status',
  'number',
  'issuedAt',
  'redNumber',
  'redIssuedAt',
  'redReason',
  'createdAt',
  'updatedAt',
] as const;

/**
 * The SQL of invoices: `invoices` and `invoice_titles` are the feature's own; an order, its sub-orders,
 * travellers and refunds are only read here, to know which documents it has.
 */
export class InvoicesRepository {
  constructor(readonly db: Db) {}

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** The order as its documents need it, when it is the user's; locked for the transaction when `trx` is given. */
  async order(orderId: string, userId: string, trx?: Trx): Promise<(InvoiceableOrder & { email: string }) | undefined> {
    const db: Kysely<Database> = trx ?? this.db;
    let q = db
      .selectFrom('orders')
      .select(['id', 'userId', 'orderNumber', 'status', 'contactEmail'])
      .where('id', '=', orderId);
    if (trx) q = q.forUpdate();
    const order = await q.where('userId', '=', userId).executeTakeFirst();
    if (!order) return undefined;
    const [subs, travellers, refunds] = await Promise.all([
      db.selectFrom('subOrders').selectAll().where('orderId', '=', orderId).orderBy('position').execute(),
      db.selectFrom('orderTravellers').select(['position', 'name', 'airType']).where('orderId', '=', orderId).execute(),
      db
        .selectFrom('refunds')
        .select(['subOrderId', 'travellerPosition'])
        .where('orderId', '=', orderId)
        .where('status', 'in', ['processing', 'owed', 'done'])
        .execute(),
    ]);
    return {
      id: order.id,
      userId: order.userId,
      orderNumber: order.orderNumber,
      email: order.contactEmail,
      status: orderStatusCodec.decode(order.status),
      subOrders: subs.map((s) => ({
        id: s.id,
        type: s.type === 'railway' ? 'railway' : 'flight',
        status: subOrderStatusCodec.decode(s.status),
        service: s.flightNumber,
        segments: Array.isArray(s.legs) ? s.legs.length : 1,
        shares: (s.travellerPrices as InvoiceableOrder['subOrders'][number]['shares'] | null) ?? [
          { priceMinor: s.priceMinor, serviceFeeMinor: s.serviceFeeMinor ?? 0 },
        ],
      })),
      travellers,
      refunded: refunds,
    };
  }

  invoicesOf(orderId: string, db: Kysely<Database> = this.db): Promise<InvoiceRow[]> {
    return db
      .selectFrom('invoices')
      .select(LISTED)
      .where('orderId', '=', orderId)
      .orderBy('kind', 'desc')
      .orderBy('service')
      .orderBy('travellerPosition')
      .execute();
  }

  invoice(id: string): Promise<InvoiceRow | undefined> {
    return this.db.selectFrom('invoices').select(LISTED).where('id', '=', id).executeTakeFirst();
  }

  async file(id: string, userId: string, copy: 'blue' | 'red') {
    const row = await this.db
      .selectFrom('invoices')
      .select(['number', 'pdf', 'redNumber', 'redPdf'])
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    return copy === 'red' ? { number: row.redNumber, pdf: row.redPdf } : { number: row.number, pdf: row.pdf };
  }

  async insert(trx: Trx, rows: Insertable<InvoicesTable>[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const ids = await trx.insertInto('invoices').values(rows).returning('id').execute();
    return ids.map((r) => r.id);
  }

  /**
   * Keeps what the e-invoice service issued (once: a second answer for the same key is the same invoice)
   * and moves an invoice still `issuing` to `issued`; one already `reversing` stays so. Answers the row.
   */
  async recordIssued(trx: Trx, id: string, issued: IssuedEInvoice, at: Date): Promise<InvoiceRow | undefined> {
    await trx
      .updateTable('invoices')
      .set({ number: issued.number, issuedAt: issued.issuedAt, pdf: issued.pdf, updatedAt: at })
      .where('id', '=', id)
      .where('number', 'is', null)
      .execute();
    await trx
      .updateTable('invoices')
      .set({ status: 'issued', updatedAt: at })
      .where('id', '=', id)
      .where('status', '=', 'issuing')
      .execute();
    return trx.selectFrom('invoices').select(LISTED).where('id', '=', id).executeTakeFirst();
  }

  /** Marks a ticket's documents (every traveller's when `travellerPosition` is null) to be reversed; answers their ids. */
  async markReversing(
    trx: Kysely<Database>,
    t: { orderId: string; subOrderId: string; travellerPosition: number | null; reason: string; at: Date },
  ): Promise<string[]> {
    let q = trx
      .updateTable('invoices')
      .set({ status: 'reversing', redReason: t.reason, updatedAt: t.at })
      .where('orderId', '=', t.orderId)
      .where('subOrderId', '=', t.subOrderId)
      .where('status', 'in', ['issuing', 'issued']);
    if (t.travellerPosition !== null) q = q.where('travellerPosition', '=', t.travellerPosition);
    const rows = await q.returning('id').execute();
    return rows.map((r) => r.id);
  }

  async recordReversed(trx: Trx, id: string, red: IssuedEInvoice, at: Date): Promise<boolean> {
    const moved = await trx
      .updateTable('invoices')
      .set({ status: 'reversed', redNumber: red.number, redIssuedAt: red.issuedAt, redPdf: red.pdf, updatedAt: at })
      .where('id', '=', id)
      .where('status', '=', 'reversing')
      .executeTakeFirst();
    return moved.numUpdatedRows > 0n;
  }

  /** The sub-order's receipt link: its first document issued, or none once every one is reversed. */
  async linkReceipt(trx: Trx, subOrderId: string, url: string | null, unless?: string): Promise<void> {
    let q = trx.updateTable('subOrders').set({ receiptUrl: url }).where('id', '=', subOrderId);
    q = url === null ? q.where('receiptUrl', '=', unless ?? '') : q.where('receiptUrl', 'is', null);
    await q.execute();
  }

  /** A PDF of one of the order's documents, for the mail: every document issued and not reversed. */
  issuedFiles(orderId: string) {
    return this.db
      .selectFrom('invoices')
      .select(['id', 'kind', 'number', 'pdf', 'email', 'userId', 'travellerName', 'service'])
      .where('orderId', '=', orderId)
      .where('status', '=', 'issued')
      .orderBy('createdAt')
      .execute();
  }

  titles(userId: string): Promise<TitleRow[]> {
    return this.db.selectFrom('invoiceTitles').selectAll().where('userId', '=', userId).orderBy('createdAt').execute();
  }

  async saveTitle(
    db: Kysely<Database>,
    t: { userId: string; kind: 'personal' | 'company'; name: string; creditCode: string | null; at: Date },
  ): Promise<TitleRow | undefined> {
    await db
      .insertInto('invoiceTitles')
      .values({ userId: t.userId, kind: t.kind, name: t.name, creditCode: t.creditCode, createdAt: t.at })
      .onConflict((c) => c.doNothing())
      .execute();
    let q = db
      .selectFrom('invoiceTitles')
      .selectAll()
      .where('userId', '=', t.userId)
      .where('kind', '=', t.kind)
      .where('name', '=', t.name);
    q = t.creditCode === null ? q.where('creditCode', 'is', null) : q.where('creditCode', '=', t.creditCode);
    return q.executeTakeFirst();
  }

  async countTitles(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('invoiceTitles')
      .select((e) => e.fn.countAll<string>().as('n'))
      .where('userId', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async removeTitle(userId: string, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('invoiceTitles')
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    return r.numDeletedRows > 0n;
  }
}
