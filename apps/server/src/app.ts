import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { AppError, CHAT_SOCKET_PATH, ERRORS, isoWithOffset } from '@junction/domain';
import type { Refdata } from '@junction/refdata';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { bookingPeople } from './booking-people';
import type { Config, TrustProxy } from './config';
import { assertOutsideSystems } from './config-outside';
import type { Db } from './db/database';
import { duffelSupply } from './duffel';
import { registerAccountJobs } from './features/account/account.jobs';
import { AccountRepository } from './features/account/account.repository';
import { accountRoutes } from './features/account/account.routes';
import { AccountService } from './features/account/account.service';
import { LoginGuard } from './features/account/login-guard';
import type { Mailer } from './features/account/messaging/mailer';
import type { SmsProvider } from './features/account/messaging/sms';
import { DAY, RateLimiter } from './features/account/rate-limiter';
import { type ChatBus, LocalBus, PgBus, RedisBus } from './features/chat/chat.bus';
import { ChatHub } from './features/chat/chat.hub';
import { ChatRepository } from './features/chat/chat.repository';
import { chatRoutes, chatSocketRoute } from './features/chat/chat.routes';
import { type ChatOrders, ChatService } from './features/chat/chat.service';
import { registerFulfilmentJobs } from './features/fulfilment/fulfilment.jobs';
import { FulfilmentRepository } from './features/fulfilment/fulfilment.repository';
import { fulfilmentRoutes } from './features/fulfilment/fulfilment.routes';
import { FulfilmentService } from './features/fulfilment/fulfilment.service';
import { ItineraryRepository } from './features/fulfilment/itinerary/itinerary.repository';
import { ItineraryService } from './features/fulfilment/itinerary/itinerary.service';
import { PdfPool } from './features/fulfilment/itinerary/itinerary-pdf-pool';
import { scheduleTicketing } from './features/fulfilment/schedule';
import { bySeller } from './features/fulfilment/ticketing/by-seller';
import type { TicketIssuers } from './features/fulfilment/ticketing/issuer';
import { TicketingUnavailable } from './features/fulfilment/ticketing/issuer';
import { SimulatedAirline } from './features/fulfilment/ticketing/simulated-issuers';
import { scheduleChangeRoutes } from './features/fulfilment/ticketing/simulator.routes';
import { healthRoutes } from './features/health/health.routes';
import { registerNotificationJobs } from './features/notifications/notifications.jobs';
import { NotificationsRepository } from './features/notifications/notifications.repository';
import { notificationRoutes } from './features/notifications/notifications.routes';
import { NotificationsService, notify } from './features/notifications/notifications.service';
import { registerOrderJobs } from './features/orders/orders.jobs';
import { OrdersRepository } from './features/orders/orders.repository';
import { orderRoutes } from './features/orders/orders.routes';
import { OrdersService } from './features/orders/orders.service';
import type { PassengerSource } from './features/orders/ports';
import { WaitlistRepository } from './features/orders/waitlist.repository';
import { WaitlistService } from './features/orders/waitlist.service';
import { registerPassengerJobs } from './features/passengers/passengers.jobs';
import { PassengersRepository } from './features/passengers/passengers.repository';
import { passengerRoutes } from './features/passengers/passengers.routes';
import { PassengersService } from './features/passengers/passengers.service';
import { type RailIdentityVerifier, SimulatedRailIdentityVerifier } from './features/passengers/rail-identity';
import { GatewayRefused, GatewayUnavailable, type PaymentGateway } from './features/payment/gateway/gateway';
import { registerPaymentJobs } from './features/payment/payment.jobs';
import { PaymentsRepository } from './features/payment/payment.repository';
import { paymentRoutes } from './features/payment/payment.routes';
import { type CrashPoint, PaymentsService } from './features/payment/payment.service';
import { webhookRoutes } from './features/payment/payment.webhook';
import { defaultGeocoder, sharedDoorNamer, sharedGazetteer, sharedMapData } from './features/places/geocoder/default';
import type { Geocoder } from './features/places/geocoder/geocoder';
import { placesRoutes } from './features/places/places.routes';
import { RailAgentDesk } from './features/rail/agent-desk';
import type { RailAccountProvider } from './features/rail/provider';
import { RailRepository } from './features/rail/rail.repository';
import { railRoutes } from './features/rail/rail.routes';
import { RailService } from './features/rail/rail.service';
import { RailServiceSimulator, type SimSms } from './features/rail/simulator/rail-service-sim';
import { railSimRoutes, seatReturnRoutes } from './features/rail/simulator/rail-sim.routes';
import { SimulatedSeatReturns } from './features/rail/simulator/seat-returns';
import { RailTicketsNotYet } from './features/rail/ticketing';
import { refdataRoutes } from './features/refdata/refdata.routes';
import { railStock } from './features/search/inventory/fares';
import type { Inventory } from './features/search/inventory/inventory';
import { sharedInventory } from './features/search/inventory/inventory';
import { registerLandingPages } from './features/search/landing';
import { searchRoutes } from './features/search/search.routes';
import { SearchService } from './features/search/search.service';
import { defaultSuppliers } from './features/search/suppliers/catalogue';
import { plannerPoolOptions, startedPlannerPool } from './features/search/suppliers/door-to-door/worker-pool-runner';
import type { Random } from './features/search/suppliers/network';
import type { Supplier } from './features/search/suppliers/supplier';
import { TrainStopsService } from './features/search/train-stops';
import { siteRoutes } from './features/site/site.routes';
import { type CardProcessor, ProcessorRefused, ProcessorUnavailable } from './features/wallet/ports';
import { SavedCards } from './features/wallet/saved-cards';
import { SavedCardsRepository } from './features/wallet/saved-cards.repository';
import { registerWalletJobs } from './features/wallet/wallet.jobs';
import { WalletLedger } from './features/wallet/wallet.ledger';
import { WalletRepository } from './features/wallet/wallet.repository';
import { walletRoutes } from './features/wallet/wallet.routes';
import { WalletService } from './features/wallet/wallet.service';
import { JobRunner } from './jobs/job-runner';
import { JobRegistry } from './jobs/jobs';
import type { Secrets } from './lib/secrets';
import { requireEndpoint } from './lib/serve';
import { paymentProcessor } from './payment-processor';
import { checkOrigin, requireUser, SESSION_COOKIE, sessionReader } from './plugins/auth';
import { clientErrorHandler } from './plugins/client-errors';
import { registerErrorHandler } from './plugins/error-handler';
import { registerHeaders } from './plugins/headers';
import { registerLanguage } from './plugins/language';
import { LoadMonitor, type LoadSignal } from './plugins/load-monitor';
import { registerLoadShedding, sheddingLimits } from './plugins/load-shedding';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity, tileOrigin } from './plugins/security';
import { isApiPath, registerStaticWeb, sendIndex } from './plugins/static-web';
import { sharedState } from './shared-state';

export type AppDeps = {
  db: Db;
  refdata: Refdata;
  mailer: Mailer;
  sms: SmsProvider;
  /**
   * Where the simulators' own texts go (the simulated 12306 sends its login codes as the real one would):
   * never through our SMS gateway; `sms` by default.
   */
  simulatorSms?: SimSms;
  /** Key material: the HMAC secret and the keyring that seals personal data at rest. */
  secrets: Secrets;
  /** Where the job tables are; without it no job runs in this process (jobs are still added). */
  databaseUrl?: string;
  now?: () => Date;
  /** The search suppliers; the configured simulated ones by default. */
  suppliers?: (inventory: Inventory) => Supplier[];
  random?: Random;
  /** The ticketing systems of airlines and China Railway; the simulators by default. */
  ticketIssuers?: TicketIssuers;
  /** China Railway's identity check; the simulator by default. */
  railIdentity?: RailIdentityVerifier;
  /** The national rail account service (12306); the simulator by default. */
  railAccounts?: RailAccountProvider;
  /** Where the log goes (standard output by default). */
  logStream?: NodeJS.WritableStream;
  /** The card processor; the embedded simulator by default. */
  gateway?: PaymentGateway;
  /** Addresses and landmarks for the place picker; the offline gazetteer by default. */
  geocoder?: Geocoder;
  /** The server's load as measured by this process (its main thread, the planner's queue) by default. */
  load?: LoadSignal;
};

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

declare module 'fastify' {
  interface FastifyInstance {
    /** The job runner of this process, when it has a database URL to run jobs from. */
    jobs: JobRunner | null;
    /** Payments: paying orders, settling attempts, and `refund` for an order's payment. */
    payments: PaymentsService;
  }
}

/** Builds the whole server without listening, so tests drive it with `app.inject`. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  // Production runs no simulator unless it is a declared demonstration.
  assertOutsideSystems(config);
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
  // Map tiles of a commercial map, when configured, come from its origin.
  const tiles = config.MAP_TILE_URL
    ? {
        url: config.MAP_TILE_URL,
        datum: config.MAP_TILE_DATUM,
        ...(config.MAP_TILE_ATTRIBUTION ? { attribution: config.MAP_TILE_ATTRIBUTION } : {}),
      }
    : undefined;
  await registerSecurity(app, tiles ? [tileOrigin(tiles.url)] : []);
  registerHeaders(app);
  await registerOpenApi(app);

  await app.register(healthRoutes(deps.db));
  await app.register(cookie);
  registerLanguage(app);

  const now = deps.now ?? (() => new Date());
  const jobs = new JobRegistry();
  const limiter = new RateLimiter(deps.db, deps.secrets.hmacKey, now);
  const guard = new LoginGuard(deps.db, deps.secrets.hmacKey, now);
  const accountRepo = new AccountRepository(deps.db);
  registerAccountJobs(jobs, { limiter, guard, repo: accountRepo, now });
  const accounts = new AccountService(
    accountRepo,
    limiter,
    guard,
    deps.secrets.hmacKey,
    deps.mailer,
    deps.sms,
    {
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      sessionIdleMs: config.SESSION_IDLE_DAYS * 86_400_000,
      sessionAbsoluteMs: config.SESSION_ABSOLUTE_DAYS * 86_400_000,
      ipLimitFactor: config.AUTH_IP_LIMIT_FACTOR,
    },
    now,
  );

  const notices = new NotificationsService(
    new NotificationsRepository(deps.db),
    {
      mail: deps.mailer,
      sms: deps.sms,
      contactMailAllowed: (address) =>
        limiter
          .hit([
            { key: `contact-mail:${address.trim().toLowerCase()}`, max: config.CONTACT_MAIL_PER_DAY, windowMs: DAY },
          ])
          .then(
            () => true,
            (e: unknown) => {
              if (e instanceof AppError && e.code === 'TOO_MANY_REQUESTS') return false;
              throw e;
            },
          ),
    },
    { publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` },
    now,
  );
  registerNotificationJobs(jobs, notices);

  const passengers = new PassengersService(
    new PassengersRepository(deps.db),
    deps.secrets,
    deps.railIdentity ??
      new SimulatedRailIdentityVerifier({
        latencyMs: config.RAIL_IDENTITY_LATENCY_MS,
        failureRate: config.RAIL_IDENTITY_FAILURE_RATE,
      }),
    { limit: config.PASSENGER_LIMIT, railCheckDelayMs: config.RAIL_IDENTITY_DELAY_MS },
    now,
  );
  registerPassengerJobs(jobs, passengers);

  // Search sessions and request counters every process shares: Redis, or PostgreSQL without it.
  const shared = sharedState(config, deps.db, now, jobs);
  app.addHook('onClose', () => shared.close());
  // China Railway's remaining tickets (the simulated railway), the same for searching, booking and waiting.
  const railRemaining = railStock(config.RAIL_SIM_SOLD_OUT);
  // A real flight seller beside (or instead of) the simulated ones, when its token is configured.
  const duffel = duffelSupply(config, deps.refdata, deps.db);
  const search = new SearchService(
    deps.refdata,
    sharedInventory(deps.refdata, !config.SEARCH_PLANNER_WORKER),
    shared.searchStore,
    {
      supplierTimeoutMs: config.SEARCH_SUPPLIER_TIMEOUT_MS,
      answerReuseMs: config.SEARCH_ANSWER_REUSE_SECONDS * 1000,
      doorNames: sharedDoorNamer(deps.refdata),
      suppliers:
        deps.suppliers ??
        ((inventory) =>
          defaultSuppliers(inventory, {
            latencyScale: config.SEARCH_LATENCY_SCALE,
            failures: config.SEARCH_SUPPLIER_FAILURES,
            plannerWorker: config.SEARCH_PLANNER_WORKER,
            plannerPool: plannerPoolOptions(config),
            random: deps.random,
            railRemaining,
            simulatedFlightSellers: config.SEARCH_SIMULATED_FLIGHT_SELLERS,
          }).concat(duffel ? [duffel.supplier(inventory)] : [])),
    },
    now,
  );

  const passengerRepo = new PassengersRepository(deps.db);
  const bookingPassengers: PassengerSource = {
    find: async (userId, ids) => {
      const found = await Promise.all(ids.map((id) => passengerRepo.findForUser(userId, id)));
      const rows = found.filter((r) => r !== undefined);
      const documents = await passengerRepo.documentsOf(
        userId,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({
        id: r.id,
        chineseName: r.chineseName,
        surname: r.surname,
        givenNames: r.givenNames,
        middleName: r.middleName,
        birthDate: r.birthDate,
        documents: documents
          .filter((d) => d.passengerId === r.id)
          .map((d) => ({
            id: d.id,
            type: d.type,
            numberSealed: d.numberSealed,
            numberMasked: d.numberMasked,
            expiryDate: d.expiryDate,
          })),
      }));
    },
  };
  const orders = new OrdersService(
    new OrdersRepository(deps.db),
    {
      quote: (searchId, resultId) => search.quoteForBooking(searchId, resultId),
      railCapacity: railRemaining,
      railServiceFeeMinor: deps.refdata.trainServiceFees.offline.perTicketMinor,
      railTicketing: async (userId) => ({ link: await rail.linkStatus(userId), fees: rail.fees }),
    },
    bookingPassengers,
    deps.secrets,
    {
      paymentMinutes: config.ORDER_PAYMENT_MINUTES,
      supportUrl: config.SUPPORT_URL,
      caps: {
        unpaidOrders: config.ORDER_UNPAID_MAX,
        heldSeats: config.ORDER_HELD_SEATS_MAX,
        trainSeats: config.ORDER_TRAIN_SEATS_MAX,
        contactUnpaid: config.ORDER_CONTACT_UNPAID_MAX,
      },
    },
    now,
    notify,
  );
  // China Railway's seats coming back now and then (the simulated railway), for the waiting list (候补).
  const seatReturns = new SimulatedSeatReturns(
    deps.db,
    { rate: config.RAIL_SIM_SEAT_RETURN_RATE, maxSeats: config.RAIL_SIM_SEAT_RETURN_MAX, random: deps.random },
    now,
  );
  const ordersRepoForWaitlist = new OrdersRepository(deps.db);
  const waitlist = new WaitlistService(
    ordersRepoForWaitlist,
    new WaitlistRepository(deps.db),
    seatReturns,
    railRemaining,
    notify,
    { cutoffMinutes: config.RAIL_WAITLIST_CUTOFF_MINUTES, pollSeconds: config.RAIL_WAITLIST_POLL_SECONDS },
    now,
  );
  orders.withWaitlist(waitlist);
  registerOrderJobs(jobs, orders, waitlist);

  // The card processor PAYMENT_PROCESSOR names (the embedded simulator outside production), or the one injected.
  const processor = paymentProcessor(config, { db: deps.db, secrets: deps.secrets, gateway: deps.gateway, now }, jobs);
  const gateway = processor.gateway;
  const payments = new PaymentsService(
    new PaymentsRepository(deps.db),
    {
      find: (orderId, userId) => orders.forPayment(orderId, userId),
      startPayment: (trx, orderId, at) => orders.startPayment(trx, orderId, at),
      endPayment: (trx, orderId, at) => orders.endPayment(trx, orderId, at),
      markPaid: (trx, p) => orders.markPaid(trx, p),
      markHeld: (trx, p) => orders.markHeld(trx, p),
      markWaitlistReleased: (trx, p) => orders.markWaitlistReleased(trx, p),
    },
    gateway,
    {
      returnPath: (orderId, attemptId) => `/payment?${new URLSearchParams({ id: orderId, attempt: attemptId })}`,
      settleAfterMs: config.PAYMENT_SETTLE_AFTER_MS,
      waitMs: config.PAYMENT_WAIT_MS,
      ...(config.PAYMENT_CRASH_AT && config.NODE_ENV !== 'production'
        ? { crashAt: config.PAYMENT_CRASH_AT as CrashPoint }
        : {}),
    },
    now,
  );
  // Ticketing follows a payment, queued in the payment's own transaction.
  payments.followWith({ scheduleTicketing });
  // Paying with a saved card: its token, made into a single-use one with the security code typed again.
  // Paying with a saved card: a single-use token of it with the security code typed again, the code's
  // outcome counted against the card (three wrong ones a day lock it).
  payments.payWithSavedCards({
    paymentToken: (userId, cardId, cvcToken) => wallet.cards.paymentToken(userId, cardId, cvcToken),
    codeOutcome: (trx, p) => wallet.cards.codeOutcome(trx, p),
  });
  // Paying from the wallet's balance and refunding to it go through the wallet's ledger.
  payments.payFromWallet({
    debit: (trx, m) => walletLedger.debit(trx, m),
    credit: (trx, m) => walletLedger.credit(trx, m),
  });
  registerPaymentJobs(jobs, payments);
  // A waiting-list order's held card payment: captured once seats are found, voided when released.
  waitlist.withPayments({
    capture: (orderId) => payments.captureHeld(orderId),
    release: (orderId) => payments.releaseHeld(orderId),
  });
  app.decorate('payments', payments);

  const walletRepo = new WalletRepository(deps.db);
  /** The wallet's ledger: refunds to the wallet and payments from it credit and debit it in their transaction. */
  const walletLedger = new WalletLedger(walletRepo, now);
  // The wallet reaches the card processor through its own port; the gateway's errors become the port's.
  const processorCall = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (e) {
      if (e instanceof GatewayUnavailable) throw new ProcessorUnavailable(e.message);
      if (e instanceof GatewayRefused) throw new ProcessorRefused(e.code, e.message);
      throw e;
    }
  };
  const walletProcessor: CardProcessor = {
    describeToken: (token) => processorCall(() => gateway.describeToken(token)),
    createCustomer: (request) => processorCall(() => gateway.createCustomer(request)),
    saveCard: (request) => processorCall(() => gateway.saveCard(request)),
    cardToken: (request) => processorCall(() => gateway.cardToken(request)),
    createIntent: (request) => processorCall(() => gateway.createIntent(request)),
    confirm: (intentId, request) => processorCall(() => gateway.confirm(intentId, request)),
    retrieve: (intentId) => processorCall(() => gateway.retrieve(intentId)),
    cancel: (intentId, request) => processorCall(() => gateway.cancel(intentId, request)),
  };
  const wallet = new WalletService(
    walletRepo,
    walletLedger,
    walletProcessor,
    {
      returnPath: '/account/wallet',
      actionTimeoutMs: 30 * 60_000,
      settleAfterMs: 60_000,
      caps: {
        perTopupMinor: config.WALLET_TOPUP_MAX_MINOR,
        dailyMinor: config.WALLET_TOPUP_DAILY_MAX_MINOR,
        balanceMinor: config.WALLET_BALANCE_MAX_MINOR,
      },
    },
    now,
    deps.secrets.keyring,
    new SavedCards(
      new SavedCardsRepository(deps.db),
      walletProcessor,
      deps.secrets.keyring,
      // A card locked after three wrong security codes: its owner is told by notice, e-mail and SMS.
      {
        cardLocked: (trx, p) =>
          notify(trx, {
            userId: p.userId,
            kind: 'card-locked',
            params: { card: p.card, untilAt: isoWithOffset(p.until.getTime(), 'Asia/Shanghai') },
            dedupeKey: `card-locked:${p.cardId}:${p.until.toISOString()}`,
            at: now(),
          }).then(() => undefined),
      },
      now,
    ),
  );
  registerWalletJobs(jobs, wallet);
  const railSim = deps.railAccounts
    ? undefined
    : new RailServiceSimulator(
        deps.db,
        deps.secrets.keyring,
        deps.simulatorSms ?? deps.sms,
        {
          latencyMs: config.RAIL_SIM_LATENCY_MS,
          codeFailureRate: config.RAIL_SIM_CODE_FAILURE_RATE,
          sessionMinutes: config.RAIL_SIM_SESSION_MINUTES,
          random: deps.random,
        },
        now,
      );
  const ordersRepoForRail = new OrdersRepository(deps.db);
  const rail = new RailService(
    new RailRepository(deps.db),
    deps.railAccounts ?? (railSim as RailServiceSimulator),
    deps.secrets.keyring,
    {
      findByDocument: (userId, type, number) => passengers.findByDocument(userId, type, number),
      save: (userId, input) => passengers.save(userId, input),
    },
    { count: (userId) => ordersRepoForRail.railTicketsInProgress(userId) },
    {
      callTimeoutMs: config.RAIL_CALL_TIMEOUT_MS,
      fees: {
        onlinePerTicketMinor: deps.refdata.trainServiceFees.online.perTicketMinor,
        offlinePerTicketMinor: deps.refdata.trainServiceFees.offline.perTicketMinor,
        offlineByTrainType: deps.refdata.trainServiceFees.offline.byTrainType,
      },
    },
    now,
  );
  const chatOrders: ChatOrders = {
    card: async (userId, orderId) => {
      try {
        const {
          travellers: _t,
          contact: _c,
          legs: _l,
          bounds: _b,
          fees: _f,
          subOrders: _s,
          ...o
        } = await orders.get(userId, orderId);
        return {
          id: o.id,
          orderNumber: o.orderNumber,
          createdAt: o.createdAt,
          originName: o.originName,
          destinationName: o.destinationName,
          places: o.places,
          kind: o.kind,
          status: o.status,
          paymentStatus: o.paymentStatus,
          payment: o.payment,
          departureTime: o.departureTime,
          arrivalTime: o.arrivalTime,
          waitlist: o.waitlist,
        };
      } catch (error) {
        if (error instanceof AppError && error.code === 'ORDER_NOT_FOUND') return undefined;
        throw error;
      }
    },
    recent: async (userId) =>
      (await orders.list(userId, { filter: 'all', page: 1, pageSize: 10 })).items.map(
        ({ travellerNames: _n, ...card }) => card,
      ),
  };
  const chatBus: ChatBus = config.REDIS_URL
    ? new RedisBus(config.REDIS_URL, (e) => app.log.warn({ err: e }, 'chat bus (Redis)'))
    : deps.databaseUrl
      ? new PgBus(deps.databaseUrl, (e) => app.log.warn({ err: e }, 'chat bus (PostgreSQL)'))
      : new LocalBus();
  const chatRepo = new ChatRepository(deps.db);
  const fixedHours = config.CHAT_FIXED_NOW ? new Date(config.CHAT_FIXED_NOW) : undefined;
  const chat = new ChatService(
    chatRepo,
    chatBus,
    chatOrders,
    {
      // The chat's transaction knows more tables than the notices need; it is the same transaction.
      answered: (trx, p) =>
        notify(trx as unknown as Parameters<typeof notify>[0], {
          userId: p.userId,
          kind: 'service-reply',
          params: { agent: p.agentName.slice(0, 40) },
          dedupeKey: `service-reply:${p.conversationId}`,
          at: now(),
        }).then(() => undefined),
    },
    {
      ratePerMinute: config.CHAT_RATE_PER_MINUTE,
      images: { perHour: config.CHAT_IMAGES_PER_HOUR, quotaBytes: Math.floor(config.CHAT_IMAGE_QUOTA_MB * 1024 ** 2) },
      hoursNow: fixedHours ? () => fixedHours : now,
    },
    now,
  );
  const chatHub = new ChatHub(
    chatRepo,
    chat,
    chatBus,
    {
      maxConnectionsPerUser: config.CHAT_MAX_CONNECTIONS,
      connectionTtlMs: 90_000,
      heartbeatMs: 30_000,
      framesPerMinute: 240,
    },
    now,
    (e) => app.log.warn({ err: e }, 'chat'),
  );
  app.addHook('onReady', async () => chatHub.start());
  app.addHook('onClose', () => chatHub.stop());
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register(chatSocketRoute(chat, chatHub, accounts, CHAT_SOCKET_PATH, SESSION_COOKIE));

  const railDesk = new RailAgentDesk(
    deps.db,
    {
      minMs: config.TICKETING_DELAY_MS,
      maxMs: Math.min(30 * config.TICKETING_DELAY_MS, 150_000),
      random: deps.random,
    },
    now,
  );

  const fulfilment = new FulfilmentService(
    new FulfilmentRepository(deps.db),
    deps.ticketIssuers ?? {
      // A flight ticket is bought from its seller: Duffel's from Duffel, the simulated sellers' from the
      // simulated airlines.
      air: bySeller(
        duffel ? { duffel: duffel.issuer } : {},
        new SimulatedAirline(deps.db, {
          delayMs: config.TICKETING_DELAY_MS,
          failureRate: config.TICKETING_FAILURE_RATE,
        }),
      ),
      // A rail sub-order is issued the way its order chose: online in the traveller's 12306 account,
      // or by our agent desk, whose agent takes from the ticketing delay up to thirty times it.
      rail: {
        kind: 'rail',
        issue: async (request) => {
          const found = await ordersRepoForRail.railTicketingOf(request.subOrderId);
          try {
            const tickets =
              found?.ticketing === 'online'
                ? await rail.issueOnline(found.userId, request)
                : await railDesk.issue(request);
            return { tickets, scheduleChanges: [] };
          } catch (e) {
            if (e instanceof RailTicketsNotYet) throw new TicketingUnavailable(e.message);
            throw e;
          }
        },
      },
    },
    notify,
    // Money goes back to the channel that paid: the card through the processor, the wallet through its ledger.
    async (r) => {
      const refunded = await payments.refund({
        orderId: r.orderId,
        subOrderId: r.subOrderId,
        amount: r.amountMinor,
        idempotencyKey: r.idempotencyKey,
      });
      return { channel: refunded.channel };
    },
    (mail) => deps.mailer.send({ to: config.STAFF_EMAIL, subject: mail.subject, text: mail.text, html: '' }),
    {
      ticketingHours: config.TICKETING_HOURS,
      ticketingAttempts: config.TICKETING_ATTEMPTS,
      refundDays: config.REFUND_DAYS,
      refundProcessingSeconds: config.REFUND_PROCESSING_SECONDS,
      // A lock held past any job's longest run (its supplier's delay twice) is a dead process's.
      staleLockSeconds: Math.max(config.JOB_STALE_LOCK_SECONDS, Math.ceil((2 * config.TICKETING_DELAY_MS) / 1000)),
    },
    now,
    (orderId) => payments.paymentsOf(orderId),
    bookingPeople(deps.db, deps.secrets.keyring),
  );
  registerFulfilmentJobs(jobs, fulfilment);

  // Itinerary PDFs are drawn off the main thread, a bounded number waiting.
  const pdfPool = new PdfPool({ workers: config.ITINERARY_PDF_WORKERS, maxQueue: config.ITINERARY_PDF_QUEUE });
  app.addHook('onClose', () => pdfPool.close());
  // API calls are turned away when the server has no capacity for them; pages, assets and /healthz never are.
  const isShedding = config.MAX_EVENT_LOOP_DELAY_MS > 0;
  const load = deps.load ?? new LoadMonitor(() => startedPlannerPool()?.expectedPlanWaitMs() ?? 0);
  if (isShedding && load instanceof LoadMonitor) {
    load.start();
    app.addHook('onClose', async () => load.stop());
  }
  /**
   * What every API route has, and every simulator route too: the origin check, the session, no caching of
   * what is personal, and one rate limit per address (static files and pages are never limited).
   */
  const guardLikeTheApi = async (scope: FastifyInstance): Promise<void> => {
    scope.decorateRequest('auth', null);
    scope.addHook('onRequest', checkOrigin);
    scope.addHook('onRequest', sessionReader(accounts));
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
  await app.register(async (api) => {
    if (isShedding)
      registerLoadShedding(
        api,
        load,
        sheddingLimits(config.MAX_EVENT_LOOP_DELAY_MS, config.SEARCH_SUPPLIER_TIMEOUT_MS),
      );
    api.addHook('onRoute', requireEndpoint);
    await guardLikeTheApi(api);
    await api.register(siteRoutes(config, now));
    await api.register(
      placesRoutes({
        places: deps.refdata.places,
        geocoder:
          deps.geocoder ??
          defaultGeocoder(deps.refdata, config, (err) => app.log.warn({ err }, 'AMap failed: the gazetteer answered')),
        gazetteer: sharedGazetteer(),
        map: sharedMapData(),
        ...(tiles ? { tiles } : {}),
      }),
    );
    await api.register(refdataRoutes(deps.refdata, deps.now));
    await api.register(
      accountRoutes(accounts, config.SESSION_ABSOLUTE_DAYS * 86_400, (userId) => notices.unread(userId)),
    );
    await api.register(
      searchRoutes(search, new TrainStopsService(sharedInventory(deps.refdata, !config.SEARCH_PLANNER_WORKER))),
    );
    await api.register(passengerRoutes(passengers));
    await api.register(orderRoutes(orders));
    await api.register(railRoutes(rail));
    await api.register(walletRoutes(wallet));
    await api.register(notificationRoutes(notices));
    await api.register(
      fulfilmentRoutes(
        fulfilment,
        new ItineraryService(
          new FulfilmentRepository(deps.db),
          (orderId) => payments.paymentsOf(orderId),
          (point) => (point.placeId === undefined ? undefined : deps.refdata.places.get(point.placeId)?.tz),
          now,
          { pool: pdfPool, kept: new ItineraryRepository(deps.db) },
        ),
      ),
    );
    await api.register(chatRoutes(chat, chatHub));
    await api.register(paymentRoutes(payments));
  });
  // The simulators' own routes, when they are in use: behind a session and the API's rate limit, in every mode.
  await app.register(async (simulators) => {
    await guardLikeTheApi(simulators);
    simulators.addHook('preHandler', requireUser);
    if (processor.simulatorRoutes) await simulators.register(processor.simulatorRoutes);
    if (railSim) await simulators.register(railSimRoutes(railSim));
    // Making seats come back or flights re-timed at will is for development and tests, never a production server.
    if (config.NODE_ENV !== 'production') {
      await simulators.register(seatReturnRoutes(seatReturns));
      await simulators.register(scheduleChangeRoutes(deps.db));
    }
  });
  await app.register(webhookRoutes(gateway, (event) => payments.onGatewayEvent(event)));
  if (duffel) await app.register(duffel.webhook(fulfilment));
  processor.connect(app);

  const runner = deps.databaseUrl
    ? new JobRunner(jobs, {
        connectionString: deps.databaseUrl,
        concurrency: config.JOB_CONCURRENCY,
        log: (level, message, meta) => {
          if (level === 'error') app.log.error(meta, message);
          else if (level === 'warning') app.log.warn(meta, message);
          else app.log.debug(meta, message);
        },
      })
    : undefined;
  app.decorate('jobs', runner ?? null);
  if (runner && config.RUN_JOBS) {
    app.addHook('onReady', () => runner.start());
  }
  app.addHook('onClose', async () => {
    await runner?.stop();
  });

  const hasWeb = await registerStaticWeb(app, config.WEB_DIST);
  if (hasWeb)
    registerLandingPages(app, config.WEB_DIST, search, config.PUBLIC_URL ?? `http://localhost:${config.PORT}`);

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const wantsPage = req.method === 'GET' || req.method === 'HEAD';
    if (hasWeb && wantsPage && !isApiPath(path)) {
      return sendIndex(reply);
    }
    return reply
      .code(404)
      .send({ errorCode: ERRORS.NOT_FOUND.errorCode, errorContent: `${req.method} ${path} does not exist` });
  });

  return app;
}
