import { CamelCasePlugin, type ColumnType, type Generated, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type UsersTable = {
  id: Generated<string>;
  mobile: string | null;
  mobileCountry: string | null;
  email: string | null;
  emailVerifiedAt: Timestamp | null;
  passwordHash: string;
  name: string | null;
  nickname: string | null;
  gender: number | null;
  birthday: ColumnType<string | null, string | null, string | null>;
  language: Generated<string>;
  createdAt: ColumnType<Date, Date | string | undefined, Date | string>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type SessionsTable = {
  id: Generated<string>;
  userId: string;
  tokenHash: string;
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  userAgent: string | null;
  ip: string | null;
  /** 'web' or 'app': how the session was created (an app signs in with `X-Client-Channel: app`). */
  channel: Generated<string>;
};

export type VerificationCodesTable = {
  id: Generated<string>;
  target: string;
  purpose: string;
  codeHash: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  attempts: Generated<number>;
  usedAt: Timestamp | null;
};

export type ActivationTokensTable = {
  tokenHash: string;
  userId: string;
  email: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  /** Keyed hash of the claim cookie of the browser that registered; that browser confirms the password. */
  claimHash: string | null;
};

export type LoginGuardsTable = {
  /** Keyed hash of the account (its normalized mobile or e-mail, or `user:<id>`). */
  subject: string;
  failures: Generated<number>;
  windowStart: Timestamp;
  locks: Generated<number>;
  lockedUntil: Timestamp | null;
  updatedAt: Timestamp;
};

export type RateLimitHitsTable = { id: Generated<string>; key: string; at: Timestamp };

type CalendarDate = ColumnType<string, string, string>;

export type PassengersTable = {
  id: Generated<string>;
  userId: string;
  chineseName: string | null;
  surname: string | null;
  givenNames: string | null;
  middleName: string | null;
  birthDate: CalendarDate;
  gender: 'MALE' | 'FEMALE';
  nationality: string;
  phoneCountry: string | null;
  /** E.164. */
  phone: string | null;
  email: string | null;
  railStatus: string | null;
  railCheckedAt: Timestamp | null;
  railRequest: Generated<number>;
  createdAt: ColumnType<Date, Date | string | undefined, Date | string>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type PassengerDocumentsTable = {
  id: Generated<string>;
  passengerId: string;
  userId: string;
  type: string;
  /** Sealed with the keyring (purpose `passenger-document`); never in clear. */
  numberSealed: string;
  /** Keyed hash of type and number, to find the same document without opening it. */
  numberHash: string;
  numberMasked: string;
  expiryDate: ColumnType<string | null, string | null, string | null>;
  issuingCountry: string | null;
  createdAt: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type OrdersTable = {
  id: Generated<string>;
  userId: string;
  orderNumber: string;
  idempotencyKey: string;
  requestHash: string;
  status: string;
  paymentStatus: string;
  kind: string;
  agent: string;
  originName: string;
  destinationName: string;
  departureTime: string;
  arrivalTime: string;
  departureAt: Timestamp;
  priceMinor: number;
  currency: Generated<string>;
  paymentDeadline: Timestamp;
  itinerary: ColumnType<unknown, string, string>;
  breakdown: ColumnType<unknown, string, string>;
  extras: ColumnType<unknown, string, string>;
  contactName: string;
  contactPhoneSealed: string;
  contactPhoneMasked: string;
  contactEmail: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** 'web' or 'app' (spec §4: an order made in the app is paid in the app). */
  channel: Generated<string>;
};

export type OrderTravellersTable = {
  id: Generated<string>;
  orderId: string;
  position: number;
  passengerId: string | null;
  name: string;
  birthDate: ColumnType<string, string, string>;
  airType: string;
  railType: string | null;
  documentType: string;
  /** Sealed with the keyring (purpose `order-document`); never in clear. */
  documentSealed: string;
  documentMasked: string;
};

export type SubOrdersTable = {
  id: Generated<string>;
  orderId: string;
  position: number;
  type: string;
  status: string | null;
  legs: ColumnType<unknown, string, string>;
  flightNumber: string;
  priceMinor: number;
  ticketNumber: string | null;
  confirmationCode: string | null;
  seat: string | null;
  paidMinor: number | null;
  priceDifferenceMinor: number | null;
  expectedRefundMinor: number | null;
  receiptUrl: string | null;
  itineraryUrl: string | null;
  /** Rail only: 'online' (the traveller's 12306 account) or 'offline' (our agents). */
  ticketing: ColumnType<string | null, string | null | undefined, string | null>;
  serviceFeeMinor: ColumnType<number | null, number | null | undefined, number | null>;
  /** Each traveller's part of the price and of the service fee, by position; null on orders made before. */
  travellerPrices: ColumnType<unknown, string | null | undefined, string | null>;
  /** Flights: the seller the ticket is bought from (`duffel`, or a simulated consolidator's id). */
  supplier: ColumnType<string | null, string | null | undefined, string | null>;
};

export type OrderEventsTable = {
  id: Generated<string>;
  orderId: string;
  kind: string;
  fromStatus: string | null;
  toStatus: string;
  data: ColumnType<unknown, string | undefined, string>;
  at: Timestamp;
};

export type SeatStockTable = { key: string; capacity: number; held: Generated<number> };
export type SeatHoldsTable = { orderId: string; stockKey: string; seats: number; releasedAt: Timestamp | null };

export type WalletBalancesTable = { userId: string; balanceMinor: Generated<number>; updatedAt: Timestamp };
export type WalletEntryKind = 'topup' | 'payment' | 'refund';
export type WalletEntriesTable = {
  id: Generated<string>;
  userId: string;
  kind: WalletEntryKind;
  amountMinor: number;
  balanceAfterMinor: number;
  idempotencyKey: string;
  orderId: string | null;
  reference: string | null;
  createdAt: Timestamp;
};
export type RailAccountsTable = {
  userId: string;
  username: string;
  holderName: string;
  phoneMasked: string;
  tokenSealed: string;
  sessionExpiresAt: Timestamp;
  state: string;
  linkedAt: Timestamp;
  updatedAt: Timestamp;
};
export type RailSimAccountsTable = {
  id: Generated<string>;
  username: string;
  passwordHash: string;
  holderName: string;
  idLastFour: string;
  phone: string;
  email: string | null;
  createdAt: Timestamp;
  /** Wrong passwords since the last right one; the fifth locks the account until `lockedUntil`. */
  signInFailures: Generated<number>;
  lockedUntil: Timestamp | null;
};
export type RailSimPassengersTable = {
  id: Generated<string>;
  accountId: string;
  position: number;
  name: string;
  englishName: string | null;
  documentType: string;
  documentSealed: string;
  documentMasked: string;
  documentExpiry: string | null;
  birthDate: string;
  gender: string | null;
  nationality: string | null;
  phone: string | null;
  email: string | null;
  passengerType: string;
  status: string;
  createdAt: Timestamp;
};
export type RailSimCodesTable = {
  id: Generated<string>;
  accountId: string;
  codeHash: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  attempts: Generated<number>;
  usedAt: Timestamp | null;
};
export type RailSimSessionsTable = {
  tokenHash: string;
  accountId: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  endedAt: Timestamp | null;
};

export type NotificationsTable = {
  id: Generated<string>;
  userId: string;
  kind: string;
  orderId: string | null;
  params: ColumnType<Record<string, string | number>, string, string>;
  dedupeKey: string | null;
  createdAt: Timestamp;
  readAt: Timestamp | null;
  mailedAt: Timestamp | null;
  textedAt: Timestamp | null;
};

export type TicketsTable = {
  id: Generated<string>;
  orderId: string;
  subOrderId: string;
  legIndex: number;
  travellerPosition: number;
  supplier: string;
  bookingReference: string;
  ticketNumber: string;
  seat: string | null;
  coach: string | null;
  berth: string | null;
  gate: string | null;
  issuedAt: Timestamp;
};

/** A service's schedule change on a day, set through the simulated airline's control (0: none). */
export type SimScheduleChangesTable = { service: string; date: string; minutes: number };

/** Duffel's orders of our sub-orders, written before the call that makes one and after its answer. */
export type DuffelOrdersTable = {
  requestKey: string;
  orderId: string;
  subOrderId: string;
  offerId: string;
  amountMinor: number;
  currency: string;
  state: 'creating' | 'booked' | 'cancelled';
  duffelOrderId: string | null;
  bookingReference: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
};

export type SimTicketIssuesTable = {
  requestKey: string;
  supplier: string;
  response: ColumnType<unknown, string, string>;
  createdAt: Timestamp;
};

export type RefundsTable = {
  id: Generated<string>;
  orderId: string;
  subOrderId: string;
  userId: string;
  status: string;
  reason: string;
  paidMinor: number;
  feeMinor: number;
  amountMinor: number;
  feeRule: string;
  channel: string | null;
  /** The traveller whose ticket is refunded; null for an older refund of everyone on the sub-order. */
  travellerPosition: ColumnType<number | null, number | null | undefined, number | null>;
  /** Our service fee kept from `paidMinor` (an issued train ticket ticketed offline). */
  serviceFeeMinor: ColumnType<number, number | undefined, number>;
  requestedAt: Timestamp;
  deadline: Timestamp;
  doneAt: Timestamp | null;
  withdrawnAt: Timestamp | null;
  claimedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

export type RefundEventsTable = {
  id: Generated<string>;
  refundId: string;
  fromStatus: string | null;
  toStatus: string;
  data: ColumnType<unknown, string | undefined, string>;
  at: Timestamp;
};

export type WalletCardBilling = {
  line1: string;
  line2: string;
  city: string;
  region: string;
  country: string;
  zip: string;
  phone: string;
};
export type WalletCardsTable = {
  id: Generated<string>;
  userId: string;
  /** A card saved before sealing: the processor's token in clear, until the sealing job seals it; else null. */
  token: string | null;
  /** The processor's reference of the card, sealed with the keyring (purpose `wallet_cards.token`). */
  tokenSealed: string | null;
  /** True once the processor's card belongs to the account's customer (cards saved since). */
  bound: Generated<boolean>;
  /** Security-code tries of the last day, those in flight included; the third wrong one locks the card. */
  codeTries: Generated<number>;
  /** Wrong security codes of the day. */
  codeWrong: Generated<number>;
  codeTriedAt: Timestamp | null;
  lockedUntil: Timestamp | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
  /** Plain billing address of a card saved before sealing; null once `billingSealed` holds it. */
  billing: ColumnType<WalletCardBilling | null, string | null, string | null>;
  /** The billing address and phone as JSON, sealed with the keyring (purpose `wallet_cards.billing`). */
  billingSealed: string | null;
  description: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};
/** The processor's customer of each account, made on first need: saved cards belong to it. */
export type WalletCustomersTable = { userId: string; customerId: string; createdAt: Timestamp };
export type WalletTopupStatus = 'created' | 'action' | 'processing' | 'succeeded' | 'failed';
export type WalletTopupsTable = {
  id: Generated<string>;
  userId: string;
  cardId: string | null;
  idempotencyKey: string;
  requestHash: string;
  amountMinor: number;
  cardBrand: string;
  cardLast4: string;
  status: WalletTopupStatus;
  intentId: string | null;
  actionUrl: string | null;
  error: string | null;
  /** A new card to save once the top-up succeeds (token, holder, billing, description), sealed; null after. */
  saveCardSealed: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

export type RailSimOrdersTable = {
  requestKey: string;
  accountId: string;
  response: ColumnType<unknown, string, string>;
  createdAt: Timestamp;
};
export type RailDeskRequestsTable = {
  requestKey: string;
  status: string;
  queuedAt: Timestamp;
  dueAt: Timestamp;
  response: ColumnType<unknown, string | null, string | null>;
  issuedAt: Timestamp | null;
};

/** A sold-out train class's waiting list (候补), one entry per order (the orders feature). */
export type RailWaitlistTable = {
  orderId: string;
  userId: string;
  status: string;
  reason: string | null;
  stockKey: string;
  train: string;
  travelDate: string;
  seatClass: string;
  seats: number;
  cutoffAt: Timestamp;
  /** The cut-off as a local time with the departure station's offset, for texts. */
  cutoffLocal: string;
  heldMinor: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};
/** Seats the simulated China Railway got back (refunds, released reservations), per train, day and class. */
export type RailSimSeatReturnsTable = {
  key: string;
  returned: number;
  updatedAt: Timestamp;
};

/** Tables of the product; each feature adds its own through a migration. */
/** The card processor simulator's own tables (never read by our order or payment code). */
export type GatewaySimTokensTable = {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
  billingCountry: string;
  behaviour: string;
  /** The token of the card this one was made from with its security code typed again. */
  sourceId: string | null;
  /** The issuer's keyed digest of the security code (tokens made from card details). */
  cvcDigest: string | null;
  /** Whether the security code typed again matched (tokens made from a saved card's token). */
  cvcMatched: boolean | null;
  /** When the token confirmed a payment: it confirms one only. */
  usedAt: Timestamp | null;
  createdAt: Timestamp;
  /** The customer a saved card (`kind` card) or a token made from one belongs to. */
  customerId: string | null;
  /** `token` pays once; `card` is a customer's saved card, which pays only through tokens made from it. */
  kind: Generated<string>;
};
export type GatewaySimCustomersTable = { id: string; idempotencyKey: string; createdAt: Timestamp };
/** A security code typed again, sealed with the simulated issuer's key until a token is made with it. */
export type GatewaySimCvcTokensTable = {
  id: string;
  cvcSealed: string | null;
  createdAt: Timestamp;
  usedAt: Timestamp | null;
};
export type GatewaySimIntentsTable = {
  id: string;
  idempotencyKey: string;
  requestHash: string;
  status: string;
  amount: number;
  currency: string;
  captureMethod: string;
  metadata: ColumnType<Record<string, string>, string, string>;
  tokenId: string | null;
  returnUrl: string | null;
  declineCode: string | null;
  amountCaptured: Generated<number>;
  amountRefunded: Generated<number>;
  captures: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** The customer the intent is for, and whether its card is saved for them (`savedCardId` once saved). */
  customerId: string | null;
  saveCard: Generated<boolean>;
  savedCardId: string | null;
};
export type GatewaySimRefundsTable = {
  id: string;
  intentId: string;
  idempotencyKey: string;
  amount: number;
  status: string;
  createdAt: Timestamp;
};
export type GatewaySimEventsTable = {
  id: string;
  type: string;
  intentId: string;
  refundId: string | null;
  createdAt: Timestamp;
  deliveredAt: Timestamp | null;
  deliveries: Generated<number>;
};

export type PaymentAttemptsTable = {
  id: Generated<string>;
  orderId: string;
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  purpose: string;
  amountMinor: number;
  currency: Generated<string>;
  method: string;
  cardToken: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  cardExp: string | null;
  intentId: string | null;
  state: string;
  actionUrl: string | null;
  declineCode: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  settledAt: Timestamp | null;
  /** The saved card paid with, whose security code the attempt tried. */
  savedCardId: string | null;
};
export type PaymentEventsTable = {
  id: Generated<string>;
  attemptId: string | null;
  refundId: string | null;
  orderId: string;
  kind: string;
  fromState: string | null;
  toState: string;
  data: ColumnType<unknown, string | undefined, string>;
  at: Timestamp;
};
export type PaymentRefundsTable = {
  id: Generated<string>;
  orderId: string;
  subOrderId: string | null;
  attemptId: string;
  idempotencyKey: string;
  amountMinor: number;
  channel: string;
  state: string;
  gatewayRefundId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};
export type PaymentWebhookEventsTable = { id: string; type: string; intentId: string; receivedAt: Timestamp };
export type ItineraryPdfsTable = {
  orderId: string;
  language: string;
  version: string;
  body: Buffer;
  drawnAt: Timestamp;
};

export type Database = {
  users: UsersTable;
  sessions: SessionsTable;
  verificationCodes: VerificationCodesTable;
  activationTokens: ActivationTokensTable;
  rateLimitHits: RateLimitHitsTable;
  loginGuards: LoginGuardsTable;
  passengers: PassengersTable;
  passengerDocuments: PassengerDocumentsTable;
  orders: OrdersTable;
  orderTravellers: OrderTravellersTable;
  subOrders: SubOrdersTable;
  orderEvents: OrderEventsTable;
  seatStock: SeatStockTable;
  seatHolds: SeatHoldsTable;
  walletBalances: WalletBalancesTable;
  walletEntries: WalletEntriesTable;
  walletCards: WalletCardsTable;
  walletTopups: WalletTopupsTable;
  walletCustomers: WalletCustomersTable;
  gatewaySimTokens: GatewaySimTokensTable;
  gatewaySimCustomers: GatewaySimCustomersTable;
  gatewaySimCvcTokens: GatewaySimCvcTokensTable;
  gatewaySimIntents: GatewaySimIntentsTable;
  gatewaySimRefunds: GatewaySimRefundsTable;
  gatewaySimEvents: GatewaySimEventsTable;
  paymentAttempts: PaymentAttemptsTable;
  paymentEvents: PaymentEventsTable;
  paymentRefunds: PaymentRefundsTable;
  paymentWebhookEvents: PaymentWebhookEventsTable;
  notifications: NotificationsTable;
  tickets: TicketsTable;
  simTicketIssues: SimTicketIssuesTable;
  simScheduleChanges: SimScheduleChangesTable;
  duffelOrders: DuffelOrdersTable;
  refunds: RefundsTable;
  refundEvents: RefundEventsTable;
  railAccounts: RailAccountsTable;
  railSimAccounts: RailSimAccountsTable;
  railSimPassengers: RailSimPassengersTable;
  railSimCodes: RailSimCodesTable;
  railSimSessions: RailSimSessionsTable;
  railSimOrders: RailSimOrdersTable;
  railDeskRequests: RailDeskRequestsTable;
  railWaitlist: RailWaitlistTable;
  railSimSeatReturns: RailSimSeatReturnsTable;
  itineraryPdfs: ItineraryPdfsTable;
};

export type Db = Kysely<Database>;

export function createDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection dropped by the server (restart, failover, shutdown) is replaced on next use;
  // without a listener the pool's 'error' event would end the process.
  pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
}

// DATE columns stay calendar dates ('2026-01-31'), never shifted through a time zone.
pg.types.setTypeParser(1082, (value: string) => value);
