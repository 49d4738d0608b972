import { z } from 'zod';
import type { JobRegistry } from '../../jobs/jobs';
import type { PassengersService } from './passengers.service';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    'passengers.check-rail-identity': { passengerId: string; request: number };
  }
}

/** China Railway's identity check runs a short while after each save, retried while the railway does not answer. */
export function registerPassengerJobs(jobs: JobRegistry, passengers: PassengersService): void {
  jobs.task(
    'passengers.check-rail-identity',
    z.object({ passengerId: z.uuid(), request: z.number().int() }),
    (p, context) => passengers.checkRailIdentity(p.passengerId, p.request, context.signal),
  );
}
