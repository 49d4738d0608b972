import type { Basics } from '../../feature-module';
import type { JobRegistry } from '../../jobs/jobs';
import { registerPassengerJobs } from './passengers.jobs';
import { PassengersRepository } from './passengers.repository';
import { passengerRoutes } from './passengers.routes';
import { PassengersService } from './passengers.service';
import { type RailIdentityVerifier, SimulatedRailIdentityVerifier } from './rail-identity';

/** Saved travellers and their sealed documents, checked with China Railway (the simulator by default). */
export function passengersModule(basics: Basics, ports: { railIdentity?: RailIdentityVerifier }) {
  const { db, config, secrets, now } = basics;
  const repo = new PassengersRepository(db);
  const service = new PassengersService(
    repo,
    secrets,
    ports.railIdentity ??
      new SimulatedRailIdentityVerifier({
        latencyMs: config.RAIL_IDENTITY_LATENCY_MS,
        failureRate: config.RAIL_IDENTITY_FAILURE_RATE,
      }),
    { limit: config.PASSENGER_LIMIT, railCheckDelayMs: config.RAIL_IDENTITY_DELAY_MS },
    now,
  );
  return {
    service,
    /** The traveller records, read by the features that book in their names. */
    repo,
    routes: passengerRoutes(service),
    jobs: (registry: JobRegistry) => registerPassengerJobs(registry, service),
  };
}
