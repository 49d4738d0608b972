import { z } from 'zod';
import type { JobRegistry } from '../../jobs/jobs';
import type { WalletService } from './wallet.service';

/** The wallet's jobs: settling a top-up its request left open. */
export function registerWalletJobs(jobs: JobRegistry, wallet: WalletService): void {
  jobs.task('wallet.settleTopup', z.object({ topupId: z.uuid() }), (p) => wallet.settleTopup(p.topupId));
}
