import {
  type OrderWaitlist,
  type WaitlistReleaseReason,
  type WaitlistStatus,
  waitlistStatusCodec,
} from '@junction/domain';
import type { OrdersRepository, Trx, WaitlistRow } from './orders.repository';
import type { OrderNotifier, SeatReturns, WaitlistPayments } from './ports';
import { claimFill, lookAgain, lookForSeats } from './waitlist/look-for-seats';
import { markFilled, markHeld, markReleased } from './waitlist/payment-steps';
import { cutoff, leave } from './waitlist/release';
import type { WaitlistContext, WaitlistOptions } from './waitlist/waitlist.context';
import type { WaitlistRepository } from './waitlist.repository';

export type { WaitlistOptions } from './waitlist/waitlist.context';

/** While these, the price is held on the card. */
const HOLDING: readonly WaitlistStatus[] = ['waiting', 'filling', 'releasing'];

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

/**
 * The waiting list (候补) of a sold-out train class: an order joins it unpaid, its price is
 * authorised and held on the card (order 0 → 8, payment 1 → 5), and a job looks for seats that came
 * back until the cut-off. Seats found are held and the entry claimed (`waiting → filling`) by
 * compare-and-set before the card is captured; the cut-off or the traveller claims it (`waiting →
 * releasing`) before the hold is voided, so exactly one of them happens. The order then moves in the
 * payment's transaction: paid and ticketed as any paid order, or released with its hold voided in full.
 * Each step is a file of `waitlist/`.
 */
export class WaitlistService {
  private readonly ctx: WaitlistContext;

  constructor(
    orders: OrdersRepository,
    private readonly repo: WaitlistRepository,
    seats: SeatReturns,
    railCapacity: (train: string, date: string, seatClass: string) => number,
    notify: OrderNotifier,
    private readonly options: WaitlistOptions,
    now: () => Date,
    /** The held card payment: captured once seats are found, voided when released. */
    payments: WaitlistPayments,
  ) {
    this.ctx = { orders, repo, seats, railCapacity, notify, options, now, pay: () => payments };
  }

  /** When the waiting list of a ride departing at `departureTime` closes. */
  cutoffFor(departureTime: string): { at: Date; local: string } {
    return shiftLocal(departureTime, -this.options.cutoffMinutes);
  }

  present(w: WaitlistRow | undefined): OrderWaitlist | null {
    if (!w) return null;
    const status = waitlistStatusCodec.decode(w.status);
    return {
      status,
      cutoffAt: w.cutoffLocal,
      held: HOLDING.includes(status) && w.heldMinor !== null ? { amount: w.heldMinor, currency: 'CNY' } : null,
      train: w.train,
      seatClass: w.seatClass,
      reason: (w.reason as WaitlistReleaseReason | null) ?? null,
    };
  }

  /** An order not paid yet was cancelled or expired: its entry closes with it (same transaction). */
  async closeUnpaid(trx: Trx, orderId: string, at: Date): Promise<void> {
    await this.repo.move(trx, { orderId, from: ['awaiting_hold'], to: 'closed', at });
  }

  /** Whether an order awaiting payment is on a waiting list (its card payment is held, not taken). */
  async isWaiting(orderId: string): Promise<boolean> {
    return (await this.repo.find(orderId))?.status === 'awaiting_hold';
  }

  markHeld(trx: Trx, p: { orderId: string; amountMinor: number; attemptId: string; at: Date }): Promise<boolean> {
    return markHeld(this.ctx, trx, p);
  }

  markFilled(trx: Trx, p: { orderId: string; amountMinor: number; attemptId: string; at: Date }): Promise<boolean> {
    return markFilled(this.ctx, trx, p);
  }

  markReleased(trx: Trx, p: { orderId: string; refunded: boolean; at: Date }): Promise<boolean> {
    return markReleased(this.ctx, trx, p);
  }

  check(orderId: string): Promise<'filled' | 'waiting' | 'released' | 'done'> {
    return lookForSeats(this.ctx, orderId);
  }

  claimFill(w: WaitlistRow, capacity: number, at: Date): Promise<WaitlistRow | undefined> {
    return claimFill(this.ctx, w, capacity, at);
  }

  cutoff(orderId: string): Promise<'released' | 'notDue' | 'settled'> {
    return cutoff(this.ctx, orderId);
  }

  /** The traveller leaves the waiting list: released at once, the hold voided. False when not waiting. */
  cancel(userId: string, orderId: string): Promise<boolean> {
    return leave(this.ctx, userId, orderId);
  }

  /** The release job: finishes voiding a hold claimed for release. */
  async finishRelease(orderId: string): Promise<void> {
    if ((await this.repo.find(orderId))?.status === 'releasing') await this.ctx.pay().release(orderId);
  }

  lookAgain(orderId: string): Promise<void> {
    return lookAgain(this.ctx, orderId);
  }
}
