import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { ERRORS, type MapTiles } from '@junction/domain';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from '../config';
import { healthRoutes } from '../features/health/health.routes';
import type { PaymentsService } from '../features/payment/payment.service';
import { registerLandingPages } from '../features/search/landing';
import type { SearchService } from '../features/search/search.service';
import { startedPlannerPool } from '../features/search/suppliers/door-to-door/worker-pool-runner';
import { JobRunner } from '../jobs/job-runner';
import type { JobRegistry } from '../jobs/jobs';
import { requireEndpoint } from '../lib/serve';
import { checkOrigin, requireUser, type SessionAuthenticator, sessionReader } from '../plugins/auth';
import { clientErrorHandler } from '../plugins/client-errors';
import { registerErrorHandler } from '../plugins/error-handler';
import { registerClosing, registerHeaders } from '../plugins/headers';
import { registerLanguage } from '../plugins/language';
import { LoadMonitor } from '../plugins/load-monitor';
import { registerLoadShedding, sheddingLimits } from '../plugins/load-shedding';
import { registerOpenApi } from '../plugins/openapi';
import { registerSecurity, stripeOrigins, tileOrigin } from '../plugins/security';
import { isApiPath, registerStaticWeb, sendIndex } from '../plugins/static-web';
import type { AppDeps } from './deps';
import type { SharedState } from './shared-state';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job runner of this process, when it has a database URL to run jobs from. */
    jobs: JobRunner | null;
    /** Payments: paying orders, settling attempts, and `refund` for an order's payment. */
    payments: PaymentsService;
  }
}

/** Secrets and personal data never reach the logs. */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.code',
  '*.documentNumber',
  '*.cardNumber',
  '*.cvv',
];

/** Query parameters that carry secrets (an activation token, a code) are never written to the log. */
const SECRET_PARAMS = /([?&](?:token|code|password|sid)=)[^&#]*/gi;
export const scrubUrl = (url: string): string => url.replace(SECRET_PARAMS, '$1[redacted]');

/** Fastify's proxy setting: a hop count counts proxies from the server outwards; addresses name them. */
function trustProxyOption(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** Map tiles of a commercial map, when configured, come from its origin. */
function mapTiles(config: Config): MapTiles | undefined {
  if (!config.MAP_TILE_URL) return undefined;
  return {
    url: config.MAP_TILE_URL,
    datum: config.MAP_TILE_DATUM,
    ...(config.MAP_TILE_ATTRIBUTION ? { attribution: config.MAP_TILE_ATTRIBUTION } : {}),
  };
}

/** The HTTP server with its logging, security headers, error handler, OpenAPI, health and language. */
export async function createServer(config: Config, deps: AppDeps) {
  const tiles = mapTiles(config);
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
            redact: { paths: REDACT, censor: '[redacted]' },
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: scrubUrl(req.url),
                remoteAddress: req.ip,
              }),
            },
          },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // A start on a machine busy with other work may take longer than Fastify's 10 s per plugin.
    pluginTimeout: 120_000,
    clientErrorHandler,
    // Each API route reads at most its own limit (lib/serve.ts); nothing else takes a body.
    bodyLimit: 64 * 1024,
    // A short link from a door carries its name, percent-encoded: a Chinese address is long.
    routerOptions: { maxParamLength: 4000 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurity(app, tiles ? [tileOrigin(tiles.url)] : [], stripeOrigins(config));
  registerHeaders(app);
  registerClosing(app);
  await registerOpenApi(app);
  await app.register(healthRoutes(deps.db));
  await app.register(cookie);
  registerLanguage(app);
  return { app, tiles };
}

/**
 * What every API route has, and every simulator route too: the origin check, the session, no caching of
 * what is personal, and one rate limit per address (static files and pages are never limited).
 */
export function guardLikeTheApi(config: Config, sessions: SessionAuthenticator, shared: SharedState) {
  return async (scope: FastifyInstance): Promise<void> => {
    scope.decorateRequest('auth', null);
    scope.addHook('onRequest', checkOrigin);
    scope.addHook('onRequest', sessionReader(sessions));
    // What a signed-in traveller is answered, and any answer that sets a cookie, is kept by no cache.
    scope.addHook('onSend', async (req, reply, payload) => {
      if (req.auth || reply.hasHeader('set-cookie') || reply.statusCode >= 400)
        reply.header('cache-control', 'no-store');
      return payload;
    });
    await scope.register(rateLimit, {
      max: config.RATE_LIMIT_MAX,
      timeWindow: config.RATE_LIMIT_WINDOW_MS,
      // Counted for all processes together; should the counters be out of reach, requests go on unlimited.
      ...shared.rateLimit,
      skipOnError: true,
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: 429,
        errorCode: ERRORS.TOO_MANY_REQUESTS.errorCode,
        errorContent: `${ERRORS.TOO_MANY_REQUESTS.message} Retry in ${Math.ceil(ctx.ttl / 1000)} s.`,
      }),
    });
  };
}

/**
 * The API scope: turned away when the server has no capacity for it (pages, assets and /healthz never are),
 * every route an endpoint of the contract, guarded like the API, then the features' routes in order.
 */
export function apiScope(
  config: Config,
  deps: Pick<AppDeps, 'load'>,
  guard: (scope: FastifyInstance) => Promise<void>,
  routes: FastifyPluginAsync[],
): FastifyPluginAsync {
  return async (api) => {
    if (config.MAX_EVENT_LOOP_DELAY_MS > 0) {
      const load = deps.load ?? new LoadMonitor(() => startedPlannerPool()?.expectedPlanWaitMs() ?? 0);
      if (load instanceof LoadMonitor) {
        load.start();
        api.addHook('onClose', async () => load.stop());
      }
      registerLoadShedding(
        api,
        load,
        sheddingLimits(config.MAX_EVENT_LOOP_DELAY_MS, config.SEARCH_SUPPLIER_TIMEOUT_MS),
      );
    }
    api.addHook('onRoute', requireEndpoint);
    await guard(api);
    for (const feature of routes) await api.register(feature);
  };
}

/** The job runner of this process, when it has a database URL to run jobs from; started once ready. */
export function startJobs(app: FastifyInstance, jobs: JobRegistry, config: Config, databaseUrl?: string): void {
  const runner = databaseUrl
    ? new JobRunner(jobs, {
        connectionString: databaseUrl,
        concurrency: config.JOB_CONCURRENCY,
        pollIntervalMs: config.JOB_POLL_MS,
        log: (level, message, meta) => {
          if (level === 'error') app.log.error(meta, message);
          else if (level === 'warning') app.log.warn(meta, message);
          else app.log.debug(meta, message);
        },
      })
    : undefined;
  app.decorate('jobs', runner ?? null);
  if (runner && config.RUN_JOBS) app.addHook('onReady', () => runner.start());
  app.addHook('onClose', async () => {
    await runner?.stop();
  });
}

/** The simulators' own routes: behind a session and the API's rate limit, in every mode. */
export function simulatorScope(
  guard: (scope: FastifyInstance) => Promise<void>,
  routes: (FastifyPluginAsync | undefined)[],
): FastifyPluginAsync {
  return async (simulators) => {
    await guard(simulators);
    simulators.addHook('preHandler', requireUser);
    for (const simulator of routes) if (simulator) await simulators.register(simulator);
  };
}

/** The built web app and the route landing pages, when there is a build; the answer for what is not found. */
export async function webPages(app: FastifyInstance, config: Config, search: SearchService): Promise<void> {
  const hasWeb = await registerStaticWeb(app, config.WEB_DIST);
  if (hasWeb)
    registerLandingPages(app, config.WEB_DIST, search, config.PUBLIC_URL ?? `http://localhost:${config.PORT}`);
  notFound(app, hasWeb);
}

/** Every GET that is not an API route serves the web app, which sends unknown paths to `/`; the rest is 404. */
function notFound(app: FastifyInstance, hasWeb: boolean): void {
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const wantsPage = req.method === 'GET' || req.method === 'HEAD';
    if (hasWeb && wantsPage && !isApiPath(path)) return sendIndex(reply);
    return reply
      .code(404)
      .send({ errorCode: ERRORS.NOT_FOUND.errorCode, errorContent: `${req.method} ${path} does not exist` });
  });
}
