import { AppError, type Language } from '@junction/domain';
import type { FulfilmentRepository } from '../fulfilment.repository';
import { receiptOf } from '../fulfilment.service';
import type { PaymentRecords } from '../ports';
import { itineraryIcs } from './itinerary-ics';
import { itineraryPdf } from './itinerary-pdf';
import { ITINERARY_TEXTS } from './itinerary-text';
import { buildItineraryView, type ItineraryView, type TimeZoneOf } from './itinerary-view';

/** A file to download: its name, its media type and its bytes. */
export type ItineraryFile = { filename: string; type: string; body: Buffer };

/**
 * The itinerary of an order as files for its traveller (spec §2 /itinerary): the printable PDF and the
 * calendar file of every leg. Another user's order is not found.
 */
export class ItineraryService {
  constructor(
    private readonly repo: FulfilmentRepository,
    private readonly paymentsOf: PaymentRecords,
    private readonly zoneOf: TimeZoneOf,
    private readonly now: () => Date,
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
    const body = await itineraryPdf(view, ITINERARY_TEXTS[language], language, this.now());
    return { filename: `itinerary-${view.orderNumber}.pdf`, type: 'application/pdf', body };
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
