import { z } from 'zod';

/**
 * The statuses of spec §4 as they go on the wire; code uses the names. Every change of status is a
 * step the tables below allow, applied as a compare-and-set with an event row (docs/architecture.md §6).
 */
export const ORDER_STATUS = {
  /** The payment deadline passed: the order expired and its seats were released. */
  EXPIRED: 'INVALID',
  WAIT_PAYMENT: 0,
  /** A price difference found while ticketing awaits payment. */
  PRICE_DIFFERENCE_DUE: 1,
  PAID: 2,
  /** Refunded (in Chinese: cancelled). */
  REFUNDED: 3,
  TICKETING: 4,
  TICKETED: 5,
  COMPLETED: 6,
  /** Closed without payment: cancelled by the traveller. */
  PAYMENT_CLOSED: 7,
  /** On a sold-out train's waiting list (候补): the payment is held, the tickets wait for seats to come back. */
  WAITLISTED: 8,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES: readonly OrderStatus[] = Object.values(ORDER_STATUS);

export const PAYMENT_STATUS = {
  EXPIRED: 'INVALID',
  WAIT_PAYMENT: 0,
  /** A payment was started and has not been settled yet: still waiting. */
  PROCESSING: 1,
  PAID: 2,
  CLOSED: 3,
  REFUNDED: 4,
  /** Authorised on the card and held, not taken: a waiting-list order until it is filled or released. */
  HELD: 5,
} as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];
export const PAYMENT_STATUSES: readonly PaymentStatus[] = Object.values(PAYMENT_STATUS);

/** Sub-order (ticket) statuses of spec §4; `null` while its order is not paid yet. */
export const SUB_ORDER_STATUS = {
  ISSUING: 2,
  REFUNDED: 3,
  CHANGED: 4,
  TICKETED: 5,
  REFUNDING: 6,
  PAID: 7,
  CANCELLED: 8,
} as const;
export type SubOrderStatus = (typeof SUB_ORDER_STATUS)[keyof typeof SUB_ORDER_STATUS] | null;
export const SUB_ORDER_STATUSES: readonly SubOrderStatus[] = [null, ...Object.values(SUB_ORDER_STATUS)];

const O = ORDER_STATUS;
const P = PAYMENT_STATUS;
const S = SUB_ORDER_STATUS;

/** A state machine: for each status the statuses it may move to. Missing or empty: terminal. */
export type TransitionTable<T extends string | number | null> = ReadonlyMap<T, readonly T[]>;

export const ORDER_TRANSITIONS: TransitionTable<OrderStatus> = new Map<OrderStatus, OrderStatus[]>([
  [O.WAIT_PAYMENT, [O.PAID, O.PAYMENT_CLOSED, O.EXPIRED, O.WAITLISTED]],
  // Filled (seats came back), cancelled by the traveller, or released at the cut-off.
  [O.WAITLISTED, [O.PAID, O.PAYMENT_CLOSED, O.EXPIRED]],
  // A change's difference paid (its new ticket is issued), or not paid in time (the ticket stands unchanged).
  [O.PRICE_DIFFERENCE_DUE, [O.TICKETING, O.REFUNDED, O.TICKETED]],
  [O.PAID, [O.TICKETING, O.REFUNDED]],
  [O.TICKETING, [O.TICKETED, O.PRICE_DIFFERENCE_DUE, O.REFUNDED]],
  // A ticket changed (改签): a higher price awaits its difference, else its new ticket is issued at once.
  [O.TICKETED, [O.COMPLETED, O.REFUNDED, O.PRICE_DIFFERENCE_DUE, O.TICKETING]],
  [O.COMPLETED, []],
  [O.REFUNDED, []],
  [O.PAYMENT_CLOSED, []],
  [O.EXPIRED, []],
]);

export const PAYMENT_TRANSITIONS: TransitionTable<PaymentStatus> = new Map<PaymentStatus, PaymentStatus[]>([
  [P.WAIT_PAYMENT, [P.PROCESSING, P.PAID, P.CLOSED, P.EXPIRED]],
  [P.PROCESSING, [P.WAIT_PAYMENT, P.PAID, P.CLOSED, P.EXPIRED, P.HELD]],
  // Captured when the waiting list is filled; voided (closed) or, if it was captured, refunded when released.
  [P.HELD, [P.PAID, P.CLOSED, P.REFUNDED]],
  [P.PAID, [P.REFUNDED]],
  [P.CLOSED, []],
  [P.REFUNDED, []],
  [P.EXPIRED, []],
]);

export const SUB_ORDER_TRANSITIONS: TransitionTable<SubOrderStatus> = new Map<SubOrderStatus, SubOrderStatus[]>([
  [null, [S.PAID, S.CANCELLED]],
  [S.PAID, [S.ISSUING, S.REFUNDING, S.CANCELLED]],
  // A change's new ticket the issuer refused is cancelled: the old ticket stands again (4 → 5).
  [S.ISSUING, [S.TICKETED, S.REFUNDING, S.CANCELLED]],
  [S.TICKETED, [S.CHANGED, S.REFUNDING]],
  [S.CHANGED, [S.TICKETED, S.REFUNDING]],
  // A refund the traveller withdraws while it is processing gives the ticket back (spec §8).
  [S.REFUNDING, [S.REFUNDED, S.TICKETED]],
  [S.REFUNDED, []],
  [S.CANCELLED, []],
]);

export const INITIAL_ORDER_STATUS: OrderStatus = O.WAIT_PAYMENT;
export const INITIAL_PAYMENT_STATUS: PaymentStatus = P.WAIT_PAYMENT;
export const INITIAL_SUB_ORDER_STATUS: SubOrderStatus = null;

export function canTransition<T extends string | number | null>(table: TransitionTable<T>, from: T, to: T): boolean {
  return table.get(from)?.includes(to) ?? false;
}

export const isTerminal = <T extends string | number | null>(table: TransitionTable<T>, status: T): boolean =>
  (table.get(status) ?? []).length === 0;

/**
 * The three statuses move together for what a traveller does before ticketing: paying, cancelling, and
 * the deadline passing. Each is a legal step of every table it touches (tested).
 */
export const ORDER_MOVES = {
  cancel: { order: O.PAYMENT_CLOSED, payment: P.CLOSED, subOrder: S.CANCELLED },
  expire: { order: O.EXPIRED, payment: P.EXPIRED, subOrder: S.CANCELLED },
  pay: { order: O.PAID, payment: P.PAID, subOrder: S.PAID },
} as const satisfies Record<string, { order: OrderStatus; payment: PaymentStatus; subOrder: SubOrderStatus }>;
export type OrderMove = keyof typeof ORDER_MOVES;

/**
 * The steps of a waiting-list order (候补), for order, payment and sub-orders together: the card
 * authorised and held, seats found (captured, then ticketed as any paid order), cancelled by the
 * traveller, or released at the cut-off; a hold captured after all is refunded instead of voided.
 */
export const WAITLIST_MOVES = {
  hold: { from: O.WAIT_PAYMENT, order: O.WAITLISTED, paymentFrom: P.PROCESSING, payment: P.HELD, subOrder: null },
  fill: { from: O.WAITLISTED, order: O.PAID, paymentFrom: P.HELD, payment: P.PAID, subOrder: S.PAID },
  cancel: {
    from: O.WAITLISTED,
    order: O.PAYMENT_CLOSED,
    paymentFrom: P.HELD,
    payment: P.CLOSED,
    subOrder: S.CANCELLED,
  },
  release: { from: O.WAITLISTED, order: O.EXPIRED, paymentFrom: P.HELD, payment: P.CLOSED, subOrder: S.CANCELLED },
} as const satisfies Record<
  string,
  {
    from: OrderStatus;
    order: OrderStatus;
    paymentFrom: PaymentStatus;
    payment: PaymentStatus;
    subOrder: SubOrderStatus;
  }
>;
export type WaitlistMove = keyof typeof WAITLIST_MOVES;

/** Orders the traveller still has to pay (the unpaid filter, Pay and Cancel buttons). */
export const isAwaitingPayment = (status: OrderStatus): boolean =>
  status === O.WAIT_PAYMENT || status === O.PRICE_DIFFERENCE_DUE;

/** Only an order not paid yet may be cancelled from the order page; a paid one is refunded instead. */
export const canCancelOrder = (status: OrderStatus): boolean =>
  canTransition(ORDER_TRANSITIONS, status, O.PAYMENT_CLOSED);

export const orderStatusSchema = z.union([
  z.literal('INVALID'),
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
  z.literal(6),
  z.literal(7),
  z.literal(8),
]);
export const paymentStatusSchema = z.union([
  z.literal('INVALID'),
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
]);
export const subOrderStatusSchema = z.union([
  z.null(),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
  z.literal(6),
  z.literal(7),
  z.literal(8),
]);

/** Trip list filter of spec §4: all, unpaid (1), upcoming (2), past (3). */
export const TRIP_FILTERS = ['all', '1', '2', '3'] as const;
export type TripFilter = (typeof TRIP_FILTERS)[number];

/**
 * Which filter an order belongs to besides all: unpaid while payment is awaited, upcoming while paid
 * and not departed, past once departed or closed (expired, cancelled, refunded, completed).
 */
export function tripFilterOf(status: OrderStatus, departureMs: number, nowMs: number): Exclude<TripFilter, 'all'> {
  if (isAwaitingPayment(status) && departureMs > nowMs) return '1';
  if (
    (status === O.PAID || status === O.TICKETING || status === O.TICKETED || status === O.WAITLISTED) &&
    departureMs > nowMs
  )
    return '2';
  return '3';
}
