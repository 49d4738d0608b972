import { z } from 'zod';
import type { JobRegistry } from '../../../../jobs/jobs';
import type { GatewaySimulator } from './simulator.service';

/** Each webhook is a job: retried with back-off until the receiver answers 2xx. */
export function registerSimulatorJobs(jobs: JobRegistry, sim: GatewaySimulator): void {
  jobs.task('gatewaySim.webhook', z.object({ eventId: z.string() }), (p) => sim.deliver(p.eventId));
}
