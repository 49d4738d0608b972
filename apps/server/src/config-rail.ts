import { z } from 'zod';

/** China Railway: the 12306 identity check, the simulated railway and the waiting list. */
export const railSettings = {
  RAIL_IDENTITY_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(3000)
    .describe("How long after a traveller is saved China Railway's identity check runs"),
  RAIL_IDENTITY_LATENCY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(800)
    .describe('Response time of the simulated China Railway identity check'),
  RAIL_IDENTITY_FAILURE_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0.02)
    .describe('Share of simulated China Railway identity checks that fail like an outage (the job retries them)'),
  RAIL_SIM_LATENCY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(600)
    .describe('Typical response time of the simulated national rail service (12306)'),
  RAIL_SIM_CODE_FAILURE_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0.03)
    .describe('Share of rail login codes the simulated rail service fails to send (result 6)'),
  RAIL_SIM_SESSION_MINUTES: z.coerce
    .number()
    .positive()
    .default(30)
    .describe('A rail session ends after this long without a call'),
  RAIL_CALL_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000).describe('Time limit of one rail call'),
  RAIL_WAITLIST_CUTOFF_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(120)
    .describe("A train's waiting list (候补) closes this long before departure; unfilled orders are then released"),
  RAIL_WAITLIST_POLL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(60)
    .describe('How often a waiting-list order looks for seats that came back'),
  RAIL_SIM_SEAT_RETURN_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0.1)
    .describe('Chance that one look at a sold-out train class finds seats come back (simulated China Railway)'),
  RAIL_SIM_SEAT_RETURN_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(50)
    .default(3)
    .describe('At most this many seats come back at once (simulated China Railway)'),
  RAIL_SIM_SOLD_OUT: z
    .string()
    .regex(/^\s*$|^\s*[A-Z]?\d{1,4}(@\d{4}-\d{2}-\d{2})?(\s*,\s*[A-Z]?\d{1,4}(@\d{4}-\d{2}-\d{2})?)*\s*$/)
    .default('')
    .describe(
      'Trains the simulated China Railway has sold out in every class, comma-separated: G113 every day, G113@2026-12-05 on one day',
    ),
};
