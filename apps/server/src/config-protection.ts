import { z } from 'zod';

/** Protected connections: how often the simulated airlines and railway run late or cancel, by how much, and from which seed. */
export const protectionSettings = {
  TICKETING_SIM_DELAY_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0.03)
    .describe('Share of simulated flights whose airline announces a delay two hours before departure'),
  TICKETING_SIM_SCHEDULE_CHANGE_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0.1)
    .describe(
      'Share of simulated flights whose airline moves them 25 to 95 minutes later when their tickets are issued',
    ),
  TICKETING_SIM_TRAIN_DELAY_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0.02)
    .describe('Share of trains the simulated railway runs late, announced two hours before departure'),
  TICKETING_SIM_CANCEL_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0)
    .describe(
      'Share of simulated flights and trains their airline or railway cancels, announced two hours before departure (0.005: one in two hundred)',
    ),
  TICKETING_SIM_DELAY_SEED: z
    .string()
    .max(64)
    .default('')
    .describe('Seed of which simulated flights and trains run late and by how much (the same seed, the same delays)'),
  TICKETING_SIM_DELAY_MAX_MINUTES: z.coerce
    .number()
    .int()
    .min(15)
    .max(1440)
    .default(240)
    .describe('The longest delay the simulated operators announce, in minutes (the shortest is 15)'),
};
