import {
  type BookingExtras,
  CHANGE_STATUSES,
  type ChangeTrip,
  isOpenChange,
  ORDER_STATUS as O,
  orderStatusCodec,
  type ResultLeg,
  SUB_ORDER_STATUS as S,
  type ScheduleChange,
} from '@junction/domain';
import { addJob } from '../../../jobs/jobs';
import { changeLifecycle } from '../../../lib/lifecycle/change-lifecycle';
import { orderLifecycle } from '../../../lib/lifecycle/order-lifecycle';
import { releaseSomeSeats } from '../../../lib/lifecycle/seat-holds';
import type { FulfilmentContext } from '../fulfilment.context';
import type { OrderRow, Trx } from '../fulfilment.repository';
import type { Itinerary } from '../fulfilment-view';

declare module '../../../jobs/jobs' {
  interface JobPayloads {
    'fulfilment.change-refund': { changeId: string };
  }
}

const OPEN = CHANGE_STATUSES.filter(isOpenChange);

/**
 * A change goes ahead, in the ticketing job's transaction once its order is in ticketing (4): paid, or
 * needing no payment. The old ticket's sub-order 5 → 4 (changed), the new one null → 7 → 2 with its issue
 * job (through the issuer of its way of ticketing: the 12306 account online, the agents' desk offline),
 * the order's itinerary takes the new rides in place of the old, the old train's seats are given back.
 * False when the order has no change waiting to go ahead.
 */
export async function proceedChange(ctx: FulfilmentContext, trx: Trx, order: OrderRow, at: Date): Promise<boolean> {
  const change = await trx
    .selectFrom('ticketChanges')
    .selectAll()
    .where('orderId', '=', order.id)
    .where('status', 'in', OPEN)
    .forUpdate()
    .executeTakeFirst();
  if (!change) return false;
  const subs = await ctx.repo.subOrders(order.id, trx);
  const newSub = subs.find((s) => s.id === change.newSubOrderId);
  if (!newSub || newSub.status !== null) return false;
  if (change.status === 'awaiting-payment') {
    await changeLifecycle.move(trx, { changeId: change.id, from: 'awaiting-payment', to: 'issuing', at });
  }
  const moved = [
    { subOrderId: change.oldSubOrderId, from: S.TICKETED, to: S.CHANGED, kind: 'sub-order-changed' },
    { subOrderId: change.newSubOrderId, from: null, to: S.PAID, kind: 'sub-order-paid' },
    { subOrderId: change.newSubOrderId, from: S.PAID, to: S.ISSUING, kind: 'sub-order-issuing' },
  ] as const;
  await orderLifecycle.moveSubOrders(trx, { orderId: order.id, at, data: { changeId: change.id }, moves: moved });
  const indices = newSub.legs as number[];
  // Split off, the new train rides beside the old one, which the others keep: nothing is replaced.
  const oldLegs = change.travellers === null ? indices.map((i) => (order.itinerary as Itinerary).legs[i]) : [];
  await trx
    .updateTable('ticketChanges')
    .set({ oldLegs: JSON.stringify(oldLegs) })
    .where('id', '=', change.id)
    .execute();
  const newTrip = change.newTrip as ChangeTrip;
  const setAside = await replaceRides(trx, order, indices, change.newLegs as ResultLeg[], newTrip.seatClass);
  await addJob(
    trx,
    'fulfilment.issue',
    { orderId: order.id, subOrderId: change.newSubOrderId },
    { jobKey: `issue:${change.newSubOrderId}`, maxAttempts: ctx.options.ticketingAttempts },
  );
  await orderLifecycle.orderEvent(trx, {
    orderId: order.id,
    kind: 'change-issuing',
    from: O.TICKETING,
    to: O.TICKETING,
    at,
    data: {
      changeId: change.id,
      oldSubOrderId: change.oldSubOrderId,
      newSubOrderId: change.newSubOrderId,
      // The old rides' schedule changes, for a failed change to give back with them.
      scheduleChanges: setAside,
    },
  });
  return true;
}

/** The order's itinerary with other rides at the given places, its departure and their seat class. */
export async function replaceRides(
  trx: Trx,
  order: OrderRow,
  indices: number[],
  newLegs: ResultLeg[],
  seatClass: string,
  restored: ScheduleChange[] = [],
): Promise<ScheduleChange[]> {
  const itinerary = order.itinerary as Itinerary & Record<string, unknown>;
  const legs = [...itinerary.legs];
  indices.forEach((i, k) => {
    const leg = newLegs[k];
    if (leg) legs[i] = leg;
  });
  const extras = order.extras as BookingExtras;
  const rail = (extras.rail ?? []).map((c) => {
    const k = indices.indexOf(c.leg);
    const to = seatClass || (newLegs[k]?.cabin ?? c.seatClass);
    // Seats or bunks chosen in another class do not carry over to the new one.
    return k < 0 || to === c.seatClass ? c : { ...c, seatClass: to, seats: [], bunks: [] };
  });
  // A ride sold in its own class had no choice recorded: the class it moves to is recorded now.
  indices.forEach((i, k) => {
    const leg = newLegs[k];
    if (leg?.kind === 'land' && seatClass && seatClass !== leg.cabin && !rail.some((c) => c.leg === i))
      rail.push({ leg: i, seatClass, seats: [], bunks: [] });
  });
  // Rides added beside the others (some travellers' new train) are a part of the trip of their own.
  const beside = legs.length > itinerary.legs.length;
  const bounds = beside ? [...itinerary.bounds, { start: itinerary.legs.length, end: legs.length }] : itinerary.bounds;
  // The first ride added beside the trip as booked: from it on, some travellers ride apart from the others.
  const besideFrom = (itinerary.beside as number | undefined) ?? (beside ? itinerary.legs.length : undefined);
  // A schedule change of a ride replaced was the old ride's, not the new one's: it is set aside, and comes
  // back with the old ride (`restored`) when the change fails.
  const earlier = (itinerary.scheduleChanges ?? []) as ScheduleChange[];
  const setAside = earlier.filter((c) => indices.includes(c.legIndex));
  const scheduleChanges = [...earlier.filter((c) => !indices.includes(c.legIndex)), ...restored];
  await writeTrip(trx, order, { ...itinerary, legs, bounds, scheduleChanges, beside: besideFrom }, { ...extras, rail });
  return setAside;
}

/**
 * The order's trip written back as a change left it: its itinerary and extras, and its departure and arrival
 * those of its first and last ride (air or land; the first leg when it has no ride).
 */
export async function writeTrip(
  trx: Trx,
  order: OrderRow,
  itinerary: Itinerary & Record<string, unknown>,
  extras: BookingExtras,
): Promise<void> {
  const rides = itinerary.legs.filter((l) => l.kind === 'air' || l.kind === 'land');
  const first = rides[0] ?? itinerary.legs[0];
  await trx
    .updateTable('orders')
    .set({
      itinerary: JSON.stringify(itinerary),
      extras: JSON.stringify(extras),
      departureTime: first?.departureTime ?? order.departureTime,
      departureAt: new Date(Date.parse(first?.departureTime ?? order.departureTime)),
      arrivalTime: rides.at(-1)?.arrivalTime ?? order.arrivalTime,
    })
    .where('id', '=', order.id)
    .execute();
}

/** The job that gives a change's money back: what was paid for a change that failed, or a cheaper ticket's refund. */
export async function queueChangeRefund(trx: Trx, changeId: string): Promise<void> {
  await addJob(trx, 'fulfilment.change-refund', { changeId }, { jobKey: `change-refund:${changeId}`, maxAttempts: 25 });
}

/**
 * The last step of a change, in the transaction that recorded its new ticket: the change is done, its
 * `ticket_changed` event row names the old and new sub-orders, the `onTicketChanged` port is called (an
 * invoice issued for the old ticket is reversed there), the traveller is told, and a lower fare's
 * refund is queued. Nothing when the sub-order was not made by a change.
 */
export async function finishChange(ctx: FulfilmentContext, trx: Trx, order: OrderRow, subOrderId: string, at: Date) {
  const change = await changeLifecycle.move(trx, { newSubOrderId: subOrderId, from: 'issuing', to: 'done', at });
  if (!change) return;
  // The old train's seats are given back once its new ticket stands.
  if (change.oldSeatKey)
    await releaseSomeSeats(trx, { orderId: order.id, key: change.oldSeatKey, seats: change.oldSeats, at });
  const event = { changeId: change.id, oldSubOrderId: change.oldSubOrderId, newSubOrderId: change.newSubOrderId };
  await orderLifecycle.subOrderEvent(trx, {
    orderId: order.id,
    kind: 'ticket_changed',
    from: S.CHANGED,
    to: S.CHANGED,
    at,
    data: event,
  });
  await ctx.onTicketChanged(trx, { orderId: order.id, ...event, at });
  const newTrip = change.newTrip as { number: string; departureTime: string };
  await ctx.notify(trx, {
    userId: order.userId,
    kind: 'ticket-changed',
    orderId: order.id,
    params: {
      orderNumber: order.orderNumber,
      trip: (change.oldTrip as { number: string }).number,
      newTrip: newTrip.number,
      departureAt: newTrip.departureTime,
    },
    dedupeKey: `ticket-changed:${change.id}`,
    at,
  });
  if (change.refundMinor > 0) await queueChangeRefund(trx, change.id);
}

/**
 * A change's money back to the way the order was paid (once, by its key): a lower fare's difference less
 * its fee once the change is done, then told; or the difference paid for a change whose new ticket was
 * refused (the traveller was told when it failed).
 */
export async function refundChange(ctx: FulfilmentContext, changeId: string): Promise<void> {
  const change = await ctx.repo.db
    .selectFrom('ticketChanges')
    .selectAll()
    .where('id', '=', changeId)
    .executeTakeFirst();
  const order = change ? await ctx.repo.order(change.orderId) : undefined;
  if (!change || !order) return;
  const failed = change.status === 'failed';
  const amountMinor = failed ? change.dueMinor : change.status === 'done' ? change.refundMinor : 0;
  if (amountMinor <= 0) return;
  const { channel } = await ctx.refundMoney({
    orderId: order.id,
    subOrderId: failed ? change.newSubOrderId : change.oldSubOrderId,
    userId: order.userId,
    amountMinor,
    idempotencyKey: `change-refund:${change.id}`,
    // A failed change's difference goes back the way the difference was paid, not the order's first payment.
    ...(failed ? { purpose: 'difference' as const } : {}),
  });
  const at = ctx.now();
  await ctx.repo.transaction(async (trx) => {
    const sent = await ctx.notify(trx, {
      userId: order.userId,
      kind: failed ? 'change-failed-refund-done' : 'change-refund-done',
      orderId: order.id,
      params: { orderNumber: order.orderNumber, amountMinor, channel },
      dedupeKey: `change-refund-done:${change.id}`,
      at,
    });
    if (sent === null) return;
    const status = orderStatusCodec.decode(order.status);
    await orderLifecycle.orderEvent(trx, {
      orderId: order.id,
      kind: 'change-refunded',
      from: status,
      to: status,
      at,
      data: { changeId, amountMinor, channel },
    });
  });
}
