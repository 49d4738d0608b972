import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/database';
import { addJob } from '../../../jobs/jobs';
import { userOf } from '../../../plugins/auth';

const settlement = z.object({ orderId: z.uuid() });

const announcement = z.object({
  service: z.string().regex(/^[A-Z0-9]{2,8}$/),
  date: z.iso.date(),
  minutes: z.number().int().min(0).max(600),
});

/**
 * The simulated airline's control for development and browser tests (`POST /ticketing-sim/schedule-changes`):
 * the operator of a service re-times it on a day, so many minutes later, when its tickets are issued (0:
 * it keeps its time). Never mounted on a production server. Not part of our API.
 */
export const scheduleChangeRoutes = (db: Db): FastifyPluginAsync =>
  async function ticketingSim(app) {
    app.post('/ticketing-sim/schedule-changes', async (req, reply) => {
      const parsed = announcement.safeParse(req.body);
      if (!parsed.success) return reply.code(400).send({ errorCode: 1000, errorContent: 'Invalid schedule change.' });
      await db
        .insertInto('simScheduleChanges')
        .values(parsed.data)
        .onConflict((oc) => oc.columns(['service', 'date']).doUpdateSet({ minutes: parsed.data.minutes }))
        .execute();
      return parsed.data;
    });
    // The seller processes the signed-in traveller's refunds of an order now rather than after its usual processing time: a refund still
    // in processing is paid back by its job at once. Answers how many refunds were moved on.
    app.post('/ticketing-sim/refunds/settle', async (req, reply) => {
      const parsed = settlement.safeParse(req.body);
      if (!parsed.success) return reply.code(400).send({ errorCode: 1000, errorContent: 'Invalid order.' });
      const processing = await db
        .selectFrom('refunds')
        .select('id')
        .where('orderId', '=', parsed.data.orderId)
        // Only the signed-in traveller's own refunds: another's order settles nothing.
        .where('userId', '=', userOf(req.auth))
        .where('status', '=', 'processing')
        .execute();
      for (const { id } of processing)
        await addJob(db, 'fulfilment.refund', { refundId: id }, { jobKey: `refund:${id}`, runAt: new Date() });
      return { settled: processing.length };
    });
  };
