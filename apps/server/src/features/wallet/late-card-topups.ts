import type { LateTopupRefunds } from './late-topup-refunds';
import { type CardProcessor, ProcessorRefused, ProcessorUnavailable } from './ports';
import type { WalletRepository, WalletTopupRow } from './wallet.repository';

/** The shortest wait before a failed card top-up is asked about again (the sweep runs every 15 minutes). */
export const LATE_CHECK_MIN_WAIT_MS = 10 * 60_000;

/**
 * A card top-up the processor captured after we had recorded it failed (a webhook after the failure, or the
 * sweep asking the processor about the top-ups failed lately): the wallet is not credited, and the money goes
 * back to the card through the same late refund as an app's top-up, recorded once per top-up and sent by its
 * job until the processor confirms it.
 */
export class LateCardTopups {
  constructor(
    private readonly repo: WalletRepository,
    private readonly processor: Pick<CardProcessor, 'retrieve'>,
    private readonly lateRefunds: LateTopupRefunds,
    private readonly now: () => Date,
    /** How long after a card top-up failed the sweep still asks whether it was captured after all. */
    private readonly windowMs: number,
  ) {}

  /** A verified webhook of an intent: true when it is a card top-up's, refunded if it failed and was captured. */
  async onIntent(intentId: string): Promise<boolean> {
    const row = await this.repo.topupByTrade('card', intentId);
    if (!row) return false;
    if (row.status === 'failed') await this.refundCaptured(row);
    return true;
  }

  /**
   * The sweep: asks about the card top-ups failed within the window that are due (each claimed and marked
   * asked first, so two processes sweeping at once ask about it once, and asked again only after a growing
   * wait), refunding any captured after all. The number refunded now.
   */
  async sweep(): Promise<number> {
    if (this.windowMs <= 0) return 0;
    const now = this.now();
    const since = new Date(now.getTime() - this.windowMs);
    let found = 0;
    for (const row of await this.repo.claimLateCardChecks(since, now, LATE_CHECK_MIN_WAIT_MS)) {
      try {
        if (await this.refundCaptured(row)) found++;
      } catch (e) {
        if (!(e instanceof ProcessorUnavailable || e instanceof ProcessorRefused)) throw e;
      }
    }
    return found;
  }

  /** Asks the processor about a failed top-up's intent; a captured one's refund is written once and sent. */
  private async refundCaptured(row: WalletTopupRow): Promise<boolean> {
    const intent = await this.processor.retrieve(row.intentId ?? '');
    if (intent.status !== 'succeeded' || intent.amount <= 0) return false;
    const refund = await this.lateRefunds.record(row, intent.amount);
    if (refund) await this.lateRefunds.sendNow(refund.id);
    return refund !== undefined;
  }
}
