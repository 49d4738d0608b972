import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Basics } from '../../feature-module';
import type { JobRegistry } from '../../jobs/jobs';
import { registerFulfilmentJobs } from './fulfilment.jobs';
import { FulfilmentRepository } from './fulfilment.repository';
import { fulfilmentRoutes } from './fulfilment.routes';
import { FulfilmentService } from './fulfilment.service';
import { ItineraryRepository } from './itinerary/itinerary.repository';
import { ItineraryService } from './itinerary/itinerary.service';
import { PdfPool } from './itinerary/itinerary-pdf-pool';
import type { FulfilmentPorts } from './ports';
import { ProtectionRepository } from './protection/protection.repository';
import { ProtectionService } from './protection/protection.service';
import { refundDeskRoutes } from './refund-desk.routes';
import { delayRoutes } from './ticketing/delay-sim';
import { scheduleChangeRoutes } from './ticketing/simulator.routes';

export type { FulfilmentPorts } from './ports';

/** Ticketing after payment, the traveller's refunds, completion, and the itinerary with its PDF. */
export function fulfilmentModule(basics: Basics, ports: FulfilmentPorts) {
  const { db, config, now } = basics;
  const repo = new FulfilmentRepository(db);
  const service = new FulfilmentService(
    repo,
    ports,
    {
      ticketingHours: config.TICKETING_HOURS,
      ticketingAttempts: config.TICKETING_ATTEMPTS,
      refundDays: config.REFUND_DAYS,
      refundProcessingSeconds: config.REFUND_PROCESSING_SECONDS,
      // A lock held past any job's longest run (its supplier's delay twice) is a dead process's.
      staleLockSeconds: Math.max(config.JOB_STALE_LOCK_SECONDS, Math.ceil((2 * config.TICKETING_DELAY_MS) / 1000)),
    },
    now,
  );
  const protection = new ProtectionService({
    ctx: service.ctx,
    repo: new ProtectionRepository(db),
    next: ports.nextDepartures,
    released: ports.ticketReleased,
  });
  // Itinerary PDFs are drawn off the main thread, a bounded number waiting.
  const pdfPool = new PdfPool({ workers: config.ITINERARY_PDF_WORKERS, maxQueue: config.ITINERARY_PDF_QUEUE });
  const itinerary = new ItineraryService(repo, ports.paymentsOf, ports.zoneOf, now, {
    pool: pdfPool,
    kept: new ItineraryRepository(db),
  });
  /** Flights re-timed at will are for development and tests, never a production server. */
  const simulatorRoutes: FastifyPluginAsync = async (scope) => {
    if (config.NODE_ENV !== 'production') {
      await scope.register(scheduleChangeRoutes(db));
      await scope.register(delayRoutes(db));
    }
  };
  return {
    service,
    protection,
    routes: fulfilmentRoutes(service, itinerary, protection),
    deskRoutes: refundDeskRoutes(service.refunds, ports.agents ?? { isAgent: async () => false }),
    simulatorRoutes,
    /** The PDF threads end with the server. */
    close: (app: FastifyInstance) => app.addHook('onClose', () => pdfPool.close()),
    jobs: (registry: JobRegistry) => registerFulfilmentJobs(registry, service, protection),
  };
}
