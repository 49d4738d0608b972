import { z } from 'zod';
import type { JobRegistry } from '../../jobs/jobs';
import type { LateCardTopups } from './late-card-topups';
import type { LateTopupRefunds } from './late-topup-refunds';
import type { WalletService } from './wallet.service';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    'wallet.sealCards': Record<string, never>;
  }
}

/**
 * The wallet's jobs: settling a top-up its request left open (an app's: until its trade is paid or closed), and sealing the billing address of cards
 * saved before sealing (or by a key rotated out), on a schedule; sending a late top-up's refund until its app
 * or the card processor confirms it, with a sweep that first asks the processor about the card top-ups failed
 * lately (one captured after all is refunded), then sends again those still pending.
 */
export function registerWalletJobs(
  jobs: JobRegistry,
  wallet: WalletService,
  lateRefunds: LateTopupRefunds,
  lateCards: LateCardTopups,
): void {
  jobs.task('wallet.settleTopup', z.object({ topupId: z.uuid() }), (p) => wallet.settleTopup(p.topupId));
  jobs.task('wallet.settleAppTopup', z.object({ topupId: z.uuid() }), (p) => wallet.apps.settle(p.topupId));
  jobs.task('wallet.sealCards', z.object({}), async () => {
    await wallet.sealCards();
  });
  jobs.schedule('wallet.sealCards', '*/15 * * * *');
  jobs.task('wallet.refundLateTopup', z.object({ refundId: z.uuid() }), async (p) => {
    await lateRefunds.send(p.refundId);
  });
  jobs.task('wallet.refundLateTopups', z.object({}), async () => {
    await lateCards.sweep();
    await lateRefunds.sendPending(10 * 60_000);
  });
  jobs.schedule('wallet.refundLateTopups', '*/15 * * * *');
}
