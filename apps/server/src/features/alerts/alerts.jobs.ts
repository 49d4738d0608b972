import { z } from 'zod';
import type { JobRegistry } from '../../jobs/jobs';
import type { AlertsService } from './alerts.service';

/**
 * Price alerts on a schedule (`ALERT_SWEEP_CRON`, none when off) any process may hold, each occurrence run once: the sweep queues a search of
 * every alert due (one waiting search per alert), and each search runs once, retried while suppliers fail.
 */
export function registerAlertJobs(jobs: JobRegistry, alerts: AlertsService, cron: string | null): void {
  jobs.task('alerts.check', z.object({ alertId: z.uuid(), version: z.number().int().optional() }), async (p) => {
    await alerts.check(p.alertId, p.version);
  });
  jobs.task('alerts.sweep', z.object({}).loose(), async () => {
    await alerts.sweep();
  });
  if (cron !== null) jobs.schedule('alerts.sweep', cron);
}
