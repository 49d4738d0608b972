import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * The card processors the server can talk to, by the name `PAYMENT_PROCESSOR` takes. A real processor's
 * adapter is added here and in `wiring/payment-processor.ts`; `simulator` is the embedded one, for development,
 * tests and demonstrations only.
 */
export const PAYMENT_PROCESSORS = ['simulator', 'stripe'] as const;
export type PaymentProcessorName = (typeof PAYMENT_PROCESSORS)[number];

/** Which outside systems the server uses, and whether it is a public demonstration. */
export const outsideSettings = {
  DEMO_MODE: flag
    .default(false)
    .describe(
      'A public demonstration: the simulated card processor and railway run (also in production), no real provider is called, and every page says that no ticket or money is real',
    ),
  PAYMENT_PROCESSOR: z
    .enum(PAYMENT_PROCESSORS)
    .optional()
    .describe(
      'The card processor: stripe (with the STRIPE_* keys), or simulator (the default outside production; refused in production unless DEMO_MODE=true)',
    ),
};

type OutsideConfig = {
  NODE_ENV: string;
  DEMO_MODE: boolean;
  PAYMENT_PROCESSOR?: PaymentProcessorName | undefined;
  /** A real flight seller (Duffel) is configured… */
  DUFFEL_ACCESS_TOKEN?: string | undefined;
  /** …and the simulated consolidators are left out of searches. */
  SEARCH_SIMULATED_FLIGHT_SELLERS?: boolean | undefined;
};

/** Why the flights would be simulated under this configuration, or undefined when only a real seller sells them. */
const simulatedFlights = (config: OutsideConfig): string | undefined => {
  if (!config.DUFFEL_ACCESS_TOKEN) return 'the flight sellers (DUFFEL_ACCESS_TOKEN is not set)';
  if (config.SEARCH_SIMULATED_FLIGHT_SELLERS !== false)
    return 'three of the flight sellers beside Duffel (SEARCH_SIMULATED_FLIGHT_SELLERS is not false)';
  return undefined;
};

/** The processor a configuration uses: as set, else the simulator (production sets one, or is a demonstration). */
export const processorOf = (config: OutsideConfig): PaymentProcessorName => config.PAYMENT_PROCESSOR ?? 'simulator';

/**
 * Production never runs a simulator without saying so: it starts with real outside systems, or as a
 * declared demonstration (`DEMO_MODE=true`), which in turn calls no real provider. Throws, naming each system
 * that would be simulated and what to set, otherwise. China Railway and the national e-invoice service have no
 * real adapter yet, so a production start is a demonstration until theirs come.
 */
export function assertOutsideSystems(config: OutsideConfig): void {
  const processor = config.PAYMENT_PROCESSOR;
  if (config.DEMO_MODE) {
    if (processor !== undefined && processor !== 'simulator')
      throw new Error(
        `A demonstration (DEMO_MODE=true) calls no real provider: PAYMENT_PROCESSOR=${processor} is refused. Use the simulator, or leave DEMO_MODE unset.`,
      );
    return;
  }
  if (config.NODE_ENV !== 'production') return;
  const simulated = [
    processor === undefined
      ? 'the card processor (PAYMENT_PROCESSOR is not set)'
      : processor === 'simulator'
        ? 'the card processor (PAYMENT_PROCESSOR=simulator)'
        : undefined,
    simulatedFlights(config),
    'China Railway: accounts, seats, tickets and identity checks (no real adapter yet)',
    'the national e-invoice service (no real adapter yet)',
  ].filter((s): s is string => s !== undefined);
  throw new Error(
    `Production runs no simulator, and these would be simulated: ${simulated.join('; ')}. Configure real ones, or set DEMO_MODE=true for a public demonstration (every page then says that no ticket or money is real).`,
  );
}
