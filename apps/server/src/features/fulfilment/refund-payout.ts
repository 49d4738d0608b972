import {
  AppError,
  assertStep,
  type OwedRefund,
  REFUND_TRANSITIONS,
  type RefundStatus,
  SUB_ORDER_STATUS,
} from '@junction/domain';
import type { FulfilmentRepository, RefundRow, Trx } from './fulfilment.repository';
import type { Notifier, TicketReleased } from './ports';
import { allPaidBack, closeIfAllRefunded } from './refund-settle';
import { stepSubOrder } from './sub-order-step';

const S = SUB_ORDER_STATUS;

/** What paying out a refund needs: the refunds' records, the traveller's notices, the clock. */
export type PayoutDeps = {
  repo: FulfilmentRepository;
  notify: Notifier;
  now: () => Date;
  /** What was issued for a ticket (its invoices) is reversed once its refund is given up. */
  ticketReleased?: TicketReleased;
};

/** How the money of a refund stands after it was sent back: where, and whether it arrived. */
export type MoneySent = { channel: string; state: 'pending' | 'succeeded' | 'failed' };

/** The channel of a refund customer service paid back another way. */
export const PAID_BY_DESK = 'desk';

/** The processor has not decided the money of a refund yet: its payout is asked again later, under the same key. */
export class MoneyUndecided extends Error {
  constructor(refundId: string) {
    super(`the money of refund ${refundId} is not decided yet`);
    this.name = 'MoneyUndecided';
  }
}

/**
 * Records a claimed refund's payout once its money is decided, with the order's row locked: `done` when the
 * money went back, `owed` when the processor refused it (customer service then returns it, and it is never
 * read as refunded); each a compare-and-set with its event row. The ticket is given up either way. Only
 * money that went back lets its sub-order (6 → 3) and order (3) be refunded.
 */
export async function recordPayout(deps: PayoutDeps, claimed: RefundRow, money: MoneySent): Promise<void> {
  if (money.state === 'pending') throw new MoneyUndecided(claimed.id);
  const to: RefundStatus = money.state === 'failed' ? 'owed' : 'done';
  assertStep(REFUND_TRANSITIONS, 'processing', to);
  const { repo } = deps;
  const at = deps.now();
  await repo.transaction(async (trx) => {
    const order = await repo.lockOrder(trx, claimed.orderId);
    if (!order) return;
    const set = to === 'done' ? { channel: money.channel, doneAt: at } : { channel: money.channel };
    if (!(await repo.moveRefund(trx, { id: claimed.id, from: 'processing', to, set }))) return;
    await repo.addRefundEvent(trx, {
      refundId: claimed.id,
      from: 'processing',
      to,
      at,
      data: { channel: money.channel },
    });
    await deps.ticketReleased?.(trx, {
      orderId: order.id,
      subOrderId: claimed.subOrderId,
      travellerPosition: claimed.travellerPosition,
      reason: 'refunded',
    });
    // Money the processor refused has its own notice (customer service will contact them), never "done".
    if (to === 'done') await paidBack(deps, trx, claimed, { at, kind: 'refund-done', channel: money.channel });
  });
}

/**
 * A refund's money is back with its traveller: they are told, its sub-order is refunded (6 → 3) once every
 * ticket of it is, and the order (3, payment 4) once nothing stands; in the caller's transaction.
 */
async function paidBack(
  deps: PayoutDeps,
  trx: Trx,
  refund: RefundRow,
  p: { at: Date; kind: 'refund-done' | 'refund-paid-back'; channel: string },
): Promise<void> {
  const { repo } = deps;
  const order = await repo.lockOrder(trx, refund.orderId);
  if (!order) return;
  const sub = (await repo.subOrders(order.id, trx)).find((s) => s.id === refund.subOrderId);
  await deps.notify(trx, {
    userId: order.userId,
    kind: p.kind,
    orderId: order.id,
    params: { orderNumber: order.orderNumber, trip: sub?.flightNumber ?? '', amountMinor: refund.amountMinor },
    dedupeKey: `${p.kind}:${refund.id}`,
    at: p.at,
  });
  if (sub && (await allPaidBack(repo, trx, order.id, sub.id))) {
    await stepSubOrder(trx, {
      orderId: order.id,
      subOrderId: sub.id,
      kind: 'sub-order-refunded',
      from: S.REFUNDING,
      to: S.REFUNDED,
      at: p.at,
      data: { refundId: refund.id, amountMinor: refund.amountMinor, channel: p.channel },
    });
  }
  await closeIfAllRefunded(repo, trx, order, p.at);
}

/**
 * Customer service records an owed refund's money paid back another way: `owed` → `done` by compare-and-set
 * with its event row (the agent named), the traveller told, and the sub-order and order refunded once nothing
 * stands — once, however many agents press it at once. A refund done before answers as done; any other
 * refund is not the desk's (2202), an unknown one 2203.
 */
export async function settleOwed(deps: PayoutDeps, refundId: string, agentId: string): Promise<void> {
  assertStep(REFUND_TRANSITIONS, 'owed', 'done');
  const { repo } = deps;
  const at = deps.now();
  const found = await repo.refund(refundId);
  if (!found) throw new AppError('REFUND_NOT_FOUND');
  await repo.transaction(async (trx) => {
    await repo.lockOrder(trx, found.orderId);
    const refund = await repo.refund(refundId, trx);
    if (refund?.status === 'done' && refund.channel === PAID_BY_DESK) return;
    const set = { channel: PAID_BY_DESK, doneAt: at };
    if (!refund || !(await repo.moveRefund(trx, { id: refundId, from: 'owed', to: 'done', set })))
      throw new AppError('REFUND_NOT_ALLOWED', { params: { reason: 'status' } });
    await repo.addRefundEvent(trx, {
      refundId,
      from: 'owed',
      to: 'done',
      at,
      data: { channel: PAID_BY_DESK, agentId, refusedBy: refund.channel },
    });
    await paidBack(deps, trx, refund, { at, kind: 'refund-paid-back', channel: PAID_BY_DESK });
  });
}

/** The refunds still owed, the oldest first, as the agents' desk lists them. */
export async function owedRefunds(repo: FulfilmentRepository): Promise<OwedRefund[]> {
  const rows = await repo.db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.orderId')
    .innerJoin('subOrders as s', 's.id', 'r.subOrderId')
    .leftJoin('orderTravellers as t', (j) =>
      j.onRef('t.orderId', '=', 'r.orderId').onRef('t.position', '=', 'r.travellerPosition'),
    )
    .select([
      'r.id',
      'r.orderId',
      'o.orderNumber',
      's.flightNumber',
      't.name',
      'r.amountMinor',
      'r.channel',
      'r.requestedAt',
    ])
    .where('r.status', '=', 'owed')
    .orderBy('r.requestedAt')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    trip: r.flightNumber,
    traveller: r.name ?? null,
    refunded: { amount: r.amountMinor, currency: 'CNY' as const },
    channel: r.channel,
    requestedAt: r.requestedAt.toISOString(),
  }));
}
