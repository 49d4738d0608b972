import {
  stepFrom,
  TOPUP_REFUND_TRANSITIONS,
  type TopUpApp,
  type TopUpRefund,
  type TopUpRefundState,
} from '@junction/domain';
import type { Selectable } from 'kysely';
import type { WalletTopupRefundsTable } from '../../db/tables/wallet-topup-apps';
import { addJob } from '../../jobs/jobs';
import {
  type CardProcessor,
  ProcessorRefused,
  ProcessorUnavailable,
  type ServiceDesk,
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
 * with its event and its job, in one transaction), then sent by its job until the app or processor confirms
 * it, which moves it to `succeeded` by a compare-and-set with its event and the owner's notice; both answer
 * the same refund when asked again by the same number. A refund the processor or the app answers failed
 * moves to `failed` instead, never sent again, and goes before customer service.
 */
export class LateTopupRefunds {
  constructor(
    private readonly repo: WalletRepository,
    private readonly apps: TopupApps,
    private readonly now: () => Date,
    private readonly notifier?: TopupNotifier,
    private readonly cards?: Pick<CardProcessor, 'refund'>,
    private readonly desk?: ServiceDesk,
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
      return refund;
    });
  }

  /**
   * Asks the app or card processor to refund, then records its confirmation once. Throws while it has not
   * confirmed it (no answer, an error answer, or the processor still deciding), so the job tries again later.
   * A refund the processor or the app answers failed is not sent again: it moves to `failed`, its owner told
   * in the same transaction, and goes before customer service, who return the money by hand.
   */
  async send(refundId: string): Promise<LateTopupRefundRow | undefined> {
    const refund = await this.find(this.repo.db, refundId);
    if (refund?.state === 'failed') await this.toDesk(refund);
    if (refund?.state !== 'pending') return refund;
    const answer =
      refund.app === 'card'
        ? await this.refundCard(refund)
        : await this.apps.refund(refund.app, {
            tradeNo: refund.tradeNo,
            amountMinor: refund.amountMinor,
            refundNo: refund.refundNo,
          });
    if (answer === 'failed') return this.failed(refund);
    return (await this.succeeded(refund)) ?? (await this.find(this.repo.db, refundId));
  }

  /** The app or processor confirmed the refund: recorded once with its event, its owner told in the same step. */
  private async succeeded(refund: LateTopupRefundRow): Promise<LateTopupRefundRow | undefined> {
    const card = refund.app === 'card' ? { last4: (await this.repo.topupById(refund.topupId))?.cardLast4 ?? '' } : {};
    const { userId, topupId, amountMinor, app } = refund;
    const notice = { userId, topupId, amountMinor, app, ...card };
    return this.move(refund.id, ['pending'], 'succeeded', (trx) => this.notifier?.lateTopupRefunded(trx, notice));
  }

  /** A refund failed at the processor or the app: recorded once with its event and the owner's notice, then the desk. */
  private async failed(refund: LateTopupRefundRow): Promise<LateTopupRefundRow | undefined> {
    const last4 = await this.last4Of(refund);
    const tell = (trx: Trx) =>
      this.notifier?.lateTopupRefundFailed(trx, {
        userId: refund.userId,
        topupId: refund.topupId,
        amountMinor: refund.amountMinor,
        app: refund.app,
        last4,
      });
    const row = (await this.move(refund.id, ['pending'], 'failed', tell)) ?? (await this.find(this.repo.db, refund.id));
    if (row?.state === 'failed') await this.toDesk(row, last4);
    return row;
  }

  /** Puts a failed refund before customer service (once, however often asked). */
  private async toDesk(refund: LateTopupRefundRow, last4?: string): Promise<void> {
    if (!this.desk) return;
    await this.desk.refundFailed({
      refundId: refund.id,
      userId: refund.userId,
      amountMinor: refund.amountMinor,
      app: refund.app,
      last4: last4 ?? (await this.last4Of(refund)),
    });
  }

  /** The last four digits of a card top-up's card; empty for an app's. */
  private async last4Of(refund: LateTopupRefundRow): Promise<string> {
    if (refund.app !== 'card') return '';
    return (await this.repo.topupById(refund.topupId))?.cardLast4 ?? '';
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

  /**
   * The card processor refunds the captured intent under the refund's number: `succeeded` or `failed` as it
   * answers; a refund it is still deciding throws, to be asked again by the same number.
   */
  private async refundCard(refund: LateTopupRefundRow): Promise<'succeeded' | 'failed'> {
    if (!this.cards) throw new ProcessorUnavailable('no card processor to refund a card top-up');
    const done = await this.cards.refund({
      intentId: refund.tradeNo,
      amount: refund.amountMinor,
      idempotencyKey: refund.refundNo,
    });
    if (done.status === 'pending') throw new ProcessorRefused('refund_pending', `refund ${refund.id} is pending`);
    return done.status;
  }

  /** A traveller's own late top-ups' refunds, the latest first, with the card a card top-up was paid with. */
  async ofUser(userId: string): Promise<TopUpRefund[]> {
    const rows = await this.repo.db
      .selectFrom('walletTopupRefunds as r')
      .innerJoin('walletTopups as t', 't.id', 'r.topupId')
      .select(['r.id', 'r.topupId', 'r.app', 'r.amountMinor', 'r.state', 'r.createdAt', 't.cardLast4'])
      .where('r.userId', '=', userId)
      .orderBy('r.createdAt', 'desc')
      .limit(50)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      topupId: r.topupId,
      method: r.app,
      last4: r.app === 'card' ? r.cardLast4 : null,
      amount: { amount: r.amountMinor, currency: 'CNY' as const },
      state: r.state,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  private find(db: Executor, id: string): Promise<LateTopupRefundRow | undefined> {
    return db.selectFrom('walletTopupRefunds').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A compare-and-set step of the refund's state, with its event (and `also`), in one transaction. */
  private move(
    id: string,
    from: readonly TopUpRefundState[],
    to: TopUpRefundState,
    also?: (trx: Trx) => Promise<void> | undefined,
  ): Promise<LateTopupRefundRow | undefined> {
    stepFrom(TOPUP_REFUND_TRANSITIONS, from, to);
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
      await also?.(trx);
      return row;
    });
  }
}
