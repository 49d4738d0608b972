import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '@junction/domain';
import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { EInvoiceRequest, EInvoiceService, IssuedEInvoice } from '../ports';
import type { EInvoiceDocument } from './einvoice-pdf';

export type EInvoiceSimulatorOptions = {
  seller: EInvoiceDocument['seller'];
  /** The seller's particulars are samples: every invoice says it is none. */
  sample: boolean;
  latencyMs: number;
  now: () => Date;
};

type Totals = { totalMinor: number; taxMinor: number; originalNumber: string | null };

const answer = (row: { number: string; issuedAt: Date; pdf: Buffer }): IssuedEInvoice => ({
  number: row.number,
  issuedAt: new Date(row.issuedAt),
  pdf: Buffer.from(row.pdf),
});

/**
 * The national e-invoice service as the seller's account sees it, simulated with its own register
 * (`sim_einvoices`): a 20-digit number (year, the tax office's region, the channel, a serial), the PDF it
 * draws, one invoice per request key, and a red-letter invoice negating a blue one, at most once.
 */
export class EInvoiceSimulator implements EInvoiceService {
  constructor(
    private readonly db: Db,
    private readonly options: EInvoiceSimulatorOptions,
  ) {}

  async issue(request: EInvoiceRequest): Promise<IssuedEInvoice> {
    await sleep(this.options.latencyMs);
    const kept = await this.find(request.requestKey);
    if (kept) return answer(kept);
    const issuedAt = this.options.now();
    const doc: EInvoiceDocument = {
      number: await this.nextNumber(issuedAt),
      issuedAt,
      colour: 'blue',
      layout: request.layout,
      seller: this.options.seller,
      buyer: request.buyer,
      lines: request.lines,
      remark: request.remark,
      sample: this.options.sample,
    };
    const totalMinor = request.lines.reduce((s, l) => s + l.amountMinor, 0);
    const taxMinor = request.lines.reduce((s, l) => s + l.taxMinor, 0);
    return this.record(request.requestKey, doc, { totalMinor, taxMinor, originalNumber: null });
  }

  async reverse(request: { requestKey: string; originalNumber: string; reason: string }): Promise<IssuedEInvoice> {
    await sleep(this.options.latencyMs);
    const kept = await this.find(request.requestKey);
    if (kept) return answer(kept);
    const blue = await this.db
      .selectFrom('simEinvoices')
      .selectAll()
      .where('number', '=', request.originalNumber)
      .where('colour', '=', 'blue')
      .executeTakeFirst();
    if (!blue) throw new AppError('NOT_FOUND');
    const original = blue.document as EInvoiceDocument;
    const issuedAt = this.options.now();
    const doc: EInvoiceDocument = {
      ...original,
      number: await this.nextNumber(issuedAt),
      issuedAt,
      colour: 'red',
      remark: `${request.reason} 被红冲蓝字数电发票号码：${blue.number}`,
    };
    const totals = { totalMinor: -blue.totalMinor, taxMinor: -blue.taxMinor, originalNumber: blue.number };
    return this.record(request.requestKey, doc, totals);
  }

  private find(requestKey: string) {
    return this.db
      .selectFrom('simEinvoices')
      .select(['number', 'issuedAt', 'pdf'])
      .where('requestKey', '=', requestKey)
      .executeTakeFirst();
  }

  /** 2 digits of the year, 11 for Beijing's tax office, 2 for the electronic channel, a 15-digit serial. */
  private async nextNumber(at: Date): Promise<string> {
    const { rows } = await sql<{ n: string }>`select nextval('sim_einvoice_serial')::text as n`.execute(this.db);
    return `${String(at.getUTCFullYear()).slice(2)}112${(rows[0]?.n ?? '0').padStart(15, '0')}`;
  }

  /** Draws and keeps the invoice; two callers with one key both answer the one kept first. */
  private async record(requestKey: string, doc: EInvoiceDocument, totals: Totals): Promise<IssuedEInvoice> {
    // The PDF library is loaded with the first invoice drawn, not with the server.
    const { einvoicePdf } = await import('./einvoice-pdf');
    const pdf = await einvoicePdf(doc);
    await this.db
      .insertInto('simEinvoices')
      .values({
        requestKey,
        number: doc.number,
        colour: doc.colour,
        sellerCode: doc.seller.creditCode,
        buyerName: doc.buyer.name,
        buyerCode: doc.buyer.creditCode,
        ...totals,
        document: JSON.stringify({ ...doc, issuedAt: doc.issuedAt.toISOString() }),
        pdf,
        issuedAt: doc.issuedAt,
      })
      .onConflict((c) => c.doNothing())
      .execute();
    const row = await this.find(requestKey);
    if (!row) throw new AppError('PARTNER_UNAVAILABLE');
    return answer(row);
  }
}
