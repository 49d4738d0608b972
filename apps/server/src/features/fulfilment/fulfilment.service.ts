import {
  AppError,
  type BookingExtras,
  canTransition,
  type IssuedTicketView,
  isRide,
  type LocalText,
  ORDER_STATUS,
  ORDER_TRANSITIONS,
  type OrderFulfilment,
  type Receipt,
  type ReceiptPayment,
  type ResultLeg,
  SUB_ORDER_STATUS,
  SUB_ORDER_TRANSITIONS,
} from '@junction/domain';
import { addJob, type JobContext } from '../../jobs/jobs';
import {
  type FulfilmentRepository,
  type OrderRow,
  type SubOrderRow,
  statusText,
  type Trx,
} from './fulfilment.repository';
import type { Notifier, PaymentRecords, RefundMoney, StaffMail, TravellerPeople } from './ports';
import { RefundsService } from './refunds.service';
import { scheduleTicketing } from './schedule';
import { recordScheduleChanges, recordSellerChange, type SellerChange } from './schedule-changes';
import type { IssueRequest, TicketIssuers } from './ticketing/issuer';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    'fulfilment.issue': { orderId: string; subOrderId: string };
    'fulfilment.refund': { refundId: string };
    'fulfilment.remind': { orderId: string; legIndex: number };
    'fulfilment.complete': { orderId: string };
    'fulfilment.staff-alert': { orderId: string; subOrderId: string; error: string };
    'fulfilment.reconcile': Record<string, unknown>;
  }
}

export type FulfilmentOptions = {
  /** Ticketing is expected within this many hours of payment (spec §9), shown on the order. */
  ticketingHours: number;
  /** Tries of one ticket before it is given up (dead letter): cancelled, refunded, staff told. */
  ticketingAttempts: number;
  /** A refund is promised as received before this many days after it was asked for. */
  refundDays: number;
  /** A job lock older than this belongs to a process that died; the reconciler frees it. */
  staleLockSeconds: number;
  /** A refund the traveller asked for is paid out after this long; until then it may be withdrawn. */
  refundProcessingSeconds: number;
};

/** Sub-order statuses at which nothing more happens in ticketing: it stands, or its money goes back. */
const STANDS = new Set(['5', '4']);
const FALLEN = new Set(['6', '3', '8']);

const O = ORDER_STATUS;
const S = SUB_ORDER_STATUS;
const txt = (s: string | number | null) => statusText(s) as string;

/** Checks a step against the domain's table before it is written. */
function step<T extends string | number | null>(table: ReadonlyMap<T, readonly T[]>, from: T, to: T): void {
  if (!canTransition(table, from, to))
    throw new Error(`${String(from)} → ${String(to)} is not a step of the status table`);
}

type Itinerary = { legs: ResultLeg[]; bounds: { start: number; end: number }[] };

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
 * Ticketing after payment (spec §4, docs/architecture.md §6): a paid order (2) moves to ticketing (4) with its
 * sub-orders (7 → 2), each sub-order is issued by its supplier in a job of its own, and the order is
 * ticketed (5) once every part stands or is being refunded, then completed (6) after its last arrival.
 * A ticket that fails all its tries is cancelled and refunded, and the staff are told. Every step is a
 * compare-and-set of the domain tables with an event row, and every job may run again safely.
 */
export class FulfilmentService {
  constructor(
    private readonly repo: FulfilmentRepository,
    private readonly issuers: TicketIssuers,
    private readonly notify: Notifier,
    refundMoney: RefundMoney,
    private readonly staffMail: StaffMail,
    private readonly options: FulfilmentOptions,
    private readonly now: () => Date,
    private readonly paymentsOf: PaymentRecords = async () => [],
    private readonly people?: TravellerPeople,
  ) {
    const air = issuers.air;
    // A flight seller that quotes and cancels its own refunds (Duffel) prices and cancels its tickets' refunds.
    const sellerRefunds =
      air.refundQuote && air.cancel ? { quote: air.refundQuote.bind(air), cancel: air.cancel.bind(air) } : undefined;
    this.refunds = new RefundsService(repo, refundMoney, notify, options, now, sellerRefunds);
  }

  /** The travellers' refunds, ticket by ticket. */
  readonly refunds: RefundsService;

  get ticketingHours(): number {
    return this.options.ticketingHours;
  }

  /**
   * The ticket-order job: order 2 → 4 and every paid sub-order 7 → 2 with its issue job, and the
   * payment-received notice, in one transaction. Run again it finds the order moved and does nothing.
   */
  async startTicketing(orderId: string): Promise<boolean> {
    step(ORDER_TRANSITIONS, O.PAID, O.TICKETING);
    step(SUB_ORDER_TRANSITIONS, S.PAID, S.ISSUING);
    const at = this.now();
    return this.repo.transaction(async (trx: Trx) => {
      const order = await this.repo.lockOrder(trx, orderId);
      if (!order) return false;
      if (!(await this.repo.moveOrder(trx, { orderId, from: txt(O.PAID), to: txt(O.TICKETING), at }))) return false;
      await this.repo.addEvent(trx, { orderId, kind: 'ticketing', from: txt(O.PAID), to: txt(O.TICKETING), at });
      for (const sub of await this.repo.subOrders(orderId, trx)) {
        if (!(await this.repo.moveSubOrder(trx, { subOrderId: sub.id, from: txt(S.PAID), to: txt(S.ISSUING) })))
          continue;
        await this.repo.addEvent(trx, {
          orderId,
          kind: 'sub-order-issuing',
          from: txt(S.PAID),
          to: txt(S.ISSUING),
          at,
          data: { subOrderId: sub.id },
        });
        await addJob(
          trx,
          'fulfilment.issue',
          { orderId, subOrderId: sub.id },
          { jobKey: `issue:${sub.id}`, maxAttempts: this.options.ticketingAttempts },
        );
      }
      await this.notify(trx, {
        userId: order.userId,
        kind: 'payment-received',
        orderId,
        params: {
          orderNumber: order.orderNumber,
          ...routeParams(order),
          amountMinor: order.priceMinor,
          hours: this.options.ticketingHours,
        },
        dedupeKey: `payment-received:${orderId}`,
        at,
      });
      return true;
    });
  }

  /** What the supplier is asked for: the sub-order's rides and travellers, with the seats they chose. */
  private async requestFor(order: OrderRow, sub: SubOrderRow): Promise<IssueRequest> {
    const { legs, bounds } = order.itinerary as Itinerary;
    const extras = order.extras as BookingExtras;
    const travellers = await this.repo.travellers(order.id);
    const legIdx = sub.legs as number[];
    const choice = extras.rail?.find((c) => legIdx.includes(c.leg));
    const bags = extras.baggage?.find((b) => b.ticket === sub.position)?.pieces ?? [];
    const people = this.people;
    return {
      key: `${order.id}:${sub.id}`,
      orderId: order.id,
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
      travellers: travellers.map((t, i) => ({
        position: t.position,
        name: t.name,
        type: sub.type === 'railway' ? (t.railType ?? 'ADULT') : t.airType,
        seatLetter: choice?.seats[i] ?? null,
        bunk: choice?.bunks[i] ?? null,
        birthDate: t.birthDate,
        extraBags: bags[i] ?? 0,
      })),
    };
  }

  /**
   * The issue job of one sub-order: asks its supplier (same key every try, so a retried or crashed run
   * never issues twice), then records the tickets and moves the sub-order 2 → 5. On the last try a
   * failure is the dead letter: the sub-order is cancelled and refunded instead.
   */
  async issue(orderId: string, subOrderId: string, ctx?: Pick<JobContext, 'attempt' | 'maxAttempts' | 'signal'>) {
    const order = await this.repo.order(orderId);
    const sub = (await this.repo.subOrders(orderId)).find((s) => s.id === subOrderId);
    if (!order || !sub || sub.status !== txt(S.ISSUING)) return 'settled' as const;
    const issuer = this.issuers[sub.type === 'railway' ? 'rail' : 'air'];
    let result: Awaited<ReturnType<typeof issuer.issue>>;
    try {
      result = await issuer.issue(await this.requestFor(order, sub), ctx?.signal);
    } catch (e) {
      if (ctx && ctx.attempt >= ctx.maxAttempts && !ctx.signal.aborted) {
        await this.deadLetter(order, sub, e instanceof Error ? e.message : String(e));
        return 'dead-letter' as const;
      }
      throw e;
    }
    step(SUB_ORDER_TRANSITIONS, S.ISSUING, S.TICKETED);
    const at = this.now();
    await this.repo.transaction(async (trx) => {
      const locked = await this.repo.lockOrder(trx, orderId);
      if (!locked) return;
      if (!(await this.repo.moveSubOrder(trx, { subOrderId, from: txt(S.ISSUING), to: txt(S.TICKETED) }))) return;
      await this.repo.insertTickets(
        trx,
        result.tickets.map((t) => ({
          orderId,
          subOrderId,
          legIndex: t.legIndex,
          travellerPosition: t.travellerPosition,
          supplier: issuer.kind,
          bookingReference: t.bookingReference,
          ticketNumber: t.ticketNumber,
          seat: t.seat,
          coach: t.coach,
          berth: t.berth,
          gate: t.gate,
          issuedAt: at,
        })),
      );
      const unique = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))].join(', ');
      await this.repo.setTicketSummary(trx, subOrderId, {
        ticketNumber: unique(result.tickets.map((t) => t.ticketNumber)),
        confirmationCode: unique(result.tickets.map((t) => t.bookingReference)),
        seat: unique(result.tickets.map((t) => (t.coach ? `${t.coach}-${t.seat ?? ''}` : t.seat))) || null,
      });
      await this.repo.addEvent(trx, {
        orderId,
        kind: 'sub-order-ticketed',
        from: txt(S.ISSUING),
        to: txt(S.TICKETED),
        at,
        data: { subOrderId, tickets: result.tickets.length, supplier: issuer.kind },
      });
      const rescheduled = await recordScheduleChanges(trx, {
        repo: this.repo,
        notify: this.notify,
        order: locked,
        subOrderId,
        changes: result.scheduleChanges,
        at,
      });
      await this.settleTicketing(trx, rescheduled, at);
    });
    return 'ticketed' as const;
  }

  /**
   * A seller told us its airline moved flights of a ticketed sub-order (Duffel's webhook): the order's
   * itinerary takes the new times as it does for a change published at ticketing, once per change of the
   * seller's (see `recordSellerChange`). False when the sub-order is not ticketed.
   */
  async sellerChangedSchedule(subOrderId: string, change: SellerChange): Promise<boolean> {
    const at = this.now();
    return this.repo.transaction(async (trx) => {
      const orderId = await this.repo.orderOfSubOrder(trx, subOrderId);
      const locked = orderId ? await this.repo.lockOrder(trx, orderId) : undefined;
      const sub = locked ? (await this.repo.subOrders(locked.id, trx)).find((s) => s.id === subOrderId) : undefined;
      if (!locked || !sub || !STANDS.has(sub.status ?? '')) return false;
      await recordSellerChange(trx, { repo: this.repo, notify: this.notify, order: locked, sub, change, at });
      return true;
    });
  }

  /** A ticket that failed every try: sub-order 2 → 6 with a refund of all it cost, the traveller and staff told. */
  private async deadLetter(order: OrderRow, sub: SubOrderRow, error: string): Promise<void> {
    step(SUB_ORDER_TRANSITIONS, S.ISSUING, S.REFUNDING);
    const at = this.now();
    await this.repo.transaction(async (trx) => {
      const locked = await this.repo.lockOrder(trx, order.id);
      if (!locked) return;
      if (!(await this.repo.moveSubOrder(trx, { subOrderId: sub.id, from: txt(S.ISSUING), to: txt(S.REFUNDING) })))
        return;
      await this.repo.addEvent(trx, {
        orderId: order.id,
        kind: 'ticketing-failed',
        from: txt(S.ISSUING),
        to: txt(S.REFUNDING),
        at,
        data: { subOrderId: sub.id, error },
      });
      const amountMinor = await this.refunds.openUnissued(trx, locked, sub.id, at);
      await this.notify(trx, {
        userId: locked.userId,
        kind: 'ticketing-failed',
        orderId: order.id,
        params: { orderNumber: locked.orderNumber, trip: sub.flightNumber, amountMinor },
        dedupeKey: `ticketing-failed:${sub.id}`,
        at,
      });
      await addJob(
        trx,
        'fulfilment.staff-alert',
        { orderId: order.id, subOrderId: sub.id, error: error.slice(0, 500) },
        { jobKey: `staff-alert:${sub.id}` },
      );
      await this.settleTicketing(trx, locked, at);
    });
  }

  /**
   * After a sub-order settles: once none is still being issued, an order in ticketing with a part that
   * stands is ticketed (4 → 5), told, reminded a day before each journey and completed after it.
   */
  private async settleTicketing(trx: Trx, order: OrderRow, at: Date): Promise<void> {
    if (order.status !== txt(O.TICKETING)) return;
    const subs = await this.repo.subOrders(order.id, trx);
    if (subs.some((s) => !STANDS.has(s.status ?? '') && !FALLEN.has(s.status ?? ''))) return;
    if (!subs.some((s) => STANDS.has(s.status ?? ''))) return; // nothing stands: the refunds close the order
    step(ORDER_TRANSITIONS, O.TICKETING, O.TICKETED);
    if (!(await this.repo.moveOrder(trx, { orderId: order.id, from: txt(O.TICKETING), to: txt(O.TICKETED), at })))
      return;
    await this.repo.addEvent(trx, {
      orderId: order.id,
      kind: 'ticketed',
      from: txt(O.TICKETING),
      to: txt(O.TICKETED),
      at,
    });
    await this.notify(trx, {
      userId: order.userId,
      kind: 'tickets-issued',
      orderId: order.id,
      params: { orderNumber: order.orderNumber, ...routeParams(order) },
      dedupeKey: `tickets-issued:${order.id}`,
      at,
    });
    const { legs, bounds } = order.itinerary as Itinerary;
    const standing = new Set(subs.filter((s) => STANDS.has(s.status ?? '')).flatMap((s) => s.legs as number[]));
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

  /** The departure reminder, a day before a journey, while its ticket stands. */
  async remind(orderId: string, legIndex: number): Promise<void> {
    const order = await this.repo.order(orderId);
    if (!order || (order.status !== txt(O.TICKETED) && order.status !== txt(O.TICKETING))) return;
    const sub = (await this.repo.subOrders(orderId)).find((s) => (s.legs as number[]).includes(legIndex));
    if (!sub || !STANDS.has(sub.status ?? '')) return;
    const leg = (order.itinerary as Itinerary).legs[legIndex];
    if (!leg) return;
    const from = leg.from.name;
    await this.repo.transaction((trx) =>
      this.notify(trx, {
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
        at: this.now(),
      }),
    );
  }

  /** After the last standing leg has arrived: order 5 → 6. Early by our clock: not yet (the job retries). */
  async complete(orderId: string): Promise<'completed' | 'notDue' | 'settled'> {
    const order = await this.repo.order(orderId);
    if (!order || order.status !== txt(O.TICKETED)) return 'settled';
    const { legs } = order.itinerary as Itinerary;
    const subs = await this.repo.subOrders(orderId);
    // A ticket being refunded still counts: the order completes only after every leg not refunded.
    const live = subs.filter((s) => s.status !== txt(S.REFUNDED) && s.status !== txt(S.CANCELLED));
    if (live.length === 0) return 'settled';
    const standing = new Set(live.flatMap((s) => s.legs as number[]));
    const last = Math.max(
      0,
      ...legs.filter((l, i) => isRide(l) && standing.has(i)).map((l) => Date.parse(l.arrivalTime)),
    );
    const at = this.now();
    if (at.getTime() < last) return 'notDue';
    step(ORDER_TRANSITIONS, O.TICKETED, O.COMPLETED);
    return this.repo.transaction(async (trx) => {
      if (!(await this.repo.moveOrder(trx, { orderId, from: txt(O.TICKETED), to: txt(O.COMPLETED), at })))
        return 'settled';
      await this.repo.addEvent(trx, { orderId, kind: 'completed', from: txt(O.TICKETED), to: txt(O.COMPLETED), at });
      return 'completed';
    });
  }

  /** Tells the operations staff about a dead-lettered ticket. */
  async alertStaff(orderId: string, subOrderId: string, error: string): Promise<void> {
    const order = await this.repo.order(orderId);
    await this.staffMail({
      subject: `[Junction ops] Ticketing gave up: order ${order?.orderNumber ?? orderId}`,
      text: [
        `Order ${order?.orderNumber ?? ''} (${orderId}), sub-order ${subOrderId}: every ticketing attempt failed.`,
        `Last error: ${error}`,
        'The sub-order was cancelled and its refund started automatically. Check the supplier and the traveller.',
      ].join('\n\n'),
    });
  }

  /**
   * The reconciler (every minute): jobs held by a process that died are freed, a paid order without its
   * ticketing job and a sub-order being issued without its issue job get them again. Every job it adds
   * is idempotent, so a duplicate only finds the work done.
   */
  async reconcile(): Promise<{ unlocked: number; requeued: number }> {
    const unlocked = await this.repo.unlockStaleWorkers(this.options.staleLockSeconds);
    const { paidOrders, issuing } = await this.repo.orphans();
    await this.repo.transaction(async (trx) => {
      for (const orderId of paidOrders) await scheduleTicketing(trx, orderId);
      for (const s of issuing) {
        await addJob(trx, 'fulfilment.issue', s, {
          jobKey: `issue:${s.subOrderId}`,
          maxAttempts: this.options.ticketingAttempts,
        });
      }
    });
    return { unlocked, requeued: paidOrders.length + issuing.length };
  }

  /** The order page's after-payment part (spec §9 ticketing time, tickets, refunds); another user's order is not found. */
  async orderFulfilment(userId: string, orderId: string): Promise<OrderFulfilment> {
    const order = await this.repo.orderForUser(userId, orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    const [paidAt, tickets, refunds, payments] = await Promise.all([
      this.repo.paidAt(orderId),
      this.repo.tickets(orderId),
      this.refunds.present(order, await this.repo.refundsOfOrder(orderId)),
      this.paymentsOf(orderId),
    ]);
    return {
      orderId,
      ticketingHours: this.options.ticketingHours,
      paidAt: paidAt?.toISOString() ?? null,
      ticketingBy: paidAt ? new Date(paidAt.getTime() + this.options.ticketingHours * 3600_000).toISOString() : null,
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
      receipt: receiptOf(
        payments,
        refunds.map((r) => ({
          status: r.status,
          refundedMinor: r.refunded.amount,
          feeMinor: r.fee.amount + r.serviceFee.amount,
        })),
      ),
    };
  }
}
