import type { TopUpApp, TopUpRefundState, TopUpStatus } from '@junction/domain';
import type { Generated } from 'kysely';
import type { Timestamp } from './columns';

/** How a top-up is paid: a card, or a wallet app's trade. */
export type WalletTopupMethod = 'card' | 'alipay' | 'wechat';

/** One move of a top-up's status, written in the transaction that moves it. */
export type WalletTopupEventsTable = {
  id: Generated<string>;
  topupId: string;
  fromStatus: TopUpStatus;
  toStatus: TopUpStatus;
  at: Timestamp;
};

/** A late top-up's money going back to its app or card, one per top-up (migrations 0028, 0031, 0034). */
export type WalletTopupRefundsTable = {
  id: Generated<string>;
  topupId: string;
  userId: string;
  /** Where the money goes back: the app paid at, or the card (through the card processor). */
  app: TopUpApp | 'card';
  /** The app's trade number, or the card processor's intent. */
  tradeNo: string;
  refundNo: string;
  amountMinor: number;
  state: TopUpRefundState;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

/** One move of a late top-up's refund, written in the transaction that makes it (none before its first). */
export type WalletTopupRefundEventsTable = {
  id: Generated<string>;
  refundId: string;
  fromState: TopUpRefundState | null;
  toState: TopUpRefundState;
  at: Timestamp;
};

/** The top-up tables of migrations 0020 and 0028. */
export type WalletTopupAppTables = {
  walletTopupEvents: WalletTopupEventsTable;
  walletTopupRefunds: WalletTopupRefundsTable;
  walletTopupRefundEvents: WalletTopupRefundEventsTable;
};
