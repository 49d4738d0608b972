import { z } from 'zod';

/** The card processor: the simulator's latency and failures, the time limit and the webhook. */
export const gatewaySettings = {
  GATEWAY_SIM_LATENCY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(150)
    .describe('Typical response time of the embedded card processor simulator'),
  GATEWAY_SIM_FAILURE_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0)
    .describe('Share of calls to the card processor simulator lost before they arrive'),
  GATEWAY_SIM_ANSWER_LOSS_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0)
    .describe("Share of the card processor simulator's answers lost after the call took effect"),
  GATEWAY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(10_000)
    .describe('Time limit of one call to the card processor'),
  GATEWAY_WEBHOOK_SECRET: z
    .string()
    .min(16)
    .optional()
    .describe("Secret signing the card processor's webhooks; derived from SECRET_KEY when unset"),
  GATEWAY_WEBHOOK_URL: z
    .url()
    .optional()
    .describe("Where the simulator posts its webhooks; unset delivers them to this server's own route in-process"),
  GATEWAY_WEBHOOK_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30)
    .default(12)
    .describe('Tries of one webhook delivery, with back-off between them'),
};
