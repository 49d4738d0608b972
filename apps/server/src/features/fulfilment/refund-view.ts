import type { Refund } from '@junction/domain';
import type { FulfilmentRepository, OrderRow, RefundRow } from './fulfilment.repository';

const cny = (amount: number) => ({ amount, currency: 'CNY' as const });

/** Refunds as their traveller reads them: the ticket (trip and traveller), the money, the steps so far. */
export async function presentRefunds(
  repo: FulfilmentRepository,
  order: OrderRow,
  rows: RefundRow[],
): Promise<Refund[]> {
  const [subs, travellers, events] = await Promise.all([
    repo.subOrders(order.id),
    repo.travellers(order.id),
    repo.refundEventsOf(rows.map((r) => r.id)),
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
