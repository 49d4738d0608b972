import { randomUUID } from 'node:crypto';
import type { TopUpApp, TopUpState } from '@junction/domain';
import { idempotencyKeyOf, requestHashOf } from '../../lib/idempotency';
import type { LateTopupRefunds } from './late-topup-refunds';
import { ProcessorRefused, ProcessorUnavailable, type TopupApps, type TopupAppTrade } from './ports';
import { startTopup, type TopupCaps, writeTopup } from './topup-caps';
import type { WalletLedger } from './wallet.ledger';
import { presentTopup } from './wallet.present';
import type { WalletRepository, WalletTopupRow } from './wallet.repository';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    'wallet.settleAppTopup': { topupId: string };
  }
}

export type AppTopupOptions = {
  /** The wallet page the app's page sends the browser back to, for a top-up. */
  returnUrl: (topupId: string) => string;
  /** When the settling job first asks the app about a top-up no notification settled. */
  settleAfterMs: number;
  /** How long the app's trade may be paid; the job closes it after. */
  tradeMs: number;
  caps: TopupCaps;
  /** Tests only, never in production: the process kills itself as a paid trade's credit is about to commit. */
  crashBeforeCommit?: boolean;
};

type AppSource = { app: TopUpApp; device: 'desktop' | 'phone' };
const OPEN = ['created', 'processing', 'action'] as const;

/**
 * Top-ups by Alipay or WeChat Pay. The top-up is written with its idempotency key, our trade number and a
 * settling job before the app is asked for its page; the traveller pays there. The wallet is credited once,
 * in the transaction that moves the top-up to succeeded, when the app's signed notification (or the job's
 * query, should the notification be lost) finds the trade paid, never on the word of the browser's return.
 * A trade left unpaid is closed by the job when its time is up, and the top-up fails.
 */
export class AppTopups {
  constructor(
    private readonly repo: WalletRepository,
    private readonly ledger: WalletLedger,
    private readonly apps: TopupApps,
    private readonly options: AppTopupOptions,
    private readonly now: () => Date,
    private readonly lateRefunds: LateTopupRefunds,
  ) {}

  get names(): readonly TopUpApp[] {
    return this.apps.names;
  }

  async topUp(userId: string, amount: number, source: AppSource, key?: string, clientIp = ''): Promise<TopUpState> {
    const start = { repo: this.repo, caps: this.options.caps, now: this.now };
    const asked = {
      userId,
      amount,
      key: idempotencyKeyOf(key),
      requestHash: requestHashOf([amount, { kind: 'app', ...source }]),
    };
    const earlier = await startTopup(start, asked, this.apps.names.includes(source.app));
    if (earlier) return presentTopup(earlier);
    const fields = {
      cardId: null,
      cardBrand: '',
      cardLast4: '',
      saveCardSealed: null,
      method: source.app,
      intentId: randomUUID().replaceAll('-', ''),
    };
    const job = {
      name: 'wallet.settleAppTopup',
      keyPrefix: 'wallet-app-topup',
      afterMs: this.options.settleAfterMs,
    } as const;
    const { row, created } = await writeTopup(start, asked, fields, job);
    if (!created) return presentTopup(row);
    return presentTopup(await this.open(row, source, clientIp));
  }

  /** Asks the app for its page of the trade; the top-up waits there (`action`), or fails if the app refuses. */
  private async open(row: WalletTopupRow, source: AppSource, clientIp: string): Promise<WalletTopupRow> {
    try {
      const { actionUrl } = await this.apps.start(source.app, {
        tradeNo: row.intentId ?? '',
        amountMinor: row.amountMinor,
        subject: `联程旅行钱包充值 Junction wallet top-up`,
        returnUrl: this.options.returnUrl(row.id),
        device: source.device,
        clientIp,
        expiresAt: new Date(row.createdAt.getTime() + this.options.tradeMs),
      });
      const moved = await this.repo.moveTopup(
        this.repo.db,
        row.id,
        ['created'],
        { status: 'action', actionUrl },
        this.now(),
      );
      return moved ?? ((await this.repo.topupById(row.id)) as WalletTopupRow);
    } catch (e) {
      if (!(e instanceof ProcessorUnavailable || e instanceof ProcessorRefused)) throw e;
      // No page reached the traveller, so nothing can be paid: the top-up fails here, and a trade the app
      // may have opened ends unpaid at its expiry, which the app was given.
      const error = e instanceof ProcessorUnavailable ? 'partner_unavailable' : 'processing_error';
      const failed = await this.repo.moveTopup(this.repo.db, row.id, OPEN, { status: 'failed', error }, this.now());
      return failed ?? ((await this.repo.topupById(row.id)) as WalletTopupRow);
    }
  }

  /** A verified notification of an app: true when its trade is a top-up's, which then follows the trade. */
  async onNotice(app: TopUpApp, tradeNo: string): Promise<boolean> {
    const row = await this.repo.topupByTrade(app, tradeNo);
    if (!row) return false;
    if (row.status === 'failed') await this.refundLate(row);
    else await this.follow(row, false);
    return true;
  }

  /**
   * A failed top-up's trade paid after all (the close found it unopened, and the buyer paid the page left
   * open): the wallet is not credited; the money goes back to the app under the top-up's own refund number,
   * recorded once however many notifications come, the traveller told once, and sent by the notification
   * that recorded it; a refund the app does not confirm then is sent again by its job.
   */
  private async refundLate(row: WalletTopupRow): Promise<void> {
    const trade = await this.apps.query(row.method as TopUpApp, row.intentId ?? '');
    if (trade.status !== 'paid') return;
    const refund = await this.lateRefunds.record(row, trade.amountMinor);
    if (refund) await this.lateRefunds.sendNow(refund.id);
  }

  /**
   * The settling job: asks the app where the trade stands; one still unpaid when its time is up is closed.
   * Throws while the trade waits, to be looked at again later.
   */
  async settle(id: string): Promise<void> {
    const row = await this.repo.topupById(id);
    if (!row || row.method === 'card') return;
    const expired = this.now().getTime() - row.createdAt.getTime() >= this.options.tradeMs;
    const after = await this.follow(row, expired);
    if (OPEN.some((s) => s === after.status)) throw new Error(`top-up ${id} waits for its ${row.method} trade`);
  }

  /** Moves an open top-up to where its trade is, asking the app (closing the trade first when `close`). */
  private async follow(row: WalletTopupRow, close: boolean): Promise<WalletTopupRow> {
    const app = row.method as TopUpApp;
    const tradeNo = row.intentId ?? '';
    if (!OPEN.some((s) => s === row.status)) return row;
    let trade = await this.apps.query(app, tradeNo);
    if (trade.status === 'waiting' && close) {
      await this.apps.close(app, tradeNo).catch((e: unknown) => {
        if (!(e instanceof ProcessorRefused)) throw e;
      });
      trade = await this.apps.query(app, tradeNo);
    }
    if (trade.status === 'paid') return this.credit(row, trade);
    // Closed, or its time up and closed now (a trade never opened stays unknown to the app): never paid.
    if (trade.status === 'closed' || close) {
      const failed = await this.repo.moveTopup(
        this.repo.db,
        row.id,
        OPEN,
        { status: 'failed', error: 'canceled' },
        this.now(),
      );
      return failed ?? row;
    }
    return row;
  }

  /** The trade is paid: the top-up succeeds and the wallet is credited, once, in one transaction. */
  private async credit(row: WalletTopupRow, trade: TopupAppTrade): Promise<WalletTopupRow> {
    if (trade.amountMinor !== row.amountMinor)
      throw new Error(`top-up ${row.id} was paid ${trade.amountMinor}, not ${row.amountMinor}`);
    const at = this.now();
    const moved = await this.repo.transaction(async (trx) => {
      const done = await this.repo.moveTopup(trx, row.id, OPEN, { status: 'succeeded' }, at);
      if (done)
        await this.ledger.credit(trx, {
          userId: done.userId,
          kind: 'topup',
          amountMinor: done.amountMinor,
          idempotencyKey: `topup:${done.id}`,
          reference: done.method,
        });
      if (this.options.crashBeforeCommit) process.kill(process.pid, 'SIGKILL');
      return done;
    });
    return moved ?? ((await this.repo.topupById(row.id)) as WalletTopupRow);
  }
}
