import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns';

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
  /** The card number's fingerprint, the same for every token and card of one number; null for tokens made before. */
  fingerprint: Generated<string | null>;
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
  /** When the reconciler last asked whether the attempt, closed unpaid, was paid after all. */
  lateCheckedAt: Timestamp | null;
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

/** The payment tables, by the name queries use. */
export type PaymentTables = {
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
};
