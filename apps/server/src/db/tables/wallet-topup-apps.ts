import type { TopUpStatus } from '@junction/domain';
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

/** The top-up tables of migration 0020. */
export type WalletTopupAppTables = { walletTopupEvents: WalletTopupEventsTable };
