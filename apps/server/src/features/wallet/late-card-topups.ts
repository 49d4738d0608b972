import type { LateTopupRefunds } from './late-topup-refunds';
import { type CardProcessor, ProcessorRefused, ProcessorUnavailable } from './ports';
import type { WalletRepository, WalletTopupRow } from './wallet.repository';

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

  /** The sweep: every card top-up failed within the window with no late refund yet. The number refunded now. */
  async sweep(): Promise<number> {
    if (this.windowMs <= 0) return 0;
    let found = 0;
    for (const row of await this.repo.failedCardTopups(new Date(this.now().getTime() - this.windowMs))) {
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
