import type { Refund } from '@junction/domain';
import type { FulfilmentRepository, OrderRow, RefundRow } from './fulfilment.repository';
import type { MoneyBackStates } from './ports';

const cny = (amount: number) => ({ amount, currency: 'CNY' as const });

/** The key a refund's money is paid out under (`RefundsService.payOut`). */
export const payoutKey = (refundId: string) => `refund:${refundId}`;

/**
 * Refunds as their traveller reads them: the ticket (trip and traveller), the money and how it stands where
 * it went back, the steps so far.
 */
export async function presentRefunds(
  repo: FulfilmentRepository,
  order: OrderRow,
  rows: RefundRow[],
  moneyBack: MoneyBackStates,
): Promise<Refund[]> {
  const [subs, travellers, events, money] = await Promise.all([
    repo.subOrders(order.id),
    repo.travellers(order.id),
    repo.refundEventsOf(rows.map((r) => r.id)),
    moneyBack(rows.map((r) => payoutKey(r.id))),
  ]);
  return rows.map((r) => {
    const sub = subs.find((s) => s.id === r.subOrderId);
    return {
      id: r.id,
      orderId: r.orderId,
      orderNumber: order.orderNumber,
      subOrderId: r.subOrderId,
      travellerPosition: r.travellerPosition,
      traveller: travellers.find((t) => t.position === r.travellerPosition)?.name ?? null,
      trip: sub?.flightNumber ?? '',
      type: (sub?.type ?? 'flight') as Refund['type'],
      status: r.status as Refund['status'],
      reason: r.reason as Refund['reason'],
      paid: cny(r.paidMinor),
      fee: cny(r.feeMinor),
      serviceFee: cny(r.serviceFeeMinor),
      refunded: cny(r.amountMinor),
      rule: r.feeRule,
      channel: r.channel,
      moneyBack: money.get(payoutKey(r.id)) ?? null,
      requestedAt: r.requestedAt.toISOString(),
      deadline: r.deadline.toISOString(),
      doneAt: r.doneAt?.toISOString() ?? null,
      withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
      withdrawable: r.status === 'processing' && r.claimedAt === null && r.reason === 'traveller',
      timeline: events
        .filter((e) => e.refundId === r.id)
        .map((e) => ({ status: e.toStatus as Refund['status'], at: e.at.toISOString() })),
    };
  });
}
