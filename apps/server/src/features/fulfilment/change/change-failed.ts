import {
  type BookingExtras,
  type ChangeTrip,
  ERRORS,
  isRailChangeRefusal,
  ORDER_STATUS as O,
  RAIL_CHANGE_REFUSALS,
  type ResultLeg,
  SUB_ORDER_STATUS as S,
  type ScheduleChange,
} from '@junction/domain';
import { sql } from 'kysely';
import { changeLifecycle } from '../../../lib/lifecycle/change-lifecycle';
import { orderLifecycle } from '../../../lib/lifecycle/order-lifecycle';
import { releaseSeatHold } from '../../../lib/lifecycle/seat-holds';
import { joinSubOrder } from '../../../lib/lifecycle/sub-order-split';
import type { FulfilmentContext } from '../fulfilment.context';
import type { OrderRow, Trx } from '../fulfilment.repository';
import type { Itinerary } from '../fulfilment-view';
import { queueChangeRefund, replaceRides, writeTrip } from './change-steps';

/**
 * A change's new ticket the issuer refused on every try, in the transaction of that last try: the change
 * fails, its new sub-order is cancelled (2 → 8) and the old ticket stands again (4 → 5) on its old rides
 * with its old seats (some travellers' change: the new train leaves the itinerary and their tickets join
 * the others' again, as the railway splits a ticket only when its change happens), the new train's seats go back, a difference paid is queued to be refunded, and the
 * traveller is told. False when the sub-order was not made by a change being issued.
 */
export async function failChange(
  ctx: FulfilmentContext,
  trx: Trx,
  order: OrderRow,
  p: { subOrderId: string; error: string; refused?: string; at: Date },
): Promise<boolean> {
  const { at } = p;
  const change = await changeLifecycle.move(trx, {
    newSubOrderId: p.subOrderId,
    from: 'issuing',
    to: 'failed',
    at,
    data: { error: p.error.slice(0, 500), ...(p.refused ? { refused: p.refused } : {}) },
  });
  if (!change) return false;
  const moves = [
    { subOrderId: change.newSubOrderId, from: S.ISSUING, to: S.CANCELLED, kind: 'ticketing-failed' },
    { subOrderId: change.oldSubOrderId, from: S.CHANGED, to: S.TICKETED, kind: 'sub-order-change-undone' },
  ] as const;
  await orderLifecycle.moveSubOrders(trx, { orderId: order.id, at, data: { changeId: change.id }, moves: moves });
  const oldLegs = (change.oldLegs ?? []) as ResultLeg[];
  const oldTrip = change.oldTrip as ChangeTrip;
  const sub = await trx
    .selectFrom('subOrders')
    .select('legs')
    .where('id', '=', change.oldSubOrderId)
    .executeTakeFirstOrThrow();
  if (oldLegs.length > 0) {
    const restored = await setAsideScheduleChanges(trx, order.id, change.id);
    await replaceRides(trx, order, sub.legs as number[], oldLegs, oldTrip.seatClass, restored);
  } else if (change.travellers !== null) {
    await dropAddedRides(trx, order, change.newSubOrderId);
    await joinSubOrder(trx, { orderId: order.id, partId: change.oldSubOrderId, at, data: { changeId: change.id } });
  }
  if (change.seatKey) await releaseSeatHold(trx, order.id, change.seatKey, at);
  if (change.dueMinor > 0) await queueChangeRefund(trx, change.id);
  await orderLifecycle.orderEvent(trx, {
    orderId: order.id,
    kind: 'change-failed',
    from: O.TICKETING,
    to: O.TICKETING,
    at,
    data: { changeId: change.id, oldSubOrderId: change.oldSubOrderId, newSubOrderId: change.newSubOrderId },
  });
  // Refused by the railway or its desk: the traveller is told why, in both languages.
  const refusal = p.refused && isRailChangeRefusal(p.refused) ? RAIL_CHANGE_REFUSALS[p.refused] : undefined;
  await ctx.notify(trx, {
    userId: order.userId,
    kind: refusal ? 'change-refused' : 'change-failed',
    orderId: order.id,
    params: {
      orderNumber: order.orderNumber,
      trip: oldTrip.number,
      newTrip: (change.newTrip as ChangeTrip).number,
      amountMinor: change.dueMinor,
      ...(refusal
        ? { reasonEn: refusal.text.en, reasonZh: refusal.text['zh-CN'], errorCode: ERRORS[refusal.error].errorCode }
        : {}),
    },
    dedupeKey: `change-failed:${change.id}`,
    at,
  });
  return true;
}

/** The old rides' schedule changes the change set aside when it went ahead (its `change-issuing` event). */
async function setAsideScheduleChanges(trx: Trx, orderId: string, changeId: string): Promise<ScheduleChange[]> {
  const row = await trx
    .selectFrom('orderEvents')
    .select('data')
    .where('orderId', '=', orderId)
    .where('kind', '=', 'change-issuing')
    .where(sql<string>`data->>'changeId'`, '=', changeId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return (row?.data as { scheduleChanges?: ScheduleChange[] } | undefined)?.scheduleChanges ?? [];
}

/**
 * The rides some travellers' change added beside the others' (a part of the trip of its own at the
 * itinerary's end) leave it again, with their seat classes, schedule changes and the order's summary times.
 */
async function dropAddedRides(trx: Trx, order: OrderRow, newSubOrderId: string): Promise<void> {
  const added = await trx.selectFrom('subOrders').select('legs').where('id', '=', newSubOrderId).executeTakeFirst();
  const itinerary = order.itinerary as Itinerary & Record<string, unknown>;
  const from = Math.min(...((added?.legs ?? []) as number[]));
  if (!Number.isFinite(from) || from >= itinerary.legs.length) return;
  const legs = itinerary.legs.slice(0, from);
  const bounds = itinerary.bounds.filter((b) => b.end <= from);
  const extras = order.extras as BookingExtras;
  const rail = (extras.rail ?? []).filter((c) => c.leg < from);
  const scheduleChanges = ((itinerary.scheduleChanges ?? []) as ScheduleChange[]).filter((c) => c.legIndex < from);
  const beside = ((itinerary.beside as number | undefined) ?? from) < from ? itinerary.beside : undefined;
  await writeTrip(trx, order, { ...itinerary, legs, bounds, scheduleChanges, beside }, { ...extras, rail });
}
