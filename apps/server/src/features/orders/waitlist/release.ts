import { WAITLIST_MOVES, type WaitlistReleaseReason } from '@junction/domain';
import { addJob } from '../../../jobs/jobs';
import { orderLifecycle } from '../../../lib/lifecycle/order-lifecycle';
import type { WaitlistContext } from './waitlist.context';

/** The order's status while its entry is being released: the order moves when the hold is voided. */
const WAITING = WAITLIST_MOVES.release.from;

/**
 * Claims an entry for release (`waiting → releasing`) by compare-and-set with an event row: at the
 * cut-off (`dueBy`) or for its traveller (`userId`). Answers whether this call claimed it.
 */
export function claimRelease(
  ctx: WaitlistContext,
  orderId: string,
  reason: WaitlistReleaseReason,
  scope: { userId?: string; dueBy?: Date },
): Promise<boolean> {
  const at = ctx.now();
  return ctx.repo.transaction(async (trx) => {
    const moved = await ctx.repo.move(trx, { orderId, from: ['waiting'], to: 'releasing', at, reason, ...scope });
    if (!moved) return false;
    await orderLifecycle.orderEvent(trx, {
      orderId,
      kind: 'waitlist_releasing',
      from: WAITING,
      to: WAITING,
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
export async function cutoff(ctx: WaitlistContext, orderId: string): Promise<'released' | 'notDue' | 'settled'> {
  const claimed = await claimRelease(ctx, orderId, 'cutoff', { dueBy: ctx.now() });
  const w = await ctx.repo.find(orderId);
  if (claimed || w?.status === 'releasing') {
    await ctx.pay().release(orderId);
    return 'released';
  }
  return w?.status === 'waiting' ? 'notDue' : 'settled';
}

/** The traveller leaves the waiting list: released at once, the hold voided. False when not waiting. */
export async function leave(ctx: WaitlistContext, userId: string, orderId: string): Promise<boolean> {
  if (!(await claimRelease(ctx, orderId, 'traveller', { userId }))) return false;
  try {
    await ctx.pay().release(orderId);
  } catch {
    // The processor did not answer: the release job voids the hold shortly; the order shows it releasing.
  }
  return true;
}
