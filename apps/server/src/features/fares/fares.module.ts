import type { Basics, FeatureModule } from '../../feature-module';
import type { JobRegistry } from '../../jobs/jobs';
import { registerFareJobs } from './fares.jobs';
import { FaresRepository } from './fares.repository';
import { fareRoutes } from './fares.routes';
import { FaresService, type PlaceKey, type TripPricer } from './fares.service';

/** The month of fares: prices seen by searches, and a job pricing the trips searched most. */
export function faresModule(
  basics: Basics,
  ports: { price: TripPricer; placeKey: PlaceKey },
): FeatureModule<FaresService> {
  const service = new FaresService(new FaresRepository(basics.db), ports.price, ports.placeKey, basics.now);
  return {
    service,
    routes: fareRoutes(service),
    jobs: (registry: JobRegistry) => registerFareJobs(registry, service, basics.config.FARES_FILL_CRON),
  };
}
