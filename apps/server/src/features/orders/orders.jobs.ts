import { z } from 'zod';
import type { JobRegistry } from '../../jobs/jobs';
import type { OrdersService } from './orders.service';

/** An unpaid order past its deadline expires and releases its seats; any process may run it, once. */
export function registerOrderJobs(jobs: JobRegistry, orders: OrdersService): void {
  jobs.task('orders.expire', z.object({ orderId: z.uuid() }), async (p) => {
    // Early by our clock: fail, so the runner tries again later with its back-off.
    if ((await orders.expire(p.orderId)) === 'notDue') throw new Error(`order ${p.orderId} is not due yet`);
  });
}
