import { z } from 'zod';
import type { JobRegistry } from '../../jobs/jobs';
import type { ChangeService } from './change/change.service';
import type { OrdersService } from './orders.service';
import type { WaitlistService } from './waitlist.service';

/** An unpaid order past its deadline expires and releases its seats; any process may run it, once. */
export function registerOrderJobs(
  jobs: JobRegistry,
  orders: OrdersService,
  waitlist?: WaitlistService,
  changes?: ChangeService,
): void {
  jobs.task('orders.expire', z.object({ orderId: z.uuid() }), async (p) => {
    // Early by our clock: fail, so the runner tries again later with its back-off.
    if ((await orders.expire(p.orderId)) === 'notDue') throw new Error(`order ${p.orderId} is not due yet`);
  });
  if (changes) {
    // A change's difference not paid by its deadline: the order goes back to its ticket as it was.
    jobs.task('orders.change-lapse', z.object({ changeId: z.uuid() }), async (p) => {
      if ((await changes.lapse(p.changeId)) === 'notDue') throw new Error(`change ${p.changeId} is not due yet`);
    });
  }
  if (!waitlist) return;
  // A waiting-list order looks for seats that came back, again and again until it is filled or released.
  jobs.task('orders.waitlist-check', z.object({ orderId: z.uuid() }), async (p) => {
    if ((await waitlist.check(p.orderId)) === 'waiting') await waitlist.lookAgain(p.orderId);
  });
  jobs.task('orders.waitlist-cutoff', z.object({ orderId: z.uuid() }), async (p) => {
    if ((await waitlist.cutoff(p.orderId)) === 'notDue') throw new Error(`waiting list ${p.orderId} is not due yet`);
  });
  jobs.task('orders.waitlist-release', z.object({ orderId: z.uuid() }), (p) => waitlist.finishRelease(p.orderId));
}
