import { AppError } from '@junction/domain';
import type { WalletEntryKind } from '../../db/database';
import type { Trx, WalletEntryRow, WalletRepository } from './wallet.repository';

/** Money into the wallet: a top-up by card or a refund to the wallet. */
export type WalletCredit = {
  userId: string;
  kind: Exclude<WalletEntryKind, 'payment'>;
  /** CNY hundredths, more than zero. */
  amountMinor: number;
  /** One entry per key and user: crediting again with the same key changes nothing. */
  idempotencyKey: string;
  orderId?: string | null;
  reference?: string | null;
};

/** Money out of the wallet: a payment. */
export type WalletDebit = Omit<WalletCredit, 'kind'> & { kind?: 'payment' };

export type LedgerResult = {
  entry: WalletEntryRow;
  /** True when the key had already been used: the earlier entry is returned and nothing moved. */
  replayed: boolean;
};

/**
 * The wallet's ledger (docs/architecture.md §6): append-only entries and a balance that is their sum.
 * `credit` and `debit` run inside the caller's transaction, so the entry commits or rolls back with the
 * state change it belongs to (an order paid, a refund settled). Each locks the user's balance row
 * first, then writes the new balance (compare-and-set on the value it read) and the entry; a debit that
 * would take the balance below zero throws WALLET_BALANCE_INSUFFICIENT and changes nothing.
 */
export class WalletLedger {
  constructor(
    private readonly repo: WalletRepository,
    private readonly now: () => Date,
  ) {}

  credit(trx: Trx, credit: WalletCredit): Promise<LedgerResult> {
    if (!Number.isSafeInteger(credit.amountMinor) || credit.amountMinor <= 0)
      throw new AppError('WALLET_AMOUNT_INVALID');
    return this.move(trx, credit.kind, credit.amountMinor, credit);
  }

  debit(trx: Trx, debit: WalletDebit): Promise<LedgerResult> {
    if (!Number.isSafeInteger(debit.amountMinor) || debit.amountMinor <= 0) throw new AppError('WALLET_AMOUNT_INVALID');
    return this.move(trx, 'payment', -debit.amountMinor, debit);
  }

  /** The user's balance as last committed. */
  balance(userId: string): Promise<number> {
    return this.repo.balance(userId);
  }

  private async move(
    trx: Trx,
    kind: WalletEntryKind,
    amountMinor: number,
    m: Omit<WalletCredit, 'kind'>,
  ): Promise<LedgerResult> {
    const at = this.now();
    const before = await this.repo.lockBalance(trx, m.userId, at);
    const earlier = await this.repo.entryByKey(trx, m.userId, m.idempotencyKey);
    if (earlier) {
      if (earlier.kind !== kind || earlier.amountMinor !== amountMinor || earlier.orderId !== (m.orderId ?? null)) {
        throw new Error(`wallet key ${m.idempotencyKey} was used for another movement`);
      }
      return { entry: earlier, replayed: true };
    }
    const after = before + amountMinor;
    if (after < 0) throw new AppError('WALLET_BALANCE_INSUFFICIENT', { params: { balance: before } });
    if (!(await this.repo.setBalance(trx, m.userId, before, after, at))) {
      // Unreachable while the row is locked; a failed compare-and-set never writes an entry.
      throw new Error('wallet balance moved under its lock');
    }
    const entry = await this.repo.insertEntry(trx, {
      userId: m.userId,
      kind,
      amountMinor,
      balanceAfterMinor: after,
      idempotencyKey: m.idempotencyKey,
      orderId: m.orderId ?? null,
      reference: m.reference ?? null,
      createdAt: at,
    });
    return { entry, replayed: false };
  }
}
