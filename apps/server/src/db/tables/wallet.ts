import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns';
import type { WalletTopupMethod } from './wallet-topup-apps';

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
  /**
   * A keyed hash of the processor's reference (migration 0030), unique per account: the same card saved
   * twice at once is kept once. Null for cards saved before.
   */
  referenceHash: Generated<string | null>;
  /**
   * A keyed hash of the processor's fingerprint of the card number (migration 0038), unique per account:
   * the same card saved twice, by two references, is kept once. Null for cards saved before.
   */
  fingerprintHash: Generated<string | null>;
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
  /** Why the new card a top-up asked to save is not saved (2153, the account keeps ten; migration 0041); null if saved or not asked. */
  saveErrorCode: ColumnType<number | null, number | null | undefined, number | null>;
  /** How it is paid (migration 0020); an app's top-up has no card and its trade number in `intentId`. */
  method: Generated<WalletTopupMethod>;
  /** When the wallet's sweep last asked the processor whether a failed card top-up was captured (migration 0033). */
  lateCheckedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

/** The wallet tables, by the name queries use. */
export type WalletTables = {
  walletBalances: WalletBalancesTable;
  walletEntries: WalletEntriesTable;
  walletCards: WalletCardsTable;
  walletTopups: WalletTopupsTable;
  walletCustomers: WalletCustomersTable;
};
