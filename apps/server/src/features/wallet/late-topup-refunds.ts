import { PAYMENT_REFUND_TRANSITIONS, type PaymentRefundState, stepFrom, type TopUpApp } from '@junction/domain';
import type { Selectable } from 'kysely';
import type { WalletTopupRefundsTable } from '../../db/tables/wallet-topup-apps';
import { addJob } from '../../jobs/jobs';
import {
  type CardProcessor,
  ProcessorRefused,
  ProcessorUnavailable,
  type TopupApps,
  type TopupNotifier,
} from './ports';
import type { Executor, Trx, WalletRepository, WalletTopupRow } from './wallet.repository';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    'wallet.refundLateTopup': { refundId: string };
    'wallet.refundLateTopups': Record<string, never>;
  }
}

export type LateTopupRefundRow = Selectable<WalletTopupRefundsTable>;

/**
 * A top-up paid after it had failed (at its app, or captured by the card processor): its money goes back to
 * the app or card under the top-up's own refund number. The refund is written once per top-up (`pending`,
 * with its event, its job and the owner's notice, in one transaction), then sent by its job until the app or
 * processor confirms it, which moves it to `succeeded` by a compare-and-set with its event; both answer the
 * same refund when asked again by the same number.
 */
export class LateTopupRefunds {
  constructor(
    private readonly repo: WalletRepository,
    private readonly apps: TopupApps,
    private readonly now: () => Date,
    private readonly notifier?: TopupNotifier,
    private readonly cards?: Pick<CardProcessor, 'refund'>,
  ) {}

  /** Writes the refund of a failed top-up whose trade was paid or intent captured; undefined when written before. */
  async record(row: WalletTopupRow, amountMinor: number): Promise<LateTopupRefundRow | undefined> {
    const app: TopUpApp | 'card' = row.method === 'card' ? 'card' : (row.method as TopUpApp);
    const at = this.now();
    return this.repo.transaction(async (trx) => {
      const refund = await trx
        .insertInto('walletTopupRefunds')
        .values({
          topupId: row.id,
          userId: row.userId,
          app,
          tradeNo: row.intentId ?? '',
          refundNo: `late-topup-${row.id}`,
          amountMinor,
          state: 'pending',
          createdAt: at,
          updatedAt: at,
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!refund) return undefined;
      await trx
        .insertInto('walletTopupRefundEvents')
        .values({ refundId: refund.id, fromState: null, toState: 'pending', at })
        .execute();
      await addJob(
        trx,
        'wallet.refundLateTopup',
        { refundId: refund.id },
        { jobKey: `wallet.refundLateTopup:${refund.id}`, maxAttempts: 25 },
      );
      const card = app === 'card' ? { last4: row.cardLast4 } : {};
      const notice = { userId: row.userId, topupId: row.id, amountMinor, app, ...card };
      await this.notifier?.lateTopupRefunded(trx, notice);
      return refund;
    });
  }

  /**
   * Asks the app or card processor to refund, then records its confirmation once. Throws while it has not
   * confirmed it (no answer, or an error answer), so the job tries again later.
   */
  async send(refundId: string): Promise<LateTopupRefundRow | undefined> {
    const refund = await this.find(this.repo.db, refundId);
    if (refund?.state !== 'pending') return refund;
    if (refund.app === 'card') await this.refundCard(refund);
    else
      await this.apps.refund(refund.app, {
        tradeNo: refund.tradeNo,
        amountMinor: refund.amountMinor,
        refundNo: refund.refundNo,
      });
    return (await this.move(refund.id, ['pending'], 'succeeded')) ?? (await this.find(this.repo.db, refundId));
  }

  /** Sends a refund just written, leaving it to its job when the app does not confirm it now. */
  async sendNow(refundId: string): Promise<void> {
    await this.send(refundId).catch((e: unknown) => {
      if (!(e instanceof ProcessorUnavailable || e instanceof ProcessorRefused)) throw e;
    });
  }

  /** The sweep: every refund still pending a while after it last moved is sent again. The number confirmed. */
  async sendPending(olderThanMs: number): Promise<number> {
    const cutoff = new Date(this.now().getTime() - olderThanMs);
    const pending = await this.repo.db
      .selectFrom('walletTopupRefunds')
      .select('id')
      .where('state', '=', 'pending')
      .where('updatedAt', '<=', cutoff)
      .orderBy('updatedAt')
      .limit(200)
      .execute();
    let done = 0;
    for (const { id } of pending) {
      const sent = await this.send(id).catch(() => undefined);
      if (sent?.state === 'succeeded') done++;
    }
    return done;
  }

  /** The card processor refunds the captured intent under the refund's number; a failed refund throws. */
  private async refundCard(refund: LateTopupRefundRow): Promise<void> {
    if (!this.cards) throw new ProcessorUnavailable('no card processor to refund a card top-up');
    const done = await this.cards.refund({
      intentId: refund.tradeNo,
      amount: refund.amountMinor,
      idempotencyKey: refund.refundNo,
    });
    if (done.status !== 'succeeded') throw new ProcessorRefused('refund_failed', `refund ${refund.id} failed`);
  }

  private find(db: Executor, id: string): Promise<LateTopupRefundRow | undefined> {
    return db.selectFrom('walletTopupRefunds').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A compare-and-set step of the refund's state, with its event, in one transaction. */
  private move(
    id: string,
    from: readonly PaymentRefundState[],
    to: PaymentRefundState,
  ): Promise<LateTopupRefundRow | undefined> {
    stepFrom(PAYMENT_REFUND_TRANSITIONS, from, to);
    const at = this.now();
    return this.repo.transaction(async (trx: Trx) => {
      const before = await trx
        .selectFrom('walletTopupRefunds')
        .select('state')
        .where('id', '=', id)
        .where('state', 'in', [...from])
        .forUpdate()
        .executeTakeFirst();
      if (!before) return undefined;
      const row = await trx
        .updateTable('walletTopupRefunds')
        .set({ state: to, updatedAt: at })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('walletTopupRefundEvents')
        .values({ refundId: id, fromState: before.state, toState: to, at })
        .execute();
      return row;
    });
  }
}
