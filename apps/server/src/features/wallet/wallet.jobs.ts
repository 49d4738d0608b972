import { z } from 'zod';
import type { JobRegistry } from '../../jobs/jobs';
import type { WalletService } from './wallet.service';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    'wallet.sealCards': Record<string, never>;
  }
}

/**
 * The wallet's jobs: settling a top-up its request left open (an app's: until its trade is paid or closed), and sealing the billing address of cards
 * saved before sealing (or by a key rotated out), on a schedule.
 */
export function registerWalletJobs(jobs: JobRegistry, wallet: WalletService): void {
  jobs.task('wallet.settleTopup', z.object({ topupId: z.uuid() }), (p) => wallet.settleTopup(p.topupId));
  jobs.task('wallet.settleAppTopup', z.object({ topupId: z.uuid() }), (p) => wallet.apps.settle(p.topupId));
  jobs.task('wallet.sealCards', z.object({}), async () => {
    await wallet.sealCards();
  });
  jobs.schedule('wallet.sealCards', '*/15 * * * *');
}
