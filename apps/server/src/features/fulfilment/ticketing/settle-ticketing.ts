import {
  isRide,
  isTicketClosed,
  isTicketFallen,
  isTicketStanding,
  ORDER_STATUS as O,
  orderStatusCodec,
  subOrderStatusCodec,
} from '@junction/domain';
import { addJob } from '../../../jobs/jobs';
import { orderLifecycle } from '../../../lib/lifecycle/order-lifecycle';
import type { FulfilmentContext } from '../fulfilment.context';
import type { OrderRow, SubOrderRow, Trx } from '../fulfilment.repository';
import { type Itinerary, routeParams } from '../fulfilment-view';

declare module '../../../jobs/jobs' {
  interface JobPayloads {
    'fulfilment.remind': { orderId: string; legIndex: number };
    'fulfilment.complete': { orderId: string };
  }
}

/** A sub-order whose tickets stand (ticketed, or changed): nothing more happens in ticketing. */
export const stands = (s: Pick<SubOrderRow, 'status'>) => isTicketStanding(subOrderStatusCodec.decode(s.status));
/** A sub-order whose money goes or went back: nothing more happens in ticketing either. */
const fallen = (s: Pick<SubOrderRow, 'status'>) => isTicketFallen(subOrderStatusCodec.decode(s.status));

/** The reminder a day before each journey whose first ride stands, and the completion after the last arrival. */
async function scheduleAfterTicketing(trx: Trx, order: OrderRow, subs: SubOrderRow[], at: Date): Promise<void> {
  const { legs, bounds } = order.itinerary as Itinerary;
  const standing = new Set(subs.filter(stands).flatMap((s) => s.legs as number[]));
  const journeys = bounds.length > 0 ? bounds : [{ start: 0, end: legs.length }];
  for (const b of journeys) {
    const first = legs.findIndex((l, i) => i >= b.start && i < b.end && isRide(l) && standing.has(i));
    const leg = legs[first];
    if (first < 0 || !leg) continue;
    const runAt = new Date(Date.parse(leg.departureTime) - 24 * 3600_000);
    if (Date.parse(leg.departureTime) <= at.getTime()) continue;
    await addJob(
      trx,
      'fulfilment.remind',
      { orderId: order.id, legIndex: first },
      { jobKey: `remind:${order.id}:${first}`, runAt: runAt > at ? runAt : at },
    );
  }
  const lastArrival = Math.max(
    ...legs.filter((l, i) => isRide(l) && standing.has(i)).map((l) => Date.parse(l.arrivalTime)),
  );
  await addJob(
    trx,
    'fulfilment.complete',
    { orderId: order.id },
    { jobKey: `complete:${order.id}`, runAt: new Date(Math.max(lastArrival, at.getTime())) },
  );
}

/**
 * After a sub-order settles: once none is still being issued, an order in ticketing with a part that
 * stands is ticketed (4 → 5), told, reminded a day before each journey and completed after it.
 */
export async function settleTicketing(ctx: FulfilmentContext, trx: Trx, order: OrderRow, at: Date): Promise<void> {
  if (orderStatusCodec.decode(order.status) !== O.TICKETING) return;
  const subs = await ctx.repo.subOrders(order.id, trx);
  if (subs.some((s) => !stands(s) && !fallen(s))) return;
  if (!subs.some(stands)) return; // nothing stands: the refunds close the order
  const [from, to] = [O.TICKETING, O.TICKETED] as const;
  if (!(await orderLifecycle.moveOrder(trx, { orderId: order.id, from, to, at }))) return;
  await orderLifecycle.orderEvent(trx, { orderId: order.id, kind: 'ticketed', from, to, at });
  await ctx.notify(trx, {
    userId: order.userId,
    kind: 'tickets-issued',
    orderId: order.id,
    params: { orderNumber: order.orderNumber, ...routeParams(order) },
    dedupeKey: `tickets-issued:${order.id}`,
    at,
  });
  await scheduleAfterTicketing(trx, order, subs, at);
}

/** The departure reminder, a day before a journey, while its ticket stands. */
export async function remind(ctx: FulfilmentContext, orderId: string, legIndex: number): Promise<void> {
  const order = await ctx.repo.order(orderId);
  if (!order) return;
  const status = orderStatusCodec.decode(order.status);
  if (status !== O.TICKETED && status !== O.TICKETING) return;
  const sub = (await ctx.repo.subOrders(orderId)).find((s) => (s.legs as number[]).includes(legIndex));
  if (!sub || !stands(sub)) return;
  const leg = (order.itinerary as Itinerary).legs[legIndex];
  if (!leg) return;
  const from = leg.from.name;
  await ctx.repo.transaction((trx) =>
    ctx.notify(trx, {
      userId: order.userId,
      kind: 'departure-reminder',
      orderId,
      params: {
        orderNumber: order.orderNumber,
        trip: leg.number,
        departureAt: leg.departureTime,
        fromEn: from.en,
        fromZh: from['zh-CN'],
      },
      dedupeKey: `remind:${orderId}:${legIndex}`,
      at: ctx.now(),
    }),
  );
}

/** After the last standing leg has arrived: order 5 → 6. Early by our clock: not yet (the job retries). */
export async function complete(ctx: FulfilmentContext, orderId: string): Promise<'completed' | 'notDue' | 'settled'> {
  const order = await ctx.repo.order(orderId);
  if (!order || orderStatusCodec.decode(order.status) !== O.TICKETED) return 'settled';
  const { legs } = order.itinerary as Itinerary;
  const subs = await ctx.repo.subOrders(orderId);
  // A ticket being refunded still counts: the order completes only after every leg not refunded.
  const live = subs.filter((s) => !isTicketClosed(subOrderStatusCodec.decode(s.status)));
  if (live.length === 0) return 'settled';
  const standing = new Set(live.flatMap((s) => s.legs as number[]));
  const last = Math.max(
    0,
    ...legs.filter((l, i) => isRide(l) && standing.has(i)).map((l) => Date.parse(l.arrivalTime)),
  );
  const at = ctx.now();
  if (at.getTime() < last) return 'notDue';
  const [from, to] = [O.TICKETED, O.COMPLETED] as const;
  return ctx.repo.transaction(async (trx) => {
    if (!(await orderLifecycle.moveOrder(trx, { orderId, from, to, at }))) return 'settled';
    await orderLifecycle.orderEvent(trx, { orderId, kind: 'completed', from, to, at });
    return 'completed';
  });
}
