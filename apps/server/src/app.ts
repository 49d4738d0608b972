import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { assertOutsideSystems } from './config-outside';
import { buildFeatures } from './features';
import { placesModule } from './features/places/places.module';
import { refdataRoutes } from './features/refdata/refdata.routes';
import { siteRoutes } from './features/site/site.routes';
import { JobRegistry } from './jobs/jobs';
import { type AppDeps, basicsOf } from './wiring/deps';
import { apiScope, createServer, guardLikeTheApi, simulatorScope, startJobs, webPages } from './wiring/server';
import { sharedState } from './wiring/shared-state';

export type { AppDeps } from './wiring/deps';
export { scrubUrl } from './wiring/server';

/**
 * Builds the whole server without listening, so tests drive it with `app.inject`: each feature is built by
 * its module from the ports the features before it fill (docs/architecture.md §4), in the order they need
 * each other (`features.ts`); the glue between two features lives in `wiring/`.
 */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  // Production runs no simulator unless it is a declared demonstration.
  assertOutsideSystems(config);
  const { app, tiles } = await createServer(config, deps);
  const basics = basicsOf(config, deps);
  const jobs = new JobRegistry();
  // Search sessions and request counters every process shares: Redis, or PostgreSQL without it.
  const shared = await sharedState(config, basics.db, basics.now, jobs);
  app.addHook('onClose', () => shared.close());
  const f = await buildFeatures(app, basics, deps, jobs, shared);
  const warn = (err: unknown, what: string) => app.log.warn({ err }, what);

  const guard = guardLikeTheApi(config, f.account.service, shared);
  await app.register(
    apiScope(config, deps, guard, [
      siteRoutes(config, basics.now),
      placesModule(basics, { geocoder: deps.geocoder, tiles, warn }).routes,
      refdataRoutes(deps.refdata, deps.now),
      f.account.routes((userId) => f.notices.service.unread(userId)),
      f.search.routes,
      f.fares.routes,
      f.passengers.routes,
      f.orders.routes,
      f.rail.routes,
      f.rail.deskRoutes,
      f.wallet.routes,
      f.notices.routes,
      f.fulfilment.routes,
      f.fulfilment.deskRoutes,
      f.invoices.routes,
      f.chat.routes,
      f.payments.routes,
      f.alerts.routes,
    ]),
  );
  // The simulators' own routes, when they are in use: behind a session and the API's rate limit, in every mode.
  await app.register(
    simulatorScope(guard, [
      f.processor.simulatorRoutes,
      f.rail.simulatorRoutes,
      f.fulfilment.simulatorRoutes,
      f.search.simulatorRoutes,
      f.alerts.simulatorRoutes,
    ]),
  );
  await app.register(f.payments.webhook);
  await app.register(f.payments.notices);
  if (f.duffel) await app.register(f.duffel.webhook(f.fulfilment.service));
  f.processor.connect(app);
  startJobs(app, jobs, config, deps.databaseUrl);

  await webPages(app, config, f.search.service);
  return app;
}
