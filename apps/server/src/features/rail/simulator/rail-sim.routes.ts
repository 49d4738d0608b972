import { STUDENT_CHECKS } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { simControl } from '../../../lib/sim-control';
import type { RailAgentDesk } from '../agent-desk';
import type { RailServiceSimulator } from './rail-service-sim';
import type { SimulatedSeatReturns } from './seat-returns';

const passenger = z.object({
  name: z.string().min(1).max(60),
  englishName: z.string().max(80).nullish(),
  documentType: z.string().min(1).max(2),
  documentNumber: z.string().min(1).max(40),
  documentExpiry: z.iso.date().nullish(),
  birthDate: z.iso.date().nullish(),
  gender: z.enum(['MALE', 'FEMALE']).nullish(),
  nationality: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullish(),
  phone: z
    .string()
    .regex(/^\+\d{6,15}$/)
    .nullish(),
  email: z.email().nullish(),
  type: z.enum(['ADULT', 'CHILD', 'STUDENT', 'DISABLED_MILITARY']).optional(),
  student: z
    .object({
      school: z.string().min(2).max(60),
      homeCity: z.string().regex(/^[A-Z]{3}$/),
      schoolCity: z.string().regex(/^[A-Z]{3}$/),
      enrolledYear: z.number().int().min(2000).max(2100),
      check: z.enum(STUDENT_CHECKS),
    })
    .nullish(),
});
const account = z.object({
  username: z.string().min(1).max(40),
  password: z.string().min(6).max(64),
  holderName: z.string().min(2).max(30),
  idNumber: z.string().length(18),
  phone: z.string().regex(/^\+\d{6,15}$/),
  email: z.email().nullish(),
  passengers: z.array(passenger).max(15).optional(),
});

/**
 * The simulated national rail service's own website, as far as development and browser tests need it:
 * registration (`POST /rail-sim/accounts`), and signing in there (`POST /rail-sim/sign-in`), which ends
 * the sessions the service gave before, ours included. Not part of our API.
 */
export const railSimRoutes = (sim: RailServiceSimulator): FastifyPluginAsync =>
  async function railSim(app) {
    simControl(app, '/rail-sim/accounts', account, 'Invalid account.', async (input, _req, reply) => {
      try {
        return await sim.createAccount(input);
      } catch (e) {
        const message = e instanceof Error ? e.message : 'Invalid account.';
        const taken = (e as { code?: string }).code === '23505';
        return reply.code(400).send({ errorCode: 1000, errorContent: taken ? 'Username taken.' : message });
      }
    });

    const signIn = z.object({ username: z.string().min(1).max(40), password: z.string().min(1).max(64) });
    app.post('/rail-sim/sign-in', async (req, reply) => {
      const parsed = signIn.safeParse(req.body);
      if (!parsed.success || !(await sim.signInElsewhere(parsed.data.username, parsed.data.password)))
        return reply.code(400).send({ errorCode: 1000, errorContent: 'Wrong username or password.' });
      return { ok: true };
    });
  };

const seatReturn = z.object({
  train: z.string().regex(/^[A-Z]\d{1,4}$|^\d{1,4}$/),
  date: z.iso.date(),
  seatClass: z.string().regex(/^[A-Z0-9]{1,2}$/),
  seats: z.number().int().min(1).max(50),
});

const deskHold = z.object({ orderId: z.uuid() });

/**
 * The simulated railway's control for development and browser tests (`POST /rail-sim/seats/return`):
 * seats of a class on a train and day come back to sale now, as a refund elsewhere would return them;
 * and (`POST /rail-sim/desk/hold`) an order's requests wait at the agents' desk for an agent at the
 * console, the desk's own agent taking them only hours later. Never mounted on a production server. Not
 * part of our API.
 */
export const seatReturnRoutes = (
  returns: SimulatedSeatReturns,
  desk: Pick<RailAgentDesk, 'hold'>,
): FastifyPluginAsync =>
  async function railSimSeats(app) {
    simControl(app, '/rail-sim/desk/hold', deskHold, 'Invalid order.', async ({ orderId }) => {
      await desk.hold(orderId);
      return { ok: true };
    });
    simControl(
      app,
      '/rail-sim/seats/return',
      seatReturn,
      'Invalid seat return.',
      async ({ train, date, seatClass, seats }) => ({
        returned: await returns.give(train, date, seatClass, seats),
      }),
    );
  };
