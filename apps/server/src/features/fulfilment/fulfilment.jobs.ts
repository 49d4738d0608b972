import { z } from 'zod';
import type { JobRegistry } from '../../jobs/jobs';
import type { FulfilmentService } from './fulfilment.service';
import type { ProtectionService } from './protection/protection.service';

/** Ticketing, refunds, reminders and completion run as jobs: any process may run them, each once. */
export function registerFulfilmentJobs(
  jobs: JobRegistry,
  fulfilment: FulfilmentService,
  protection: ProtectionService,
): void {
  jobs.task('fulfilment.ticket-order', z.object({ orderId: z.uuid() }), async (p) => {
    await fulfilment.startTicketing(p.orderId);
  });
  jobs.task('fulfilment.issue', z.object({ orderId: z.uuid(), subOrderId: z.uuid() }), async (p, ctx) => {
    await fulfilment.issue(p.orderId, p.subOrderId, ctx);
  });
  jobs.task('fulfilment.refund', z.object({ refundId: z.uuid() }), async (p) => {
    await fulfilment.refunds.payOut(p.refundId);
  });
  jobs.task('fulfilment.change-refund', z.object({ changeId: z.uuid() }), async (p) => {
    await fulfilment.refundChange(p.changeId);
  });
  jobs.task('fulfilment.remind', z.object({ orderId: z.uuid(), legIndex: z.number().int().min(0) }), async (p) => {
    await fulfilment.remind(p.orderId, p.legIndex);
  });
  jobs.task('fulfilment.complete', z.object({ orderId: z.uuid() }), async (p) => {
    // Early by our clock: fail, so the runner tries again later with its back-off.
    if ((await fulfilment.complete(p.orderId)) === 'notDue') throw new Error(`order ${p.orderId} has not arrived yet`);
  });
  jobs.task(
    'fulfilment.staff-alert',
    z.object({ orderId: z.uuid(), subOrderId: z.uuid(), error: z.string() }),
    async (p) => {
      await fulfilment.alertStaff(p.orderId, p.subOrderId, p.error);
    },
  );
  // An operator's delay, as its status feed tells it: the orders riding the service, and their connections.
  jobs.task(
    'fulfilment.operator-delay',
    z.object({ service: z.string().max(10), date: z.iso.date(), minutes: z.number().int() }),
    async (p) => {
      await protection.delayed(p);
    },
  );
  // An operator's cancellation: the orders riding the service, their tickets refunded or protected.
  jobs.task('fulfilment.operator-cancel', z.object({ service: z.string().max(10), date: z.iso.date() }), async (p) => {
    await protection.cancelled(p);
  });
  jobs.task('fulfilment.reconcile', z.object({}).loose(), async () => {
    await fulfilment.reconcile();
  });
  jobs.schedule('fulfilment.reconcile', '* * * * *');
}
