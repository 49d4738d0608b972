/**
 * Named points of the pay flow where a test may have the process killed (SIGKILL), to show that
 * restart and reconciliation settle every order once. Never honoured in production.
 */
export const PAYMENT_CRASH_POINTS = [
  'attempt-recorded',
  'intent-created',
  'confirmed',
  'before-capture',
  'captured',
  'before-commit',
  'after-commit',
  'webhook-received',
  'webhook-before-commit',
  'failed-before-commit',
  /** A wallet top-up's trade found paid, its credit about to commit. */
  'topup-before-commit',
] as const;
