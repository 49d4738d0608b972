import { canTransition, type TransitionTable } from '../orders/order-status';

/**
 * The states of a payment attempt. Under way: `created` (written before the processor is called),
 * `action` (waiting for the 3-D Secure page), `capturing` (authorised, being taken), `unknown` (the
 * processor's answer was lost: the reconciler asks it). Settled: `succeeded`, `failed`, `released`.
 * `held`: authorised and held for a waiting-list order, until captured (`succeeded`) or voided (`released`).
 */
export const ATTEMPT_STATES = [
  'created',
  'action',
  'capturing',
  'unknown',
  'held',
  'succeeded',
  'failed',
  'released',
] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

/** The states of an attempt still under way, which the reconciler settles by asking the processor. */
export const OPEN_ATTEMPT_STATES = ['created', 'action', 'capturing', 'unknown'] as const satisfies AttemptState[];
export type OpenAttemptState = (typeof OPEN_ATTEMPT_STATES)[number];
export const isOpenAttempt = (state: AttemptState): boolean => OPEN_ATTEMPT_STATES.some((s) => s === state);

/** A card attempt is written `created`; a wallet payment settles in the transaction that writes it. */
export const INITIAL_ATTEMPT_STATE: AttemptState = 'created';

/**
 * The steps of a payment attempt, each applied as a compare-and-set with an event row. A capture
 * interrupted (the process killed, the answer lost) is taken again from `capturing` under the same
 * idempotency key, so the processor captures once.
 */
export const ATTEMPT_TRANSITIONS: TransitionTable<AttemptState> = new Map<AttemptState, AttemptState[]>([
  ['created', ['action', 'capturing', 'unknown', 'held', 'succeeded', 'failed']],
  ['action', ['capturing', 'held', 'succeeded', 'failed']],
  ['capturing', ['capturing', 'unknown', 'held', 'succeeded', 'failed']],
  ['unknown', ['action', 'capturing', 'held', 'succeeded', 'failed']],
  // A waiting-list order's hold: captured once seats are found, voided (or refunded in full) otherwise.
  ['held', ['succeeded', 'released']],
  ['succeeded', []],
  ['failed', []],
  ['released', []],
]);

/**
 * The states of money going back to the traveller: `pending` until the processor (or Alipay, WeChat Pay)
 * confirms the refund; `failed` when it answers that it never will (the card closed or replaced, the account
 * gone): never sent again, customer service returns the money by hand. A refund to the wallet is written
 * `succeeded`, its ledger credited in the same transaction.
 */
export const PAYMENT_REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentRefundState = (typeof PAYMENT_REFUND_STATES)[number];
export const INITIAL_PAYMENT_REFUND_STATES: readonly PaymentRefundState[] = ['pending', 'succeeded'];

export const PAYMENT_REFUND_TRANSITIONS: TransitionTable<PaymentRefundState> = new Map<
  PaymentRefundState,
  PaymentRefundState[]
>([
  ['pending', ['succeeded', 'failed']],
  ['succeeded', []],
  ['failed', []],
]);

/** Where refunded money goes: the card that paid, the wallet when the wallet paid, the Alipay account that paid. */
export const PAYMENT_REFUND_CHANNELS = ['card', 'wallet', 'alipay', 'wechat'] as const;
export type PaymentRefundChannel = (typeof PAYMENT_REFUND_CHANNELS)[number];

/**
 * The states a step to `to` may start from, after checking that each is an edge of `table`: a step the
 * table does not allow is a programming error, thrown before anything is written.
 */
export function stepFrom<T extends string>(table: TransitionTable<T>, from: readonly T[], to: T): readonly T[] {
  for (const f of from) {
    if (!canTransition(table, f, to)) throw new Error(`no step from ${f} to ${to}`);
  }
  return from;
}

/** Reads a stored value as one of `values`; anything else is data no code wrote, and throws. */
export function storedAs<T extends string>(values: readonly T[], what: string): (value: string) => T {
  return (value) => {
    const known = values.find((v) => v === value);
    if (known === undefined) throw new Error(`unknown ${what} ${value}`);
    return known;
  };
}

/** An attempt's state as stored, checked against the known states. */
export const attemptStateOf = storedAs(ATTEMPT_STATES, 'payment attempt state');
/** A refund's state as stored, checked against the known states. */
export const paymentRefundStateOf = storedAs(PAYMENT_REFUND_STATES, 'refund state');
/** A refund's channel as stored. */
export const paymentRefundChannelOf = storedAs(PAYMENT_REFUND_CHANNELS, 'refund channel');
