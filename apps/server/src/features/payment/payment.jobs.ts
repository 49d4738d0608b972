import { z } from 'zod';
import type { JobRegistry } from '../../jobs/jobs';
import type { PaymentsService } from './payment.service';

/**
 * Settling: each attempt has a job that settles it if it is still open a while after it began (the
 * request died, or the answer was lost); a sweep every minute settles any attempt or refund left open.
 */
export function registerPaymentJobs(jobs: JobRegistry, payments: PaymentsService): void {
  jobs.task('payments.settle', z.object({ attemptId: z.uuid() }), async (p) => {
    if ((await payments.settle(p.attemptId)) === 'open')
      throw new Error(`payment attempt ${p.attemptId} is still open`);
  });
  jobs.task('payments.refund', z.object({ refundId: z.uuid() }), (p) => payments.refundJob(p.refundId));
  jobs.task('payments.reconcile', z.object({}), async () => {
    await payments.reconcile();
  });
  jobs.schedule('payments.reconcile', '* * * * *');
}
