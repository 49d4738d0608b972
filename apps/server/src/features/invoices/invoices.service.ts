import { AppError, assertStep, INVOICE_TRANSITIONS, type OrderInvoices, type RequestInvoices } from '@junction/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { addJob } from '../../jobs/jobs';
import { canInvoice, invoiceDocuments } from './invoice-documents';
import { mailInvoices } from './invoice-mail';
import { checkedTitle, type InvoiceTitles } from './invoice-titles';
import { invoiceFileName, invoiceFileUrl, orderInvoicesView } from './invoice-view';
import type { InvoiceRow, InvoicesRepository, Trx } from './invoices.repository';
import type { EInvoiceRequest, EInvoiceService, InvoiceMail } from './ports';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    'invoices.issue': { invoiceId: string };
    'invoices.reverse': { invoiceId: string };
    'invoices.mail': { orderId: string };
  }
}

/** Tells a traveller something in the caller's transaction (the notifications feature's `notify`). */
export type InvoiceNotifier = (
  trx: Trx,
  notice: {
    userId: string;
    kind: 'invoice-issued' | 'invoice-reversed';
    orderId: string;
    params: Record<string, string | number>;
    dedupeKey: string;
    at: Date;
  },
) => Promise<unknown>;

/** A ticket whose documents a red-letter invoice reverses: one traveller's, or everyone's on it (null). */
export type ReleasedTicket = {
  orderId: string;
  subOrderId: string;
  travellerPosition: number | null;
  reason: 'refunded' | 'changed';
};

const LAYOUT = { serviceFee: 'general', railVoucher: 'rail', airItinerary: 'air' } as const;
const REASON = { refunded: '退票', changed: '改签' } as const;

/**
 * An order's invoices: requested for a title once its tickets stand, each issued by the national
 * e-invoice service as a job, mailed and told once all are issued, and reversed by a red-letter invoice
 * when its ticket is refunded or changed (`reverseTickets`, in the transaction that releases the ticket).
 */
export class InvoicesService {
  constructor(
    private readonly repo: InvoicesRepository,
    private readonly einvoice: EInvoiceService,
    private readonly notify: InvoiceNotifier,
    readonly titles: InvoiceTitles,
    private readonly now: () => Date,
    private readonly send: InvoiceMail,
  ) {}

  /** The mail job: the order's issued invoices to the address given with the request. */
  async mail(orderId: string): Promise<void> {
    const first = (await this.repo.invoicesOf(orderId))[0];
    if (!first) return;
    const order = await this.repo.order(orderId, first.userId);
    await mailInvoices(this.repo, this.send, orderId, order?.orderNumber ?? '');
  }

  async ofOrder(userId: string, orderId: string): Promise<OrderInvoices> {
    const order = await this.repo.order(orderId, userId);
    if (!order) throw new AppError('NOT_FOUND');
    const rows = await this.repo.invoicesOf(orderId);
    return orderInvoicesView(rows, invoiceDocuments(order), canInvoice(order.status));
  }

  /** Writes the order's documents for the title, each with its issuing job, in one transaction with the order locked. */
  async request(userId: string, body: RequestInvoices): Promise<OrderInvoices> {
    const title = checkedTitle(body.title);
    const at = this.now();
    await this.repo.transaction(async (trx) => {
      const order = await this.repo.order(body.orderId, userId, trx);
      if (!order) throw new AppError('NOT_FOUND');
      const documents = invoiceDocuments(order);
      if (!canInvoice(order.status) || documents.length === 0) throw new AppError('INVOICE_NOT_AVAILABLE');
      if ((await this.repo.invoicesOf(order.id, trx)).length > 0) throw new AppError('INVOICE_ALREADY_REQUESTED');
      const ids = await this.repo.insert(
        trx,
        documents.map((d) => ({
          orderId: order.id,
          userId,
          kind: d.kind,
          subOrderId: d.subOrderId,
          travellerPosition: d.travellerPosition,
          travellerName: d.travellerName,
          service: d.service,
          titleKind: title.kind,
          titleName: title.name,
          creditCode: title.creditCode,
          email: body.email,
          lines: JSON.stringify(d.lines),
          amountMinor: d.amountMinor,
          taxMinor: d.taxMinor,
          status: 'issuing' as const,
          createdAt: at,
          updatedAt: at,
        })),
      );
      for (const invoiceId of ids) {
        await addJob(trx, 'invoices.issue', { invoiceId }, { jobKey: `invoice-issue:${invoiceId}`, maxAttempts: 20 });
      }
      if (body.saveTitle) await this.titles.keep(trx, userId, title, at);
    });
    return this.ofOrder(userId, body.orderId);
  }

  async file(userId: string, id: string, copy: 'blue' | 'red') {
    const [row, file] = await Promise.all([this.repo.invoice(id), this.repo.file(id, userId, copy)]);
    if (!row || !file || row.userId !== userId) throw new AppError('NOT_FOUND');
    if (!file.pdf || !file.number) throw new AppError('INVOICE_NOT_ISSUED');
    return {
      type: 'application/pdf',
      filename: invoiceFileName(row.kind, file.number, copy === 'red'),
      body: file.pdf,
    };
  }

  private requestOf(row: InvoiceRow, orderNumber: string): EInvoiceRequest {
    const who = row.travellerName ? ` ${row.travellerName}` : '';
    return {
      requestKey: `invoice:${row.id}`,
      layout: LAYOUT[row.kind],
      buyer: { name: row.titleName, creditCode: row.creditCode },
      lines: row.lines,
      remark: `订单号 ${orderNumber}${row.service ? ` ${row.service}` : ''}${who}`,
    };
  }

  /** The issuing job: asks the e-invoice service (idempotent by the invoice's key) and keeps its answer. */
  async issue(invoiceId: string): Promise<void> {
    const row = await this.repo.invoice(invoiceId);
    if (!row || row.number !== null) return;
    const order = await this.repo.order(row.orderId, row.userId);
    const issued = await this.einvoice.issue(this.requestOf(row, order?.orderNumber ?? ''));
    const at = this.now();
    await this.repo.transaction(async (trx) => {
      await this.repo.order(row.orderId, row.userId, trx);
      const kept = await this.repo.recordIssued(trx, invoiceId, issued, at);
      if (kept?.status === 'issued' && kept.subOrderId) {
        await this.repo.linkReceipt(trx, kept.subOrderId, invoiceFileUrl(kept.id));
      }
      const all = await this.repo.invoicesOf(row.orderId, trx);
      if (all.some((i) => i.status === 'issuing')) return;
      const told = await this.notify(trx, {
        userId: row.userId,
        kind: 'invoice-issued',
        orderId: row.orderId,
        params: { orderNumber: order?.orderNumber ?? '', email: row.email },
        dedupeKey: `invoices-issued:${row.orderId}`,
        at,
      });
      if (told) await addJob(trx, 'invoices.mail', { orderId: row.orderId }, { jobKey: `invoice-mail:${row.orderId}` });
    });
  }

  /**
   * Reverses the documents of a ticket refunded or changed, in the caller's transaction: each issued (or
   * still issuing) is marked `reversing` and its red-letter invoice is asked for by a job. Called by
   * wiring from a refund done and from a change; a ticket without documents changes nothing.
   */
  async reverseTickets(trx: Kysely<Database>, ticket: ReleasedTicket): Promise<number> {
    assertStep(INVOICE_TRANSITIONS, 'issued', 'reversing');
    const ids = await this.repo.markReversing(trx, { ...ticket, reason: REASON[ticket.reason], at: this.now() });
    for (const invoiceId of ids) {
      await addJob(trx, 'invoices.reverse', { invoiceId }, { jobKey: `invoice-reverse:${invoiceId}`, maxAttempts: 20 });
    }
    return ids.length;
  }

  /** The reversing job: the blue invoice first if its issue was still under way, then its red-letter invoice. */
  async reverse(invoiceId: string): Promise<void> {
    let row = await this.repo.invoice(invoiceId);
    if (row?.status !== 'reversing') return;
    const order = await this.repo.order(row.orderId, row.userId);
    if (row.number === null) {
      const issued = await this.einvoice.issue(this.requestOf(row, order?.orderNumber ?? ''));
      row = await this.repo.transaction((trx) => this.repo.recordIssued(trx, invoiceId, issued, this.now()));
    }
    if (!row?.number) return;
    const red = await this.einvoice.reverse({
      requestKey: `red:${row.id}`,
      originalNumber: row.number,
      reason: row.redReason ?? '',
    });
    assertStep(INVOICE_TRANSITIONS, 'reversing', 'reversed');
    const at = this.now();
    const { number, subOrderId, id, userId, orderId, service } = row;
    await this.repo.transaction(async (trx) => {
      if (!(await this.repo.recordReversed(trx, invoiceId, red, at))) return;
      if (subOrderId) await this.repo.linkReceipt(trx, subOrderId, null, invoiceFileUrl(id));
      await this.notify(trx, {
        userId,
        kind: 'invoice-reversed',
        orderId,
        params: { orderNumber: order?.orderNumber ?? '', trip: service ?? '', original: number, number: red.number },
        dedupeKey: `invoice-reversed:${id}`,
        at,
      });
    });
  }
}
