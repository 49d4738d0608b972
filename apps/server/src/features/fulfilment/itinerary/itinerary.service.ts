import { createHash } from 'node:crypto';
import { AppError, type Language } from '@junction/domain';
import type { FulfilmentRepository } from '../fulfilment.repository';
import { receiptOf } from '../fulfilment-view';
import type { PaymentRecords } from '../ports';
import type { ItineraryRepository } from './itinerary.repository';
import { itineraryIcs } from './itinerary-ics';
import type { PdfPool } from './itinerary-pdf-pool';
import { PDF_LAYOUT } from './itinerary-pdf-style';
import { ITINERARY_TEXTS } from './itinerary-text';
import { buildItineraryView, type ItineraryView, type TimeZoneOf } from './itinerary-view';

/** A file to download: its name, its media type and its bytes. */
export type ItineraryFile = { filename: string; type: string; body: Buffer };

/**
 * The version of an itinerary PDF: a digest of everything it draws (the order's view, the language and its
 * texts, the layout), so a ticket issued or a refund makes a new version and nothing else does.
 */
export function pdfVersion(view: ItineraryView, language: Language): string {
  return createHash('sha256')
    .update(JSON.stringify({ layout: PDF_LAYOUT, language, texts: ITINERARY_TEXTS[language], view }))
    .digest('base64url');
}

/**
 * The itinerary of an order as files for its traveller (spec §2 /itinerary): the printable PDF and the
 * calendar file of every leg. Another user's order is not found. Each version of an order's PDF is drawn
 * once, on the PDF pool's threads, and kept in PostgreSQL for every later download, from any process.
 */
export class ItineraryService {
  constructor(
    private readonly repo: FulfilmentRepository,
    private readonly paymentsOf: PaymentRecords,
    private readonly zoneOf: TimeZoneOf,
    private readonly now: () => Date,
    private readonly pdfs: { pool: PdfPool; kept: ItineraryRepository },
  ) {}

  async view(userId: string, orderId: string): Promise<ItineraryView> {
    const order = await this.repo.orderForUser(userId, orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    const [subOrders, tickets, travellers, refunds, payments] = await Promise.all([
      this.repo.subOrders(orderId),
      this.repo.tickets(orderId),
      this.repo.travellers(orderId),
      this.repo.refundsOfOrder(orderId),
      this.paymentsOf(orderId),
    ]);
    return buildItineraryView({
      order,
      subOrders,
      tickets,
      travellers,
      receipt: receiptOf(
        payments,
        refunds.map((r) => ({ status: r.status, refundedMinor: r.amountMinor, feeMinor: r.feeMinor })),
      ),
      zoneOf: this.zoneOf,
    });
  }

  async pdf(userId: string, orderId: string, language: Language): Promise<ItineraryFile> {
    const view = await this.view(userId, orderId);
    const file = { filename: `itinerary-${view.orderNumber}.pdf`, type: 'application/pdf' };
    const version = pdfVersion(view, language);
    const kept = await this.pdfs.kept.keptPdf(orderId, language);
    if (kept?.version === version) return { ...file, body: kept.body };
    const drawn = await this.pdfs.pool.draw(`${orderId}/${language}/${version}`, view, language, this.now());
    return { ...file, body: await this.pdfs.kept.keepPdf(orderId, language, { version, body: drawn }, this.now()) };
  }

  async ics(userId: string, orderId: string, language: Language): Promise<ItineraryFile> {
    const view = await this.view(userId, orderId);
    const text = itineraryIcs(view, ITINERARY_TEXTS[language], language, this.now());
    return {
      filename: `itinerary-${view.orderNumber}.ics`,
      type: 'text/calendar; charset=utf-8',
      body: Buffer.from(text),
    };
  }
}
