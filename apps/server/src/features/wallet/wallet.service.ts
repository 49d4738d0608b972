import {
  TOPUP_MAX_MINOR,
  TOPUP_MIN_MINOR,
  type WalletEntriesQuery,
  type WalletEntryPage,
  type WalletSummary,
} from '@junction/domain';
import type { WalletLedger } from './wallet.ledger';
import type { WalletEntryRow, WalletRepository } from './wallet.repository';

const cny = (amount: number) => ({ amount, currency: 'CNY' as const });

function presentEntry(row: WalletEntryRow): WalletEntryPage['items'][number] {
  return {
    id: String(row.id),
    kind: row.kind,
    amount: cny(row.amountMinor),
    balanceAfter: cny(row.balanceAfterMinor),
    orderId: row.orderId,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The wallet as its owner sees it at /account/wallet: the balance and the ledger's history. */
export class WalletService {
  constructor(
    private readonly repo: WalletRepository,
    /** The ledger, for the movements the wallet makes itself (top-ups). */
    readonly ledger: WalletLedger,
  ) {}

  async summary(userId: string): Promise<WalletSummary> {
    return {
      balance: cny(await this.repo.balance(userId)),
      topupMinMinor: TOPUP_MIN_MINOR,
      topupMaxMinor: TOPUP_MAX_MINOR,
    };
  }

  async entries(userId: string, query: WalletEntriesQuery): Promise<WalletEntryPage> {
    const { rows, total } = await this.repo.entries(userId, query.page, query.pageSize);
    return { items: rows.map(presentEntry), total, page: query.page, pageSize: query.pageSize };
  }
}
