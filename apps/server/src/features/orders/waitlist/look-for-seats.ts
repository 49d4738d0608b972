import { WAITLIST_MOVES } from '@junction/domain';
import { addJob } from '../../../jobs/jobs';
import { orderLifecycle } from '../../../lib/lifecycle/order-lifecycle';
import type { WaitlistRow } from '../orders.repository';
import type { WaitlistContext } from './waitlist.context';

class NoSeats extends Error {}

/** The order's status while it waits: the seats looked for, found or lost move only its entry. */
const WAITING = WAITLIST_MOVES.fill.from;

/** Holds the seats and claims the entry for filling (`waiting → filling`), or neither. */
export async function claimFill(
  ctx: WaitlistContext,
  w: WaitlistRow,
  capacity: number,
  at: Date,
): Promise<WaitlistRow | undefined> {
  try {
    return await ctx.repo.transaction(async (trx) => {
      const moved = await ctx.repo.move(trx, { orderId: w.orderId, from: ['waiting'], to: 'filling', at, before: at });
      if (!moved) return undefined;
      const held = await ctx.orders.holdSeats(trx, w.orderId, { key: w.stockKey, capacity, seats: w.seats });
      if (!held) throw new NoSeats();
      await orderLifecycle.orderEvent(trx, {
        orderId: w.orderId,
        kind: 'waitlist_filling',
        from: WAITING,
        to: WAITING,
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
export async function capture(ctx: WaitlistContext, w: WaitlistRow): Promise<'filled' | 'released'> {
  if ((await ctx.pay().capture(w.orderId)) === 'captured') return 'filled';
  const at = ctx.now();
  await ctx.repo.transaction(async (trx) => {
    const moved = await ctx.repo.move(trx, {
      orderId: w.orderId,
      from: ['filling'],
      to: 'releasing',
      at,
      reason: 'hold_lost',
    });
    if (moved)
      await orderLifecycle.orderEvent(trx, {
        orderId: w.orderId,
        kind: 'waitlist_hold_lost',
        from: WAITING,
        to: WAITING,
        at,
      });
  });
  await ctx.pay().release(w.orderId);
  return 'released';
}

/**
 * The look for seats (the `orders.waitlist-check` job): asks China Railway how many came back, and
 * when enough are free, holds them for the order and claims it (`waiting → filling`) in one
 * transaction, then captures the card. `waiting` to look again later.
 */
export async function lookForSeats(
  ctx: WaitlistContext,
  orderId: string,
): Promise<'filled' | 'waiting' | 'released' | 'done'> {
  const w = await ctx.repo.find(orderId);
  if (!w) return 'done';
  if (w.status === 'filling') return capture(ctx, w);
  if (w.status === 'releasing') {
    await ctx.pay().release(orderId);
    return 'released';
  }
  if (w.status !== 'waiting') return 'done';
  const at = ctx.now();
  if (w.cutoffAt.getTime() <= at.getTime()) return 'done'; // the cut-off job releases it
  const returned = await ctx.seats.returned(w.train, w.travelDate, w.seatClass);
  const capacity = ctx.railCapacity(w.train, w.travelDate, w.seatClass) + returned;
  if (returned > 0) await ctx.repo.raiseCapacity(w.stockKey, capacity);
  const claimed = await claimFill(ctx, w, capacity, at);
  return claimed ? capture(ctx, claimed) : 'waiting';
}

/** Queues the next look for seats of a waiting order. */
export async function lookAgain(ctx: WaitlistContext, orderId: string): Promise<void> {
  const runAt = new Date(ctx.now().getTime() + ctx.options.pollSeconds * 1000);
  await ctx.repo.transaction((trx) =>
    addJob(trx, 'orders.waitlist-check', { orderId }, { runAt, jobKey: `waitlist-check:${orderId}` }),
  );
}
