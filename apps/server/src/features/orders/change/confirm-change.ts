import {
  AppError,
  type ConfirmChange,
  ORDER_STATUS as O,
  PAYMENT_STATUS,
  SUB_ORDER_STATUS as S,
} from '@junction/domain';
import { addJob } from '../../../jobs/jobs';
import { orderLifecycle } from '../../../lib/lifecycle/order-lifecycle';
import { releaseSeatHold } from '../../../lib/lifecycle/seat-holds';
import { joinSubOrder, splitSubOrder } from '../../../lib/lifecycle/sub-order-split';
import type { FullOrder, Trx } from '../orders.repository';
import type { QuotedOffer } from '../ports';
import type { ChangeContext } from './change.context';
import type { ChangeRow } from './change.repository';
import { type ChangePlan, planChange } from './change-plan';

declare module '../../../jobs/jobs' {
  interface JobPayloads {
    'orders.change-lapse': { changeId: string };
  }
}

/**
 * Confirms a change in one transaction, the order locked: the plan made again on what is committed, the
 * price checked against the one quoted, the new train's seats held, the new sub-order written (not paid
 * yet), the change row, and the order's step: 5 → 1 with a difference to pay (a notice and the job that
 * lapses it at its deadline), else 5 → 4 with the ticketing job that issues the new ticket.
 */
export async function confirmChange(
  ctx: ChangeContext,
  userId: string,
  input: ConfirmChange,
  offer: QuotedOffer,
): Promise<ChangeRow> {
  const at = ctx.now();
  return ctx.repo.transaction(async (trx) => {
    const order = await ctx.repo.lockOrder(trx, userId, input.orderId);
    const full = order ? await ctx.orders.findForUser(userId, input.orderId, trx) : undefined;
    if (!full) throw new AppError('ORDER_NOT_FOUND');
    const changes = await ctx.repo.changesOf(input.orderId, trx);
    const plan = planChange(full, input.subOrderId, offer, changes, {
      nowMs: at.getTime(),
      seatClass: input.seatClass,
      travellers: input.travellers,
      refunded: (await ctx.repo.refundedTravellers(input.orderId, trx)).get(input.subOrderId),
    });
    const { money } = plan;
    if (money.dueMinor !== input.expected.dueMinor || money.refundMinor !== input.expected.refundMinor) {
      throw new AppError('CHANGE_PRICE_CHANGED', {
        params: { dueMinor: money.dueMinor, refundMinor: money.refundMinor },
      });
    }
    const due = money.dueMinor > 0;
    const deadline = due ? new Date(at.getTime() + ctx.paymentMinutes * 60_000) : null;
    const change = await writeChange(ctx, trx, {
      orderId: input.orderId,
      plan,
      oldSubOrderId: await splitOff(ctx, trx, { full, plan, at }),
      deadline,
      at,
    });
    const newSubOrderId = change.newSubOrderId;
    const to = due ? O.PRICE_DIFFERENCE_DUE : O.TICKETING;
    if (!(await orderLifecycle.moveOrder(trx, { orderId: input.orderId, userId, from: O.TICKETED, to, at })))
      throw new AppError('CHANGE_NOT_ALLOWED', { params: { reason: 'status' } });
    await orderLifecycle.orderEvent(trx, {
      orderId: input.orderId,
      kind: 'change-confirmed',
      from: O.TICKETED,
      to,
      at,
      data: { changeId: change.id, oldSubOrderId: change.oldSubOrderId, newSubOrderId, ...money },
    });
    if (!due || !deadline) {
      await ctx.after.scheduleTicketing(trx, input.orderId);
      return change;
    }
    // The order's countdown shows the difference's deadline, on the order and payment pages alike.
    await ctx.repo.setPaymentDeadline(trx, input.orderId, deadline);
    await ctx.notify(trx, {
      userId,
      kind: 'change-payment-due',
      orderId: input.orderId,
      params: {
        orderNumber: full.order.orderNumber,
        trip: plan.quote.from.number,
        newTrip: plan.quote.to.number,
        amountMinor: money.dueMinor,
        deadlineAt: beijingIso(deadline),
      },
      dedupeKey: `change-payment-due:${change.id}`,
      at,
    });
    await addJob(
      trx,
      'orders.change-lapse',
      { changeId: change.id },
      { jobKey: `change-lapse:${change.id}`, runAt: deadline },
    );
    return change;
  });
}

/**
 * The tickets the change moves: the sub-order itself, or, when some of its travellers change without the
 * others, the sub-order their tickets split off onto (ticketed, until the change goes ahead).
 */
async function splitOff(ctx: ChangeContext, trx: Trx, p: { full: FullOrder; plan: ChangePlan; at: Date }) {
  const { sub, split } = p.plan;
  if (!split) return sub.id;
  const orderId = p.full.order.id;
  const whole = p.full.subOrders.find((s) => s.id === sub.id);
  const id = whole
    ? await splitSubOrder(trx, {
        orderId,
        sub: whole,
        moving: sub.travellers as number[],
        stayers: split.stayers,
        money: split,
        position: await ctx.repo.nextPosition(trx, orderId),
        at: p.at,
      })
    : undefined;
  if (!id) throw new AppError('CHANGE_NOT_ALLOWED', { params: { reason: 'status' } });
  return id;
}

/** The change's rows: the new train's seats held, the new sub-order (not paid yet) and the change itself. */
async function writeChange(
  ctx: ChangeContext,
  trx: Trx,
  p: { orderId: string; plan: ChangePlan; oldSubOrderId: string; deadline: Date | null; at: Date },
): Promise<ChangeRow> {
  const { plan } = p;
  const { money } = plan;
  if (plan.seatHold) {
    const { key, train, date, seatClass, seats } = plan.seatHold;
    const capacity = ctx.offers.railCapacity(train, date, seatClass);
    if (!(await ctx.repo.holdSeats(trx, p.orderId, { key, capacity, seats })))
      throw new AppError('TICKETS_INSUFFICIENT');
  }
  const newSubOrderId = await ctx.repo.insertSubOrder(trx, {
    orderId: p.orderId,
    position: await ctx.repo.nextPosition(trx, p.orderId),
    status: null,
    ...plan.newSub,
    legs: JSON.stringify(plan.newSub.legs),
    travellerPrices: JSON.stringify(plan.newSub.travellerPrices),
    travellers: plan.newSub.travellers ? JSON.stringify(plan.newSub.travellers) : null,
  });
  return ctx.repo.insertChange(trx, {
    orderId: p.orderId,
    oldSubOrderId: p.oldSubOrderId,
    newSubOrderId,
    status: p.deadline ? 'awaiting-payment' : 'issuing',
    oldFareMinor: money.oldFareMinor,
    newFareMinor: money.newFareMinor,
    feeMinor: money.feeMinor,
    dueMinor: money.dueMinor,
    refundMinor: money.refundMinor,
    oldTrip: JSON.stringify(plan.quote.from),
    newTrip: JSON.stringify(plan.quote.to),
    newLegs: JSON.stringify(plan.newLegs),
    seatKey: plan.seatHold?.key ?? null,
    oldSeatKey: plan.oldSeatKey,
    paymentDeadline: p.deadline,
    travellers: plan.split ? JSON.stringify(plan.quote.travellers) : null,
    // Split off, the change gives back the old train's seats of its travellers only.
    oldSeats: plan.split ? (plan.seatHold?.seats ?? null) : null,
    createdAt: p.at,
    doneAt: null,
  });
}

/** A time as Beijing's clock shows it, with its offset. */
const beijingIso = (d: Date) => `${new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;

/**
 * A change whose difference was not paid by its deadline lapses: order 1 → 5 (its old ticket stands,
 * never touched, whole again when some of its travellers had split off to change), the new sub-order
 * cancelled, its seats given back. A payment under way settles first;
 * a paid difference has moved the order on, and then nothing happens here.
 */
export async function lapseChange(ctx: ChangeContext, changeId: string): Promise<'lapsed' | 'settled' | 'notDue'> {
  const change = await ctx.repo.change(changeId);
  if (change?.status !== 'awaiting-payment') return 'settled';
  const at = ctx.now();
  if (change.paymentDeadline && change.paymentDeadline.getTime() > at.getTime()) return 'notDue';
  return ctx.repo.transaction(async (trx) => {
    const row = await orderLifecycle.moveOrder(trx, {
      orderId: change.orderId,
      from: O.PRICE_DIFFERENCE_DUE,
      to: O.TICKETED,
      paymentNot: PAYMENT_STATUS.PROCESSING,
      at,
    });
    if (!row) return 'settled';
    await ctx.repo.moveChange(trx, changeId, 'awaiting-payment', 'lapsed', at);
    await orderLifecycle.moveSubOrder(trx, { subOrderId: change.newSubOrderId, from: null, to: S.CANCELLED });
    await ctx.repo.clearDifference(trx, change.newSubOrderId);
    const seats = change.seatKey ? await releaseSeatHold(trx, change.orderId, change.seatKey, at) : 0;
    if (change.travellers !== null)
      await joinSubOrder(trx, { orderId: change.orderId, partId: change.oldSubOrderId, at, data: { changeId } });
    await orderLifecycle.orderEvent(trx, {
      orderId: change.orderId,
      kind: 'change-lapsed',
      from: O.PRICE_DIFFERENCE_DUE,
      to: O.TICKETED,
      at,
      data: { changeId, newSubOrderId: change.newSubOrderId, seatsReleased: seats },
    });
    return 'lapsed';
  });
}
