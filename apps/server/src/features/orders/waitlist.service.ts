import {
  canTransition,
  canWaitlistMove,
  isRide,
  ORDER_TRANSITIONS,
  type OrderWaitlist,
  PAYMENT_STATUS,
  PAYMENT_TRANSITIONS,
  type ResultLeg,
  SUB_ORDER_TRANSITIONS,
  WAITLIST_MOVES,
  type WaitlistMove,
  type WaitlistReleaseReason,
  type WaitlistStatus,
} from '@junction/domain';
import { addJob } from '../../jobs/jobs';
import type { OrderRow, OrdersRepository, Trx, WaitlistRow } from './orders.repository';
import { statusText } from './orders.repository';
import type { OrderNotifier, SeatReturns, WaitlistPayments } from './ports';
import type { WaitlistRepository } from './waitlist.repository';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    'orders.waitlist-check': { orderId: string };
    'orders.waitlist-cutoff': { orderId: string };
    'orders.waitlist-release': { orderId: string };
  }
}

export type WaitlistOptions = {
  /** The waiting list of a train closes this long before it departs. */
  cutoffMinutes: number;
  /** How often a waiting order looks for seats that came back. */
  pollSeconds: number;
};

/** While these, the price is held on the card. */
const HOLDING: readonly string[] = ['waiting', 'filling', 'releasing'];

const txt = (s: string | number | null) => statusText(s) as string;

/** Checks a waiting-list step against the domain's tables before it is written. */
function checkMove(move: WaitlistMove, refunded = false): void {
  const m = WAITLIST_MOVES[move];
  const payment = refunded ? PAYMENT_STATUS.REFUNDED : m.payment;
  if (
    !canTransition(ORDER_TRANSITIONS, m.from, m.order) ||
    !canTransition(PAYMENT_TRANSITIONS, m.paymentFrom, payment) ||
    (m.subOrder !== null && !canTransition(SUB_ORDER_TRANSITIONS, null, m.subOrder))
  )
    throw new Error(`waiting list ${move} is not a step of the status tables`);
}

function checkStep(from: WaitlistStatus, to: WaitlistStatus): void {
  if (!canWaitlistMove(from, to)) throw new Error(`waiting list ${from} → ${to} is not a step`);
}

/** A local time (`2026-12-10T08:00:00+08:00`) moved by some minutes, keeping its offset. */
export function shiftLocal(iso: string, minutes: number): { at: Date; local: string } {
  const at = new Date(Date.parse(iso) + minutes * 60_000);
  const offset = /([+-]\d{2}:\d{2}|Z)$/.exec(iso)?.[1] ?? 'Z';
  const offsetMs =
    offset === 'Z'
      ? 0
      : (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4))) * 60_000;
  const local = new Date(at.getTime() + offsetMs).toISOString().slice(0, 19);
  return { at, local: `${local}${offset === 'Z' ? '+00:00' : offset}` };
}

class NoSeats extends Error {}

/**
 * The waiting list (候补) of a sold-out train class (issue #16): an order joins it unpaid, its price is
 * authorised and held on the card (order 0 → 8, payment 1 → 5), and a job looks for seats that came
 * back until the cut-off. Seats found are held and the entry claimed (`waiting → filling`) by
 * compare-and-set before the card is captured; the cut-off or the traveller claims it (`waiting →
 * releasing`) before the hold is voided, so exactly one of them happens. The order then moves in the
 * payment's transaction: paid and ticketed as any paid order, or released with its hold voided in full.
 */
export class WaitlistService {
  private payments: WaitlistPayments | undefined;

  constructor(
    private readonly orders: OrdersRepository,
    private readonly repo: WaitlistRepository,
    private readonly seats: SeatReturns,
    private readonly railCapacity: (train: string, date: string, seatClass: string) => number,
    private readonly notify: OrderNotifier,
    private readonly options: WaitlistOptions,
    private readonly now: () => Date,
  ) {}

  /** The held card payment; set once by `app.ts`. */
  withPayments(payments: WaitlistPayments): void {
    this.payments = payments;
  }

  private get pay(): WaitlistPayments {
    if (!this.payments) throw new Error('the waiting list has no payments');
    return this.payments;
  }

  /** When the waiting list of a ride departing at `departureTime` closes. */
  cutoffFor(departureTime: string): { at: Date; local: string } {
    return shiftLocal(departureTime, -this.options.cutoffMinutes);
  }

  present(w: WaitlistRow | undefined): OrderWaitlist | null {
    if (!w) return null;
    return {
      status: w.status as WaitlistStatus,
      cutoffAt: w.cutoffLocal,
      held: HOLDING.includes(w.status) && w.heldMinor !== null ? { amount: w.heldMinor, currency: 'CNY' } : null,
      train: w.train,
      seatClass: w.seatClass,
      reason: (w.reason as WaitlistReleaseReason | null) ?? null,
    };
  }

  private params(order: OrderRow, w: WaitlistRow): Record<string, string | number> {
    const { legs } = order.itinerary as { legs: ResultLeg[] };
    const ride = legs.find(isRide) ?? (legs[0] as ResultLeg);
    const from = ride.from.city?.name ?? ride.from.name;
    const to = ride.to.city?.name ?? ride.to.name;
    return {
      orderNumber: order.orderNumber,
      train: w.train,
      fromEn: from.en,
      fromZh: from['zh-CN'],
      toEn: to.en,
      toZh: to['zh-CN'],
      amountMinor: w.heldMinor ?? order.priceMinor,
      cutoffAt: w.cutoffLocal,
    };
  }

  /** An order not paid yet was cancelled or expired: its entry closes with it (same transaction). */
  async closeUnpaid(trx: Trx, orderId: string, at: Date): Promise<void> {
    checkStep('awaiting_hold', 'closed');
    await this.repo.move(trx, { orderId, from: ['awaiting_hold'], to: 'closed', at });
  }

  /** Whether an order awaiting payment is on a waiting list (its card payment is held, not taken). */
  async isWaiting(orderId: string): Promise<boolean> {
    return (await this.repo.find(orderId))?.status === 'awaiting_hold';
  }

  /**
   * The card authorised the price, in the payment's transaction: order 0 → 8, payment 1 → 5, the entry
   * waits, and the jobs that look for seats and close it at the cut-off are queued. False when the order
   * was no longer awaiting this payment.
   */
  async markHeld(trx: Trx, p: { orderId: string; amountMinor: number; attemptId: string; at: Date }): Promise<boolean> {
    checkMove('hold');
    checkStep('awaiting_hold', 'waiting');
    const m = WAITLIST_MOVES.hold;
    const order = await this.orders.transition(trx, {
      orderId: p.orderId,
      from: txt(m.from),
      to: txt(m.order),
      paymentFrom: txt(m.paymentFrom),
      paymentTo: txt(m.payment),
      subFrom: null,
      subTo: null,
      at: p.at,
    });
    if (!order) return false;
    const w = await this.repo.move(trx, {
      orderId: p.orderId,
      from: ['awaiting_hold'],
      to: 'waiting',
      at: p.at,
      heldMinor: p.amountMinor,
    });
    if (!w) throw new Error(`order ${p.orderId} is held without its waiting list entry`);
    await this.orders.addEvent(trx, {
      orderId: p.orderId,
      kind: 'waitlist_held',
      fromStatus: txt(m.from),
      toStatus: txt(m.order),
      at: p.at,
      data: { amountMinor: p.amountMinor, attemptId: p.attemptId, cutoffAt: w.cutoffAt.toISOString() },
    });
    await this.notify(trx, {
      userId: order.userId,
      kind: 'waitlist-joined',
      orderId: p.orderId,
      params: this.params(order, w),
      dedupeKey: `waitlist-joined:${p.orderId}`,
      at: p.at,
    });
    await addJob(
      trx,
      'orders.waitlist-check',
      { orderId: p.orderId },
      { runAt: new Date(p.at.getTime() + this.options.pollSeconds * 1000), jobKey: `waitlist-check:${p.orderId}` },
    );
    await addJob(
      trx,
      'orders.waitlist-cutoff',
      { orderId: p.orderId },
      { runAt: w.cutoffAt, jobKey: `waitlist-cutoff:${p.orderId}` },
    );
    return true;
  }

  /**
   * Seats found and the card captured, in the payment's transaction: the entry filled, order 8 → 2,
   * payment 5 → 2, its sub-order paid, and the traveller told. Ticketing is queued by the payment as for
   * any paid order. False when the entry was not being filled.
   */
  async markFilled(
    trx: Trx,
    p: { orderId: string; amountMinor: number; attemptId: string; at: Date },
  ): Promise<boolean> {
    checkMove('fill');
    checkStep('filling', 'filled');
    const w = await this.repo.move(trx, { orderId: p.orderId, from: ['filling'], to: 'filled', at: p.at });
    if (!w) return false;
    const m = WAITLIST_MOVES.fill;
    const order = await this.orders.transition(trx, {
      orderId: p.orderId,
      from: txt(m.from),
      to: txt(m.order),
      paymentFrom: txt(m.paymentFrom),
      paymentTo: txt(m.payment),
      subFrom: null,
      subTo: txt(m.subOrder),
      at: p.at,
    });
    if (!order) throw new Error(`waiting list order ${p.orderId} was filled while not waiting`);
    await this.orders.setPaid(trx, p.orderId);
    await this.orders.addEvent(trx, {
      orderId: p.orderId,
      kind: 'waitlist_filled',
      fromStatus: txt(m.from),
      toStatus: txt(m.order),
      at: p.at,
      data: { amountMinor: p.amountMinor, attemptId: p.attemptId },
    });
    await this.notify(trx, {
      userId: order.userId,
      kind: 'waitlist-filled',
      orderId: p.orderId,
      params: this.params(order, w),
      dedupeKey: `waitlist-filled:${p.orderId}`,
      at: p.at,
    });
    return true;
  }

  /**
   * The hold voided (or refunded in full), in the payment's transaction: the entry released, the order
   * closed by the traveller (7) or expired at the cut-off (INVALID), payment 5 → 3 (4 when refunded),
   * seats held for it given back, and the traveller told. False when the entry was not being released.
   */
  async markReleased(trx: Trx, p: { orderId: string; refunded: boolean; at: Date }): Promise<boolean> {
    checkStep('releasing', 'released');
    const w = await this.repo.move(trx, { orderId: p.orderId, from: ['releasing'], to: 'released', at: p.at });
    if (!w) return false;
    const move: WaitlistMove = w.reason === 'traveller' ? 'cancel' : 'release';
    checkMove(move, p.refunded);
    const m = WAITLIST_MOVES[move];
    const order = await this.orders.transition(trx, {
      orderId: p.orderId,
      from: txt(m.from),
      to: txt(m.order),
      paymentFrom: txt(m.paymentFrom),
      paymentTo: txt(p.refunded ? PAYMENT_STATUS.REFUNDED : m.payment),
      subFrom: null,
      subTo: txt(m.subOrder),
      at: p.at,
    });
    if (!order) throw new Error(`waiting list order ${p.orderId} was released while not waiting`);
    const seats = await this.orders.releaseSeats(trx, p.orderId, p.at);
    await this.orders.addEvent(trx, {
      orderId: p.orderId,
      kind: move === 'cancel' ? 'waitlist_cancelled' : 'waitlist_released',
      fromStatus: txt(m.from),
      toStatus: txt(m.order),
      at: p.at,
      data: { reason: w.reason, refunded: p.refunded, amountMinor: w.heldMinor, seatsReleased: seats },
    });
    // Voided, nothing was taken; refunded in full when the card had been charged (a capture answered late).
    const ended = move === 'cancel' ? 'waitlist-cancelled' : 'waitlist-released';
    await this.notify(trx, {
      userId: order.userId,
      kind: p.refunded ? `${ended}-refunded` : ended,
      orderId: p.orderId,
      params: this.params(order, w),
      dedupeKey: `waitlist-released:${p.orderId}`,
      at: p.at,
    });
    return true;
  }

  /**
   * The look for seats (the `orders.waitlist-check` job): asks China Railway how many came back, and
   * when enough are free, holds them for the order and claims it (`waiting → filling`) in one
   * transaction, then captures the card. `waiting` to look again later.
   */
  async check(orderId: string): Promise<'filled' | 'waiting' | 'released' | 'done'> {
    const w = await this.repo.find(orderId);
    if (!w) return 'done';
    if (w.status === 'filling') return this.capture(w);
    if (w.status === 'releasing') {
      await this.pay.release(orderId);
      return 'released';
    }
    if (w.status !== 'waiting') return 'done';
    const at = this.now();
    if (w.cutoffAt.getTime() <= at.getTime()) return 'done'; // the cut-off job releases it
    const returned = await this.seats.returned(w.train, w.travelDate, w.seatClass);
    const capacity = this.railCapacity(w.train, w.travelDate, w.seatClass) + returned;
    if (returned > 0) await this.repo.raiseCapacity(w.stockKey, capacity);
    const claimed = await this.claimFill(w, capacity, at);
    return claimed ? this.capture(claimed) : 'waiting';
  }

  /** Holds the seats and claims the entry for filling, or neither. */
  async claimFill(w: WaitlistRow, capacity: number, at: Date): Promise<WaitlistRow | undefined> {
    checkStep('waiting', 'filling');
    try {
      return await this.repo.transaction(async (trx) => {
        const moved = await this.repo.move(trx, {
          orderId: w.orderId,
          from: ['waiting'],
          to: 'filling',
          at,
          before: at,
        });
        if (!moved) return undefined;
        const held = await this.orders.holdSeats(trx, w.orderId, { key: w.stockKey, capacity, seats: w.seats });
        if (!held) throw new NoSeats();
        await this.orders.addEvent(trx, {
          orderId: w.orderId,
          kind: 'waitlist_filling',
          fromStatus: txt(WAITLIST_MOVES.fill.from),
          toStatus: txt(WAITLIST_MOVES.fill.from),
          at,
          data: { seats: w.seats, stockKey: w.stockKey },
        });
        return moved;
      });
    } catch (e) {
      if (e instanceof NoSeats) return undefined;
      throw e;
    }
  }

  /** Captures the claimed order's card; a hold the card no longer has releases the order instead. */
  private async capture(w: WaitlistRow): Promise<'filled' | 'released'> {
    if ((await this.pay.capture(w.orderId)) === 'captured') return 'filled';
    checkStep('filling', 'releasing');
    const at = this.now();
    await this.repo.transaction(async (trx) => {
      const moved = await this.repo.move(trx, {
        orderId: w.orderId,
        from: ['filling'],
        to: 'releasing',
        at,
        reason: 'hold_lost',
      });
      if (moved)
        await this.orders.addEvent(trx, {
          orderId: w.orderId,
          kind: 'waitlist_hold_lost',
          fromStatus: txt(WAITLIST_MOVES.release.from),
          toStatus: txt(WAITLIST_MOVES.release.from),
          at,
        });
    });
    await this.pay.release(w.orderId);
    return 'released';
  }

  /**
   * Claims an entry for release (`waiting → releasing`) by compare-and-set with an event row: at the
   * cut-off (`dueBy`) or for its traveller (`userId`). Answers whether this call claimed it.
   */
  private async claimRelease(
    orderId: string,
    reason: WaitlistReleaseReason,
    scope: { userId?: string; dueBy?: Date },
  ): Promise<boolean> {
    checkStep('waiting', 'releasing');
    const at = this.now();
    return this.repo.transaction(async (trx) => {
      const moved = await this.repo.move(trx, { orderId, from: ['waiting'], to: 'releasing', at, reason, ...scope });
      if (!moved) return false;
      await this.orders.addEvent(trx, {
        orderId,
        kind: 'waitlist_releasing',
        fromStatus: txt(WAITLIST_MOVES.release.from),
        toStatus: txt(WAITLIST_MOVES.release.from),
        at,
        data: { reason },
      });
      // Should voiding the hold fail now, this job finishes it.
      await addJob(
        trx,
        'orders.waitlist-release',
        { orderId },
        { runAt: new Date(at.getTime() + 60_000), jobKey: `waitlist-release:${orderId}` },
      );
      return true;
    });
  }

  /**
   * The cut-off job: a waiting order still unfilled is released and its hold voided in full. `notDue`
   * while its cut-off has not come yet by our clock.
   */
  async cutoff(orderId: string): Promise<'released' | 'notDue' | 'settled'> {
    const claimed = await this.claimRelease(orderId, 'cutoff', { dueBy: this.now() });
    const w = await this.repo.find(orderId);
    if (claimed || w?.status === 'releasing') {
      await this.pay.release(orderId);
      return 'released';
    }
    return w?.status === 'waiting' ? 'notDue' : 'settled';
  }

  /** The traveller leaves the waiting list: released at once, the hold voided. False when not waiting. */
  async cancel(userId: string, orderId: string): Promise<boolean> {
    if (!(await this.claimRelease(orderId, 'traveller', { userId }))) return false;
    try {
      await this.pay.release(orderId);
    } catch {
      // The processor did not answer: the release job voids the hold shortly; the order shows it releasing.
    }
    return true;
  }

  /** The release job: finishes voiding a hold claimed for release. */
  async finishRelease(orderId: string): Promise<void> {
    if ((await this.repo.find(orderId))?.status === 'releasing') await this.pay.release(orderId);
  }

  /** Queues the next look for seats of a waiting order. */
  async lookAgain(orderId: string): Promise<void> {
    const runAt = new Date(this.now().getTime() + this.options.pollSeconds * 1000);
    await this.repo.transaction((trx) =>
      addJob(trx, 'orders.waitlist-check', { orderId }, { runAt, jobKey: `waitlist-check:${orderId}` }),
    );
  }
}
