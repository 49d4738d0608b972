import { WAITLIST_STATUSES, type WaitlistStatus } from '../rail/waitlist';
import {
  ORDER_STATUS,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
  SUB_ORDER_STATUS,
  SUB_ORDER_STATUSES,
  type SubOrderStatus,
  type TransitionTable,
} from './order-status';

/**
 * How a status of spec §4 is kept in a text column and read back: `encode` gives the column's text,
 * `decode` the typed status, and refuses any text that is not one of the table's statuses.
 */
export type StatusCodec<T extends string | number | null> = {
  readonly all: readonly T[];
  encode<S extends T>(status: S): S extends null ? null : string;
  decode(text: string | null): T;
  /** Whether a column's text is one of the statuses. */
  knows(text: string | null): boolean;
};

export function statusCodecOf<T extends string | number | null>(name: string, all: readonly T[]): StatusCodec<T> {
  const key = (s: string | number | null) => (s === null ? null : String(s));
  const byText = new Map<string | null, T>(all.map((s) => [key(s), s]));
  return {
    all,
    encode<S extends T>(status: S) {
      const text = key(status);
      if (byText.get(text) !== status) throw new Error(`${String(status)} is not a ${name} status`);
      return text as S extends null ? null : string;
    },
    decode(text) {
      if (!byText.has(text)) throw new Error(`${String(text)} is not a ${name} status`);
      return byText.get(text) as T;
    },
    knows: (text) => byText.has(text),
  };
}

export const orderStatusCodec: StatusCodec<OrderStatus> = statusCodecOf('order', ORDER_STATUSES);
export const paymentStatusCodec: StatusCodec<PaymentStatus> = statusCodecOf('payment', PAYMENT_STATUSES);
export const subOrderStatusCodec: StatusCodec<SubOrderStatus> = statusCodecOf('sub-order', SUB_ORDER_STATUSES);
export const waitlistStatusCodec: StatusCodec<WaitlistStatus> = statusCodecOf('waiting list', WAITLIST_STATUSES);

/** A step that is not an edge of its table: a defect in the caller, never the traveller's doing. */
export class IllegalStepError extends Error {
  constructor(
    readonly from: unknown,
    readonly to: unknown,
  ) {
    super(`${String(from)} → ${String(to)} is not a step of the status table`);
  }
}

/** Throws unless `from → to` is an edge of the table; every status change is checked by this before it is written. */
export function assertStep<T extends string | number | null>(table: TransitionTable<T>, from: T, to: T): void {
  if (!(table.get(from)?.includes(to) ?? false)) throw new IllegalStepError(from, to);
}

const O = ORDER_STATUS;
const S = SUB_ORDER_STATUS;

/** An order paid and not ticketed yet, or being ticketed: its tickets are on their way. */
export const isIssuing = (status: OrderStatus): boolean => status === O.PAID || status === O.TICKETING;

/** An order whose tickets were issued (and may since have been travelled on). */
export const isTicketed = (status: OrderStatus): boolean => status === O.TICKETED || status === O.COMPLETED;

/** Every ticket of the order refunded (in Chinese: cancelled). */
export const isRefunded = (status: OrderStatus): boolean => status === O.REFUNDED;

/** A ticket being issued: paid for, or with the seller now. */
export const isTicketBeingIssued = (status: SubOrderStatus): boolean => status === S.PAID || status === S.ISSUING;

/** A ticket that stands: issued, or changed to another train or flight. */
export const isTicketStanding = (status: SubOrderStatus): boolean => status === S.TICKETED || status === S.CHANGED;

/** A ticket whose money goes or went back: being refunded, refunded, or cancelled before it was issued. */
export const isTicketFallen = (status: SubOrderStatus): boolean =>
  status === S.REFUNDING || status === S.REFUNDED || status === S.CANCELLED;

/** A ticket refunded or cancelled: nothing more happens to it. */
export const isTicketClosed = (status: SubOrderStatus): boolean => status === S.REFUNDED || status === S.CANCELLED;

/** An order on a train's waiting list (候补): the price held on the card, the tickets waiting for seats. */
export const isWaitlisted = (status: OrderStatus): boolean => status === O.WAITLISTED;
