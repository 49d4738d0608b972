import type { FastifyInstance } from 'fastify';
import type { Basics } from './feature-module';
import { accountModule } from './features/account/account.module';
import { alertsModule } from './features/alerts/alerts.module';
import { chatModule } from './features/chat/chat.module';
import { faresModule } from './features/fares/fares.module';
import { fulfilmentModule } from './features/fulfilment/fulfilment.module';
import { invoicesModule } from './features/invoices/invoices.module';
import { notificationsModule } from './features/notifications/notifications.module';
import { notify } from './features/notifications/notifications.service';
import { ordersModule } from './features/orders/orders.module';
import { passengersModule } from './features/passengers/passengers.module';
import { paymentModule } from './features/payment/payment.module';
import { type RailPorts, railModule } from './features/rail/rail.module';
import { walletModule } from './features/wallet/wallet.module';
import type { JobRegistry } from './jobs/jobs';
import { studentJourneysHeld } from './lib/student-journeys';
import { alertSearch } from './wiring/alert-search';
import { bookingPassengers } from './wiring/booking-passengers';
import { afterChange } from './wiring/change-links';
import { chatOrders } from './wiring/chat-orders';
import type { AppDeps } from './wiring/deps';
import { duffelSupply } from './wiring/duffel';
import { fareCalendarPorts, fareLog } from './wiring/fare-calendar';
import { fulfilmentPorts } from './wiring/fulfilment-ports';
import { invoiceReversal } from './wiring/invoice-reversal';
import {
  cardLockedNotice,
  chatAnsweredNotice,
  contactMailAllowed,
  latePaymentNotice,
  lateTopupNotice,
  refundFailedNotice,
} from './wiring/notices';
import { payableOrders } from './wiring/payable-orders';
import { paymentChannels } from './wiring/payment-channels';
import { paymentLinks } from './wiring/payment-links';
import { paymentProcessor } from './wiring/payment-processor';
import { bookingOffers, deskAnswered, railTicketsInProgress, savedTravellers } from './wiring/rail-links';
import { searchSupply } from './wiring/search';
import { orderRefundDesk, serviceDesk } from './wiring/service-desk';
import type { SharedState } from './wiring/shared-state';
import { studentJourneyLinks } from './wiring/student-journeys';
import { waitlistPayments } from './wiring/waitlist-payments';
import { walletApps } from './wiring/wallet-apps';
import { walletProcessor } from './wiring/wallet-processor';

/** Features built after the ones whose ports reach them, filled in once built. */
type Later = {
  orders?: ReturnType<typeof ordersModule>;
  payments?: ReturnType<typeof paymentModule>;
  chat?: ReturnType<typeof chatModule>;
  fulfilment?: ReturnType<typeof fulfilmentModule>;
};

/**
 * Rail's ports: the orders count tickets being issued, the chat's agents work the agents' desk, and
 * ticketing collects at once what they answer.
 */
function railPorts(deps: AppDeps, passengers: ReturnType<typeof passengersModule>, later: Later): RailPorts {
  return {
    railAccounts: deps.railAccounts,
    simulatorSms: deps.simulatorSms ?? deps.sms,
    travellers: savedTravellers(passengers.service),
    ticketsInProgress: railTicketsInProgress(() => later.orders?.repo),
    agents: { isAgent: async (userId) => (await later.chat?.service.isAgent(userId)) ?? false },
    answered: deskAnswered(() => later.fulfilment?.service),
    random: deps.random,
  };
}

/** The features, each built by its module in the order they need each other, their jobs registered. */
export async function buildFeatures(
  app: FastifyInstance,
  basics: Basics,
  deps: AppDeps,
  jobs: JobRegistry,
  shared: Pick<SharedState, 'searchStore' | 'keptPlans'>,
) {
  const { config, db, now } = basics;
  const warn = (err: unknown, what: string) => app.log.warn({ err }, what);
  const searchLater = () => search.service;
  const account = accountModule(basics, { mailer: deps.mailer, sms: deps.sms });
  const notices = notificationsModule(basics, {
    mail: deps.mailer,
    sms: deps.sms,
    contactMailAllowed: contactMailAllowed(account.limiter, config.CONTACT_MAIL_PER_DAY),
  });
  const passengers = passengersModule(basics, { railIdentity: deps.railIdentity });
  // A real flight seller beside (or instead of) the simulated ones, when its token is configured.
  const duffel = duffelSupply(config, deps.refdata, db);
  // The month of fares learns prices from searches, and its job prices the trips searched most through search.
  const fares = faresModule(basics, fareCalendarPorts(deps.refdata, searchLater));
  const search = searchSupply(basics, deps, shared, { seller: duffel?.supplier, fares: fareLog(fares.service), warn });
  // Ports reach a feature built after them, when called, never while built: rail counts tickets being issued from
  // the orders, the waiting list captures held payments and a change's quote asks payments where its refund goes.
  const later: Later = {};
  const rail = railModule(basics, railPorts(deps, passengers, later));
  const orders = ordersModule(basics, {
    offers: bookingOffers(search, rail.service, deps.refdata, (ids) => studentJourneysHeld(db, ids)),
    passengers: bookingPassengers(passengers.repo),
    notify,
    seats: rail.seatReturns,
    payments: waitlistPayments(() => later.payments?.service),
    afterChange: afterChange(),
    paidWith: async (orderId, amount) => (later.payments ? later.payments.service.refundTo(orderId, amount) : null),
  });
  later.orders = orders;
  const chat = chatModule(basics, {
    orders: chatOrders(orders.service),
    notifier: chatAnsweredNotice(now),
    sessions: account.service,
    databaseUrl: deps.databaseUrl,
    warn,
  });
  later.chat = chat;
  await chat.socket(app);
  const { processor, wallet, payments } = await moneyFeatures(app, basics, deps, jobs, { orders, chat });
  later.payments = payments;
  const invoices = invoicesModule(basics, { notify, mail: (mail) => deps.mailer.send(mail), einvoice: deps.einvoice });
  const sources = { orders, passengers, payments, rail, duffel, search };
  const fulfilment = fulfilmentModule(basics, {
    ...fulfilmentPorts(basics, deps, sources),
    ...studentJourneyLinks(invoiceReversal(invoices.service), now),
    agents: { isAgent: (userId) => chat.service.isAgent(userId) },
  });
  later.fulfilment = fulfilment;
  fulfilment.close(app);
  const alerts = alertsModule(basics, { search: alertSearch(search.service, fares.service), notify });
  const withJobs = [account, notices, passengers, search, orders, payments, wallet, invoices, fulfilment, fares];
  for (const feature of [...withJobs, alerts]) feature.jobs(jobs);
  return {
    account,
    notices,
    passengers,
    search,
    fares,
    rail,
    orders,
    processor,
    wallet,
    payments,
    chat,
    invoices,
    fulfilment,
    alerts,
    duffel,
  };
}

/** The card processor, the wallet and the payments of orders, in the order they need each other. */
async function moneyFeatures(
  app: FastifyInstance,
  basics: Basics,
  deps: AppDeps,
  jobs: JobRegistry,
  { orders, chat }: { orders: ReturnType<typeof ordersModule>; chat: ReturnType<typeof chatModule> },
) {
  const { config, db, now } = basics;
  // The card processor PAYMENT_PROCESSOR names (the embedded simulator outside production), or the one injected.
  const processor = await paymentProcessor(config, { db, secrets: deps.secrets, gateway: deps.gateway, now }, jobs);
  const channels = await paymentChannels(config, deps.channels);
  const wallet = walletModule(basics, {
    processor: walletProcessor(processor.gateway),
    notifier: cardLockedNotice(now),
    apps: walletApps(channels),
    topupNotifier: lateTopupNotice(now),
    desk: serviceDesk(chat.matters),
  });
  const payments = paymentModule(basics, {
    gateway: processor.gateway,
    orders: payableOrders(orders.service),
    ...paymentLinks(wallet.service),
    latePayment: latePaymentNotice(orders.repo),
    refundFailed: refundFailedNotice(orders.repo),
    desk: orderRefundDesk(chat.matters, orders.repo),
    channels,
    // A wallet top-up's trade is the wallet's; any other is an order's.
    otherTrades: (name, notice) => wallet.service.apps.onNotice(name, notice.tradeNo),
    // A card top-up's intent is the wallet's: one captured after its top-up had failed is refunded there.
    otherIntents: (intentId) => wallet.lateCards.onIntent(intentId),
  });
  app.decorate('payments', payments.service);
  return { processor, wallet, payments };
}
