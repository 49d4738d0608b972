import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/database';
import { addJob } from '../../../jobs/jobs';
import { simControl } from '../../../lib/sim-control';

declare module '../../../jobs/jobs' {
  interface JobPayloads {
    /** An operator's flight or train status: the service runs so many minutes late on its local day. */
    'fulfilment.operator-delay': { service: string; date: string; minutes: number };
    /** An operator's cancellation: the service does not run on its local day. */
    'fulfilment.operator-cancel': { service: string; date: string };
  }
}

/**
 * How often the simulated operators run late, and by how much at most; `seed` makes another draw of the
 * same services and days (a test fixes it to know which run late).
 */
export type DelayOptions = { rate: number; maxMinutes: number; seed?: string; cancelRate?: number };

/** Whether the simulated operator cancels a service on a day: drawn once per seed, service and day, as delays are. */
export function drawnCancellation(
  service: string,
  date: string,
  o: Pick<DelayOptions, 'cancelRate' | 'seed'>,
): boolean {
  if (!o.cancelRate || o.cancelRate <= 0) return false;
  const h = createHash('sha256')
    .update(`cancel|${o.seed ? `${o.seed}|` : ''}${service}|${date}`)
    .digest();
  return h.readUInt32BE(0) / 0x1_0000_0000 < o.cancelRate;
}

/**
 * Whether the simulated operator of a service runs it late on a day, and by how many minutes: drawn once
 * per seed, service and day from their names, so every ticket of it agrees (null: on time). Most delays
 * are short, as operators' statistics show: from 15 minutes, falling off exponentially with a fifth of
 * the range as its mean excess, cut at the longest.
 */
export function drawnDelay(service: string, date: string, o: DelayOptions): number | null {
  if (o.rate <= 0 || o.maxMinutes < 15) return null;
  const h = createHash('sha256')
    .update(`delay|${o.seed ? `${o.seed}|` : ''}${service}|${date}`)
    .digest();
  if (h.readUInt32BE(0) / 0x1_0000_0000 >= o.rate) return null;
  const u = h.readUInt32BE(4) / 0x1_0000_0000;
  const excess = Math.floor((-(o.maxMinutes - 15) / 5) * Math.log(1 - u));
  return Math.min(o.maxMinutes, 15 + excess);
}

/** A ride just ticketed, as its delay is drawn: its service number and local departure (`yyyy-mm-ddTHH:mm…`). */
export type DrawnService = { number: string; departureTime: string };

/** What an operator tells of a service on its day: it runs so many minutes late, or it is cancelled. */
export type OperatorNews = { service: string; date: string } & ({ minutes: number } | { cancelled: true });

/** Announces a service's delay or cancellation on its day, its message delivered at `runAt`. */
export type AnnounceDelay = (d: OperatorNews, runAt: Date) => Promise<void>;

/**
 * The delays and cancellations the simulated operators will run services just ticketed with, each
 * announced two hours before its departure (at once when that is past); a cancelled service runs no delay.
 */
export async function drawDelays(
  legs: readonly DrawnService[],
  options: DelayOptions,
  announce: AnnounceDelay,
  now = new Date(),
): Promise<void> {
  for (const leg of legs) {
    const date = leg.departureTime.slice(0, 10);
    const runAt = new Date(Math.max(now.getTime(), Date.parse(leg.departureTime) - 2 * 3600_000));
    if (drawnCancellation(leg.number, date, options)) {
      await announce({ service: leg.number, date, cancelled: true }, runAt);
      continue;
    }
    const minutes = drawnDelay(leg.number, date, options);
    if (minutes === null) continue;
    await announce({ service: leg.number, date, minutes }, runAt);
  }
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

/**
 * The simulated operator cancels a service on its day: its status message delivered to us as a job at
 * `runAt` (at once when not given), as a delay's is.
 */
export async function announceCancellation(db: Db, d: { service: string; date: string }, runAt?: Date): Promise<void> {
  await addJob(db, 'fulfilment.operator-cancel', d, {
    jobKey: `operator-cancel:${d.service}:${d.date}`,
    ...(runAt ? { runAt } : {}),
  });
}

/** Tells what a simulated operator drew for a service: its delay or its cancellation. */
export const announceNews = (db: Db, d: OperatorNews, runAt?: Date): Promise<void> =>
  'cancelled' in d
    ? announceCancellation(db, { service: d.service, date: d.date }, runAt)
    : announceDelay(db, { service: d.service, date: d.date, minutes: d.minutes }, runAt);

/** A service of a simulated operator on a day, as its controls name it: the flight or train number and the date. */
export const serviceDaySchema = z.object({ service: z.string().regex(/^[A-Z0-9]{2,8}$/), date: z.iso.date() });

const delaySchema = serviceDaySchema.extend({ minutes: z.number().int().min(1).max(1440) });

/**
 * The simulated operators' control for development and browser tests (`POST /ticketing-sim/delays`): a
 * service on a day runs so many minutes late, told at once; or (`POST /ticketing-sim/cancellations`) it
 * is cancelled, told at once. Never mounted on a production server.
 */
export const delayRoutes = (db: Db): FastifyPluginAsync =>
  async function delaySim(app) {
    simControl(app, '/ticketing-sim/delays', delaySchema, 'Invalid delay.', async (delay) => {
      await announceDelay(db, delay);
      return delay;
    });
    simControl(app, '/ticketing-sim/cancellations', serviceDaySchema, 'Invalid cancellation.', async (c) => {
      await announceCancellation(db, c);
      return c;
    });
  };
