import { type BookingExtras, type ResultLeg, SUB_ORDER_STATUS as S, subOrderStatusCodec } from '@junction/domain';
import { addJob, type JobContext } from '../../../jobs/jobs';
import { orderLifecycle } from '../../../lib/lifecycle/order-lifecycle';
import { exchangedTickets } from '../change/change-exchange';
import { failChange } from '../change/change-failed';
import { finishChange } from '../change/change-steps';
import type { FulfilmentContext } from '../fulfilment.context';
import type { OrderRow, SubOrderRow, Trx } from '../fulfilment.repository';
import type { Itinerary } from '../fulfilment-view';
import { recordScheduleChanges } from '../schedule-changes';
import { stepSubOrder } from '../sub-order-step';
import { type IssueRequest, type IssueResult, TicketingRefused } from './issuer';
import { settleTicketing } from './settle-ticketing';

declare module '../../../jobs/jobs' {
  interface JobPayloads {
    'fulfilment.staff-alert': { orderId: string; subOrderId: string; error: string };
  }
}

/** What the supplier is asked for: the sub-order's rides and travellers, with the seats they chose. */
export async function requestFor(ctx: FulfilmentContext, order: OrderRow, sub: SubOrderRow): Promise<IssueRequest> {
  const { legs, bounds } = order.itinerary as Itinerary;
  const extras = order.extras as BookingExtras;
  const travellers = await ctx.repo.travellers(order.id);
  const legIdx = sub.legs as number[];
  const choice = extras.rail?.find((c) => legIdx.includes(c.leg));
  const bags = extras.baggage?.find((b) => b.ticket === sub.position)?.pieces ?? [];
  const people = ctx.people;
  const mine = (position: number) => !Array.isArray(sub.travellers) || (sub.travellers as number[]).includes(position);
  const replaces = await exchangedTickets(ctx, sub.id, travellers.map((t) => t.position).filter(mine));
  return {
    ...(replaces ? { replaces } : {}),
    key: `${order.id}:${sub.id}`,
    orderId: order.id,
    orderNumber: order.orderNumber,
    subOrderId: sub.id,
    supplier: sub.supplier,
    paidMinor: sub.paidMinor ?? sub.priceMinor,
    ...(people ? { people: () => people(order.id) } : {}),
    legs: legIdx.map((i) => {
      const l = legs[i] as ResultLeg;
      const seatClass = sub.type === 'railway' ? (choice?.seatClass ?? l.cabin ?? '') : (l.cabin ?? 'Y');
      return {
        index: i,
        bound: Math.max(
          0,
          bounds.findIndex((b) => i >= b.start && i < b.end),
        ),
        carrier: l.carrier,
        number: l.number,
        fromCode: l.from.code,
        toCode: l.to.code,
        departureTime: l.departureTime,
        arrivalTime: l.arrivalTime,
        cabin: seatClass,
      };
    }),
    // The travellers the sub-order's tickets are for; a seat chosen is found by the traveller's place in the order.
    travellers: travellers
      .flatMap((t, i) => (mine(t.position) ? [{ t, i }] : []))
      .map(({ t, i }) => ({
        position: t.position,
        name: t.name,
        type: sub.type === 'railway' ? (t.railType ?? 'ADULT') : t.airType,
        seatLetter: choice?.seats[i] ?? null,
        bunk: choice?.bunks[i] ?? null,
        birthDate: t.birthDate,
        extraBags: bags[i] ?? 0,
        seats: (extras.seats ?? []).flatMap((c) => {
          const designator = c.seats[i];
          return legIdx.includes(c.leg) && designator ? [{ legIndex: c.leg, designator }] : [];
        }),
      })),
  };
}

/** The tickets a supplier issued, recorded: sub-order 2 → 5, its tickets and summary, schedule changes, settled. */
async function recordIssued(
  ctx: FulfilmentContext,
  p: { orderId: string; subOrderId: string; supplier: string; result: IssueResult },
): Promise<void> {
  const { orderId, subOrderId, supplier, result } = p;
  const [from, to] = [S.ISSUING, S.TICKETED] as const;
  const at = ctx.now();
  await ctx.repo.transaction(async (trx) => {
    const locked = await ctx.repo.lockOrder(trx, orderId);
    if (!locked) return;
    if (!(await orderLifecycle.moveSubOrder(trx, { subOrderId, from, to }))) return;
    await ctx.repo.insertTickets(
      trx,
      result.tickets.map((t) => ({
        orderId,
        subOrderId,
        legIndex: t.legIndex,
        travellerPosition: t.travellerPosition,
        supplier,
        bookingReference: t.bookingReference,
        ticketNumber: t.ticketNumber,
        seat: t.seat,
        coach: t.coach,
        berth: t.berth,
        gate: t.gate,
        ticketType: t.ticketType ?? null,
        issuedAt: at,
      })),
    );
    const unique = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))].join(', ');
    await ctx.repo.setTicketSummary(trx, subOrderId, {
      ticketNumber: unique(result.tickets.map((t) => t.ticketNumber)),
      confirmationCode: unique(result.tickets.map((t) => t.bookingReference)),
      seat: unique(result.tickets.map((t) => (t.coach ? `${t.coach}-${t.seat ?? ''}` : t.seat))) || null,
    });
    await orderLifecycle.subOrderEvent(trx, {
      orderId,
      kind: 'sub-order-ticketed',
      from,
      to,
      at,
      data: { subOrderId, tickets: result.tickets.length, supplier },
    });
    const rescheduled = await recordScheduleChanges(trx, {
      repo: ctx.repo,
      notify: ctx.notify,
      order: locked,
      subOrderId,
      changes: result.scheduleChanges,
      at,
    });
    await finishChange(ctx, trx, rescheduled, subOrderId, at);
    await settleTicketing(ctx, trx, rescheduled, at);
  });
}

/**
 * The issue job of one sub-order: asks its supplier (same key every try, so a retried or crashed run
 * never issues twice), then records the tickets and moves the sub-order 2 → 5. On the last try a
 * failure is the dead letter: the sub-order is cancelled and refunded instead.
 */
export async function issue(
  ctx: FulfilmentContext,
  orderId: string,
  subOrderId: string,
  job?: Pick<JobContext, 'attempt' | 'maxAttempts' | 'signal'>,
) {
  const order = await ctx.repo.order(orderId);
  const sub = (await ctx.repo.subOrders(orderId)).find((s) => s.id === subOrderId);
  if (!order || !sub || subOrderStatusCodec.decode(sub.status) !== S.ISSUING) return 'settled' as const;
  const issuer = ctx.issuers[sub.type === 'railway' ? 'rail' : 'air'];
  let result: IssueResult;
  try {
    result = await issuer.issue(await requestFor(ctx, order, sub), job?.signal);
  } catch (e) {
    // Refused for good (a change the railway will not make), or failed on the last try: no more tries.
    const refused = e instanceof TicketingRefused ? e.reason : undefined;
    if (refused || (job && job.attempt >= job.maxAttempts && !job.signal.aborted)) {
      await deadLetter(ctx, order, sub, e instanceof Error ? e.message : String(e), refused);
      return 'dead-letter' as const;
    }
    throw e;
  }
  await recordIssued(ctx, { orderId, subOrderId, supplier: issuer.kind, result });
  return 'ticketed' as const;
}

/** A ticket that failed every try: sub-order 2 → 6 with a refund of all it cost, the traveller and staff told. */
async function deadLetter(
  ctx: FulfilmentContext,
  order: OrderRow,
  sub: SubOrderRow,
  error: string,
  refused?: string,
): Promise<void> {
  const [from, to] = [S.ISSUING, S.REFUNDING] as const;
  const at = ctx.now();
  await ctx.repo.transaction(async (trx: Trx) => {
    const locked = await ctx.repo.lockOrder(trx, order.id);
    if (!locked) return;
    // A change's new ticket refused: the old ticket stands, and only the difference paid comes back.
    if (await failChange(ctx, trx, locked, { subOrderId: sub.id, error, refused, at })) {
      await staffAlert(trx, order.id, sub.id, error);
      await settleTicketing(ctx, trx, locked, at);
      return;
    }
    const step = { orderId: order.id, subOrderId: sub.id, kind: 'ticketing-failed', from, to, at, data: { error } };
    if (!(await stepSubOrder(trx, step))) return;
    const amountMinor = await ctx.refunds.openUnissued(trx, locked, sub.id, at);
    await ctx.notify(trx, {
      userId: locked.userId,
      kind: 'ticketing-failed',
      orderId: order.id,
      params: { orderNumber: locked.orderNumber, trip: sub.flightNumber, amountMinor },
      dedupeKey: `ticketing-failed:${sub.id}`,
      at,
    });
    await staffAlert(trx, order.id, sub.id, error);
    await settleTicketing(ctx, trx, locked, at);
  });
}

const staffAlert = (trx: Trx, orderId: string, subOrderId: string, error: string) =>
  addJob(
    trx,
    'fulfilment.staff-alert',
    { orderId, subOrderId, error: error.slice(0, 500) },
    {
      jobKey: `staff-alert:${subOrderId}`,
    },
  );
