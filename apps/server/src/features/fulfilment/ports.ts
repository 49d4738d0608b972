import type {
  ChangeRefundTo,
  NoticeKind,
  NoticeParams,
  PaymentRefundState,
  ReceiptPayment,
  ResultLeg,
  RideAfter,
} from '@junction/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { TimeZoneOf } from './itinerary/itinerary-view';
import type { BookingPeople, SoldTickets, TicketIssuers } from './ticketing/issuer';

/** Tells a traveller something in the caller's transaction (the notifications feature's `notify`, from `app.ts`). */
export type Notifier = (
  trx: Kysely<Database>,
  notice: {
    userId: string;
    kind: NoticeKind;
    orderId?: string | null;
    params?: NoticeParams;
    dedupeKey?: string;
    at?: Date;
  },
) => Promise<unknown>;

/**
 * Returns money for a refund to the channel that paid (card through the gateway, wallet through the
 * ledger): the payment feature's `PaymentsService.refund`, composed in `app.ts`. Idempotent per key.
 */
export type RefundMoney = (refund: {
  orderId: string;
  subOrderId: string;
  userId: string;
  amountMinor: number;
  idempotencyKey: string;
  /** The payment it goes back from: a change's `difference` when set, else the order's own. */
  purpose?: 'difference';
}) => Promise<{ channel: string; state: PaymentRefundState }>;

/**
 * How the money of refunds paid out stands at the channel that paid, by the key it was paid out under (the
 * payment feature's `PaymentsService.refundStates`): `failed` when it will never go back. Keys not paid out
 * yet are absent.
 */
export type MoneyBackStates = (keys: readonly string[]) => Promise<ReadonlyMap<string, PaymentRefundState>>;

/** Mail to the operations staff (the SMTP mailer, composed in `app.ts`). */
export type StaffMail = (mail: { subject: string; text: string }) => Promise<void>;

/**
 * Where a refund of an order goes back (the payment feature's `PaymentsService.refundTo`): the channel of the
 * refund written under the key once there is one, else the payment a refund of the amount would take now.
 */
export type RefundDestination = (
  orderId: string,
  amountMinor: number,
  idempotencyKey?: string,
) => Promise<ChangeRefundTo | null>;

/** The payments taken for an order, for its receipt (the payment feature's `PaymentsService.paymentsOf`). */
export type PaymentRecords = (orderId: string) => Promise<ReceiptPayment[]>;

/**
 * The travellers of an order in clear with the order's contact, for a seller booking in their names (the
 * orders and passengers features and the keyring, composed in `app.ts`).
 */
export type TravellerPeople = (orderId: string) => Promise<BookingPeople>;

/**
 * A flight seller that prices and cancels its own refunds (Duffel's order cancellations), by sub-order: the
 * air issuer's `refundQuote` and `cancel`, composed in the fulfilment service. `quote` is undefined for a
 * sub-order whose seller does not quote one (our fare rules apply).
 */
export type SellerRefunds = {
  quote(tickets: SoldTickets): Promise<{ refundMinor: number } | undefined>;
  cancel(tickets: SoldTickets): Promise<void>;
};

/**
 * A ticket no longer stands for what it was sold as (refunded, or changed for another): what was issued
 * for it is reversed, in the caller's transaction (the invoices feature's `reverseTickets`, composed in
 * `app.ts`). `travellerPosition` null is everyone on the sub-order.
 */
export type TicketReleased = (
  trx: Kysely<Database>,
  ticket: { orderId: string; subOrderId: string; travellerPosition: number | null; reason: 'refunded' | 'changed' },
) => Promise<unknown>;

/**
 * The next nonstop flight or direct train on the same route from `after`, with seats left (the search
 * feature's suppliers, composed in `wiring/next-departures.ts`); undefined when none is sold.
 */
export type NextDepartures = (ride: RideAfter) => Promise<ResultLeg | undefined>;

/**
 * Told when a ticket was changed (改签), in the transaction of the change's last step, after its
 * `ticket_changed` order event: the old sub-order (now 4, changed) and the new one (ticketed). What
 * follows a change elsewhere (an invoice of the old ticket reversed) listens here; no-op by default.
 */
export type TicketChangedHook = (
  trx: Kysely<Database>,
  change: { orderId: string; changeId: string; oldSubOrderId: string; newSubOrderId: string; at: Date },
) => Promise<void>;

/** Who is a customer-service agent (the chat's agents), for the agents' desk of refunds owed. */
export interface DeskAgents {
  isAgent(userId: string): Promise<boolean>;
}

/** What the fulfilment feature is given from outside (`wiring/fulfilment-ports.ts`). */
export type FulfilmentPorts = {
  issuers: TicketIssuers;
  notify: Notifier;
  refundMoney: RefundMoney;
  staffMail: StaffMail;
  paymentsOf: PaymentRecords;
  refundTo: RefundDestination;
  /** How each refund's money stands where it went back (a failed one is shown failed). */
  moneyBack?: MoneyBackStates;
  people: TravellerPeople;
  /** Told when a ticket was changed, in the change's last transaction (no-op unless something listens). */
  onTicketChanged?: TicketChangedHook;
  /** The time zone of a place, for the itinerary's local times. */
  zoneOf: TimeZoneOf;
  /** Reverses what was issued for a ticket once it is refunded (its invoices). */
  ticketReleased?: TicketReleased;
  /** The next departure on a route, for a missed protected connection. */
  nextDepartures: NextDepartures;
  /** Customer-service agents, who record refunds owed paid back; nobody else may. */
  agents?: DeskAgents;
};
