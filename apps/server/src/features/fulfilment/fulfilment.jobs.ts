import { z } from 'zod';
import type { JobRegistry } from '../../jobs/jobs';
import type { FulfilmentService } from './fulfilment.service';

/** Ticketing runs as jobs: any process may run them, each once, retried with back-off. */
export function registerFulfilmentJobs(jobs: JobRegistry, fulfilment: FulfilmentService): void {
  jobs.task('fulfilment.ticket-order', z.object({ orderId: z.uuid() }), async (p) => {
    await fulfilment.startTicketing(p.orderId);
  });
}
