import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/database';
import { addJob } from '../../../jobs/jobs';
import { simControl } from '../../../lib/sim-control';
import { userOf } from '../../../plugins/auth';
import { serviceDaySchema } from './delay-sim';

const settlement = z.object({ orderId: z.uuid() });

const announcement = serviceDaySchema.extend({ minutes: z.number().int().min(0).max(600) });

/**
 * The simulated airline's control for development and browser tests (`POST /ticketing-sim/schedule-changes`):
 * the operator of a service re-times it on a day, so many minutes later, when its tickets are issued (0:
 * it keeps its time). Never mounted on a production server. Not part of our API.
 */
export const scheduleChangeRoutes = (db: Db): FastifyPluginAsync =>
  async function ticketingSim(app) {
    simControl(app, '/ticketing-sim/schedule-changes', announcement, 'Invalid schedule change.', async (change) => {
      await db
        .insertInto('simScheduleChanges')
        .values(change)
        .onConflict((oc) => oc.columns(['service', 'date']).doUpdateSet({ minutes: change.minutes }))
        .execute();
      return change;
    });
    // The seller processes the signed-in traveller's refunds of an order now rather than after its usual processing time: a refund still
    // in processing is paid back by its job at once. Answers how many refunds were moved on.
    simControl(app, '/ticketing-sim/refunds/settle', settlement, 'Invalid order.', async ({ orderId }, req) => {
      const processing = await db
        .selectFrom('refunds')
        .select('id')
        .where('orderId', '=', orderId)
        // Only the signed-in traveller's own refunds: another's order settles nothing.
        .where('userId', '=', userOf(req.auth))
        .where('status', '=', 'processing')
        .execute();
      for (const { id } of processing)
        await addJob(db, 'fulfilment.refund', { refundId: id }, { jobKey: `refund:${id}`, runAt: new Date() });
      return { settled: processing.length };
    });
  };
