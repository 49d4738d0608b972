/**
 * Groups of settings the tests ask for together, spread after `QUIET_SETTINGS`: each names what the test
 * needs of a simulator rather than the values it takes.
 */

/** Tickets are issued at once, and every issue succeeds. */
export const SURE_TICKETING = { TICKETING_DELAY_MS: '0', TICKETING_FAILURE_RATE: '0' } as const;

/** The 12306 simulator answers at once and every code it is asked to send arrives. */
export const QUICK_RAIL = { RAIL_SIM_LATENCY_MS: '0', RAIL_SIM_CODE_FAILURE_RATE: '0' } as const;

/** The card processor's simulator answers at once, never declines on its own and never loses an answer. */
export const SURE_GATEWAY = {
  GATEWAY_SIM_LATENCY_MS: '0',
  GATEWAY_SIM_FAILURE_RATE: '0',
  GATEWAY_SIM_ANSWER_LOSS_RATE: '0',
} as const;
