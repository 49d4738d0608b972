import {
  AppError,
  type IssuedTicketView,
  type LocalText,
  type OrderFulfilment,
  type Receipt,
  type ReceiptPayment,
  type ResultLeg,
} from '@junction/domain';
import { presentChange } from '../../lib/lifecycle/ticket-change-view';
import type { FulfilmentContext } from './fulfilment.context';
import type { OrderRow } from './fulfilment.repository';
import { PAID_BY_DESK } from './refund-payout';

export type Itinerary = { legs: ResultLeg[]; bounds: { start: number; end: number }[] };

/** The order's route in both languages, for notices. */
export function routeParams(order: OrderRow): Record<string, string> {
  const { legs, bounds } = order.itinerary as Itinerary;
  const rides = legs.filter((l) => l.kind === 'air' || l.kind === 'land');
  const first = rides[0] ?? legs[0];
  const outbound = bounds.length === 2 ? legs.slice(bounds[0]?.start, bounds[0]?.end) : legs;
  const last = outbound.filter((l) => l.kind === 'air' || l.kind === 'land').at(-1) ?? legs.at(-1);
  const name = (p: ResultLeg['from'] | undefined): LocalText => p?.city?.name ?? p?.name ?? { en: '', 'zh-CN': '' };
  const from = name(first?.from);
  const to = name(last?.to);
  return { fromEn: from.en, fromZh: from['zh-CN'], toEn: to.en, toZh: to['zh-CN'] };
}

/** The receipt from the payments taken and the refunds: what was paid, returned and kept as fees. */
export function receiptOf(
  payments: ReceiptPayment[],
  refunds: { status: string; refundedMinor: number; feeMinor: number }[],
): Receipt | null {
  if (payments.length === 0) return null;
  const cny = (amount: number) => ({ amount, currency: 'CNY' as const });
  const done = refunds.filter((r) => r.status === 'done');
  return {
    payments,
    paid: cny(payments.reduce((s, p) => s + p.amount.amount, 0)),
    refunded: cny(done.reduce((s, r) => s + r.refundedMinor, 0)),
    refundFees: cny(done.reduce((s, r) => s + r.feeMinor, 0)),
  };
}

/**
 * Where a change's refund goes: once it went, the channel of its refund (written under the key `refundChange`
 * uses); before, the payment a refund of the amount would take now.
 */
function changeRefundTo(ctx: FulfilmentContext, c: { id: string; orderId: string; refundMinor: number }) {
  return c.refundMinor > 0 ? ctx.refundTo(c.orderId, c.refundMinor, `change-refund:${c.id}`) : null;
}

/** The order page's after-payment part (spec §9 ticketing time, tickets, refunds); another user's order is not found. */
export async function orderFulfilment(
  ctx: FulfilmentContext,
  userId: string,
  orderId: string,
): Promise<OrderFulfilment> {
  const { repo, options } = ctx;
  const order = await repo.orderForUser(userId, orderId);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const [paidAt, tickets, refunds, payments, changes] = await Promise.all([
    repo.paidAt(orderId),
    repo.tickets(orderId),
    ctx.refunds.present(order, await repo.refundsOfOrder(orderId)),
    ctx.paymentsOf(orderId),
    repo.changesOf(orderId),
  ]);
  return {
    orderId,
    ticketingHours: options.ticketingHours,
    paidAt: paidAt?.toISOString() ?? null,
    ticketingBy: paidAt ? new Date(paidAt.getTime() + options.ticketingHours * 3600_000).toISOString() : null,
    tickets: tickets.map((t) => ({
      subOrderId: t.subOrderId,
      legIndex: t.legIndex,
      travellerPosition: t.travellerPosition,
      supplier: t.supplier as IssuedTicketView['supplier'],
      bookingReference: t.bookingReference,
      ticketNumber: t.ticketNumber,
      seat: t.seat,
      coach: t.coach,
      berth: t.berth as IssuedTicketView['berth'],
      gate: t.gate,
    })),
    refunds,
    changes: await Promise.all(changes.map(async (c) => presentChange(c, await changeRefundTo(ctx, c)))),
    receipt: receiptOf(
      payments,
      // Money the processor could not return is not counted as refunded until customer service paid it back.
      refunds
        .filter((r) => r.moneyBack !== 'failed' || r.channel === PAID_BY_DESK)
        .map((r) => ({
          status: r.status,
          refundedMinor: r.refunded.amount,
          feeMinor: r.fee.amount + r.serviceFee.amount,
        })),
    ),
  };
}
