import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/database';
import { addJob } from '../../../jobs/jobs';

declare module '../../../jobs/jobs' {
  interface JobPayloads {
    /** An operator's flight or train status: the service runs so many minutes late on its local day. */
    'fulfilment.operator-delay': { service: string; date: string; minutes: number };
  }
}

/** How often the simulated operators run late, and by how much at most. */
export type DelayOptions = { rate: number; maxMinutes: number };

/**
 * Whether the simulated operator of a service runs it late on a day, and by how many minutes: drawn once
 * per service and day from their names, so every ticket of it agrees (null: on time).
 */
export function drawnDelay(service: string, date: string, o: DelayOptions): number | null {
  if (o.rate <= 0 || o.maxMinutes < 15) return null;
  const h = createHash('sha256').update(`delay|${service}|${date}`).digest();
  if (h.readUInt32BE(0) / 0xffffffff >= o.rate) return null;
  return 15 + (h.readUInt16BE(4) % (o.maxMinutes - 14));
}

/**
 * The simulated operator announces a delay: kept in its own table (`sim_delays`), and its flight-status
 * message delivered to us as a job at `runAt` (two hours before departure when drawn at issuing, at once
 * when set through the control), as a real operator's status feed would reach our handler.
 */
export async function announceDelay(
  db: Db,
  d: { service: string; date: string; minutes: number },
  runAt?: Date,
): Promise<void> {
  await db
    .insertInto('simDelays')
    .values({ ...d, announcedAt: new Date() })
    .onConflict((oc) => oc.columns(['service', 'date']).doUpdateSet({ minutes: d.minutes, announcedAt: new Date() }))
    .execute();
  await addJob(db, 'fulfilment.operator-delay', d, {
    jobKey: `operator-delay:${d.service}:${d.date}:${d.minutes}`,
    ...(runAt ? { runAt } : {}),
  });
}

const delaySchema = z.object({
  service: z.string().regex(/^[A-Z0-9]{2,8}$/),
  date: z.iso.date(),
  minutes: z.number().int().min(1).max(1440),
});

/**
 * The simulated operators' control for development and browser tests (`POST /ticketing-sim/delays`): a
 * service on a day runs so many minutes late, told at once. Never mounted on a production server.
 */
export const delayRoutes = (db: Db): FastifyPluginAsync =>
  async function delaySim(app) {
    app.post('/ticketing-sim/delays', async (req, reply) => {
      const parsed = delaySchema.safeParse(req.body);
      if (!parsed.success) return reply.code(400).send({ errorCode: 1000, errorContent: 'Invalid delay.' });
      await announceDelay(db, parsed.data);
      return parsed.data;
    });
  };
