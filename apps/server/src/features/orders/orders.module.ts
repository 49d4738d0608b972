import type { Basics } from '../../feature-module';
import type { JobRegistry } from '../../jobs/jobs';
import type { AfterChange } from './change/change.context';
import { ChangeRepository } from './change/change.repository';
import { changeRoutes } from './change/change.routes';
import { ChangeService } from './change/change.service';
import { registerOrderJobs } from './orders.jobs';
import { OrdersRepository } from './orders.repository';
import { orderRoutes } from './orders.routes';
import { OrdersService } from './orders.service';
import type {
  OfferSource,
  OrderNotifier,
  OrderPayments,
  PassengerSource,
  SeatReturns,
  WaitlistPayments,
} from './ports';
import { WaitlistRepository } from './waitlist.repository';
import { WaitlistService } from './waitlist.service';

export type OrdersPorts = {
  offers: OfferSource;
  passengers: PassengerSource;
  notify: OrderNotifier;
  /** China Railway's seats coming back, for the waiting list (候补). */
  seats: SeatReturns;
  /** The held card payment of a waiting-list order. */
  payments: WaitlistPayments;
  /** What follows a change that needs no payment: the order's ticketing job. */
  afterChange: AfterChange;
  /** The payments of an order, for where a change's refund goes. */
  paidWith: OrderPayments;
};

/** Orders and their waiting list: booking, seat holds, expiry, the waiting list's fill and release. */
export function ordersModule(basics: Basics, ports: OrdersPorts) {
  const { db, config, secrets, now } = basics;
  const repo = new OrdersRepository(db);
  const waitlist = new WaitlistService(
    repo,
    new WaitlistRepository(db),
    ports.seats,
    ports.offers.railCapacity,
    ports.notify,
    { cutoffMinutes: config.RAIL_WAITLIST_CUTOFF_MINUTES, pollSeconds: config.RAIL_WAITLIST_POLL_SECONDS },
    now,
    ports.payments,
  );
  const service = new OrdersService(
    repo,
    ports.offers,
    ports.passengers,
    secrets,
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
    ports.notify,
    waitlist,
  );
  const changes = new ChangeService({
    repo: new ChangeRepository(db),
    orders: repo,
    offers: ports.offers,
    notify: ports.notify,
    after: ports.afterChange,
    paidWith: ports.paidWith,
    paymentMinutes: config.ORDER_PAYMENT_MINUTES,
    now,
  });
  return {
    service,
    waitlist,
    changes,
    /** The order records, read by the features that follow an order (rail counts, sellers' travellers). */
    repo,
    routes: orderRoutes(service, changeRoutes(changes)),
    jobs: (registry: JobRegistry) => registerOrderJobs(registry, service, waitlist, changes),
  };
}
