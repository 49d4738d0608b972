import {
  assertStep,
  ORDER_TRANSITIONS,
  type OrderStatus,
  orderStatusCodec,
  PAYMENT_TRANSITIONS,
  type PaymentStatus,
  paymentStatusCodec,
  SUB_ORDER_TRANSITIONS,
  type SubOrderStatus,
  subOrderStatusCodec,
} from '@junction/domain';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Database, OrdersTable } from '../../db/database';

type Trx = Transaction<Database>;
type OrderRow = Selectable<OrdersTable>;

const orderText = (s: OrderStatus) => orderStatusCodec.encode(s);
const paymentText = (s: PaymentStatus) => paymentStatusCodec.encode(s);

/** A step of one sub-order's status. */
type SubOrderMove = { subOrderId: string; from: SubOrderStatus; to: SubOrderStatus };

/** A step of an order's status, with its payment status and its sub-orders when they move with it. */
export type OrderStep = {
  orderId: string;
  from: OrderStatus;
  to: OrderStatus;
  at: Date;
  /** The order must be the user's (a request); the jobs work by order id alone. */
  userId?: string;
  /** The order's payment moves too: from `paymentFrom` when given, else from whatever it is (not `paymentNot`). */
  paymentTo?: PaymentStatus;
  paymentFrom?: PaymentStatus;
  /** A payment status that blocks the step (a payment under way blocks cancelling and expiry). */
  paymentNot?: PaymentStatus;
  /** Only when its payment deadline has come by then (the expiry job). */
  dueBy?: Date;
  /** Its sub-orders still in `from` move to `to` with it. */
  subOrders?: { from: SubOrderStatus; to: SubOrderStatus };
};

/**
 * The one home of the order lifecycle (spec §4, docs/architecture.md §6): every change of an order's,
 * its payment's or its sub-orders' status is a step the domain's tables allow, checked by `assertStep`
 * and written here as a compare-and-set (`where status = from`) in the caller's transaction, beside an
 * event row. A step that did not apply (the row had moved on) changes nothing and says so.
 */
export const orderLifecycle = {
  /** Moves an order one step; answers the row as it is after, or undefined when it was not in `from`. */
  async moveOrder(trx: Trx, p: OrderStep): Promise<OrderRow | undefined> {
    assertStep(ORDER_TRANSITIONS, p.from, p.to);
    if (p.paymentFrom !== undefined && p.paymentTo !== undefined)
      assertStep(PAYMENT_TRANSITIONS, p.paymentFrom, p.paymentTo);
    if (p.subOrders) assertStep(SUB_ORDER_TRANSITIONS, p.subOrders.from, p.subOrders.to);
    let update = trx
      .updateTable('orders')
      .set({
        status: orderText(p.to),
        updatedAt: p.at,
        ...(p.paymentTo === undefined ? {} : { paymentStatus: paymentText(p.paymentTo) }),
      })
      .where('id', '=', p.orderId)
      .where('status', '=', orderText(p.from));
    if (p.paymentFrom !== undefined) update = update.where('paymentStatus', '=', paymentText(p.paymentFrom));
    if (p.paymentNot !== undefined) update = update.where('paymentStatus', '!=', paymentText(p.paymentNot));
    if (p.userId !== undefined) update = update.where('userId', '=', p.userId);
    if (p.dueBy) update = update.where('paymentDeadline', '<=', p.dueBy);
    const row = await update.returningAll().executeTakeFirst();
    if (!row || !p.subOrders) return row;
    const { from, to } = p.subOrders;
    const sub = trx
      .updateTable('subOrders')
      .set({ status: subOrderStatusCodec.encode(to) })
      .where('orderId', '=', p.orderId);
    await (from === null
      ? sub.where('status', 'is', null)
      : sub.where('status', '=', subOrderStatusCodec.encode(from))
    ).execute();
    return row;
  },

  /** Moves an order's payment one step while the order stays in `status` (and, when given, before `before`). */
  async movePayment(
    trx: Trx,
    p: { orderId: string; status: OrderStatus; from: PaymentStatus; to: PaymentStatus; at: Date; before?: Date },
  ): Promise<boolean> {
    assertStep(PAYMENT_TRANSITIONS, p.from, p.to);
    let update = trx
      .updateTable('orders')
      .set({ paymentStatus: paymentText(p.to), updatedAt: p.at })
      .where('id', '=', p.orderId)
      .where('status', '=', orderText(p.status))
      .where('paymentStatus', '=', paymentText(p.from));
    if (p.before) update = update.where('paymentDeadline', '>', p.before);
    return (await update.returning('id').executeTakeFirst()) !== undefined;
  },

  /** Moves one sub-order one step; false when it was not in `from`. */
  async moveSubOrder(trx: Trx, p: SubOrderMove): Promise<boolean> {
    assertStep(SUB_ORDER_TRANSITIONS, p.from, p.to);
    const update = trx
      .updateTable('subOrders')
      .set({ status: subOrderStatusCodec.encode(p.to) })
      .where('id', '=', p.subOrderId);
    const moved = await (p.from === null
      ? update.where('status', 'is', null)
      : update.where('status', '=', subOrderStatusCodec.encode(p.from))
    )
      .returning('id')
      .executeTakeFirst();
    return moved !== undefined;
  },

  /**
   * Moves sub-orders of one order in turn, each step beside its event (`data` and the sub-order's id);
   * throws at the first whose row had moved on, so the caller's transaction writes none of them.
   */
  async moveSubOrders(
    trx: Trx,
    p: {
      orderId: string;
      at: Date;
      data: object;
      moves: readonly (SubOrderMove & { to: Exclude<SubOrderStatus, null>; kind: string })[];
    },
  ): Promise<void> {
    for (const m of p.moves) {
      if (!(await orderLifecycle.moveSubOrder(trx, m))) throw new Error(`order ${p.orderId}: ${m.kind} did not apply`);
      await orderLifecycle.subOrderEvent(trx, {
        orderId: p.orderId,
        kind: m.kind,
        from: m.from,
        to: m.to,
        at: p.at,
        data: { subOrderId: m.subOrderId, ...p.data },
      });
    }
  },

  /** A paid order's sub-orders carry what was paid for them. */
  async recordPaid(trx: Trx, orderId: string): Promise<void> {
    await trx
      .updateTable('subOrders')
      .set((eb) => ({ paidMinor: eb.ref('priceMinor') }))
      .where('orderId', '=', orderId)
      .execute();
  },

  /** A price difference paid: the order moves on from it and each difference is added to what was paid. */
  async payDifference(trx: Trx, p: { orderId: string; from: OrderStatus; to: OrderStatus; at: Date }) {
    const row = await orderLifecycle.moveOrder(trx, p);
    if (!row) return false;
    await trx
      .updateTable('subOrders')
      .set({
        paidMinor: sql`coalesce(paid_minor, price_minor) + coalesce(price_difference_minor, 0)`,
        priceDifferenceMinor: null,
      })
      .where('orderId', '=', p.orderId)
      .execute();
    return true;
  },

  /** The event row of an order's step (or of something that happened to it, `from` and `to` the same). */
  async orderEvent(
    trx: Trx,
    e: { orderId: string; kind: string; from: OrderStatus | null; to: OrderStatus; at: Date; data?: object },
  ): Promise<void> {
    await insertEvent(trx, { ...e, from: e.from === null ? null : orderText(e.from), to: orderText(e.to) });
  },

  /** The event row of a sub-order's step, on its order (the sub-order named in `data`). */
  async subOrderEvent(
    trx: Trx,
    e: {
      orderId: string;
      kind: string;
      from: SubOrderStatus;
      to: Exclude<SubOrderStatus, null>;
      at: Date;
      data?: object;
    },
  ): Promise<void> {
    await insertEvent(trx, { ...e, from: subOrderStatusCodec.encode(e.from), to: subOrderStatusCodec.encode(e.to) });
  },
};

async function insertEvent(
  trx: Trx,
  e: { orderId: string; kind: string; from: string | null; to: string; at: Date; data?: object },
): Promise<void> {
  await trx
    .insertInto('orderEvents')
    .values({
      orderId: e.orderId,
      kind: e.kind,
      fromStatus: e.from,
      toStatus: e.to,
      at: e.at,
      data: JSON.stringify(e.data ?? {}),
    })
    .execute();
}
