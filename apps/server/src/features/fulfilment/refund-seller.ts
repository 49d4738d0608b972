import { AppError, type RefundFee } from '@junction/domain';
import type { SellerRefunds } from './ports';
import type { OrderTraveller, RefundTicket } from './refund-tickets';
import { ticketsOf } from './refund-tickets';

type Allowed = Extract<RefundFee, { allowed: true }>;

/** The rule of a fee the seller quoted (the refunds' `feeRule`): its cancellation goes with the payout. */
export const SELLER_QUOTE = 'air-seller-quote';

/**
 * The fees of the tickets whose flight seller quotes its own refund (Duffel), by ticket; tickets of other
 * sellers, trains and flights already departed are left to our fare rules. Such a seller cancels a whole
 * booking, so its sub-order is refunded only whole: a selection naming some of its tickets is refused
 * (`whole-booking`). What it gives back is shared across the tickets by what each paid, rounded so the
 * parts add up to it exactly; nothing back is refused as not refundable.
 */
export async function sellerFees(
  sellers: SellerRefunds | undefined,
  tickets: RefundTicket[],
  travellers: OrderTraveller[],
  departed: (ticket: RefundTicket) => boolean,
): Promise<Map<RefundTicket, Allowed>> {
  const fees = new Map<RefundTicket, Allowed>();
  if (!sellers) return fees;
  const subs = [...new Set(tickets.map((t) => t.sub))].filter((s) => s.type === 'flight');
  for (const sub of subs) {
    const chosen = tickets.filter((t) => t.sub === sub);
    if (chosen.some(departed)) continue;
    let quote: { refundMinor: number } | undefined;
    try {
      quote = await sellers.quote({ subOrderId: sub.id, supplier: sub.supplier });
    } catch {
      throw new AppError('PARTNER_UNAVAILABLE');
    }
    if (!quote) continue;
    if (ticketsOf(sub, travellers).length !== chosen.length)
      throw new AppError('REFUND_NOT_ALLOWED', { params: { reason: 'whole-booking' } });
    if (quote.refundMinor <= 0) throw new AppError('REFUND_NOT_ALLOWED', { params: { reason: 'not-refundable' } });
    const base = (t: RefundTicket) => Math.max(0, t.paid - t.serviceFee);
    const total = chosen.reduce((s, t) => s + base(t), 0);
    const back = Math.min(total, quote.refundMinor);
    // Rounded where the running total falls, so the parts add up to the refund and none is below nothing.
    let before = 0;
    let shared = 0;
    chosen.forEach((t) => {
      before += base(t);
      const upTo = total > 0 ? Math.round((back * before) / total) : 0;
      const part = upTo - shared;
      shared = upTo;
      fees.set(t, {
        allowed: true,
        feeMinor: base(t) - part,
        serviceFeeKeptMinor: t.paid - base(t),
        refundMinor: part,
        rule: SELLER_QUOTE,
        percent: null,
      });
    });
  }
  return fees;
}
