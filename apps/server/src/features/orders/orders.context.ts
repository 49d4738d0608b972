import type { Secrets } from '../../lib/secrets';
import type { OrderCaps } from './order-caps';
import type { OrdersRepository } from './orders.repository';
import type { OfferSource, OrderNotifier, PassengerSource } from './ports';
import type { WaitlistService } from './waitlist.service';

export type OrdersOptions = {
  /** Time to pay after the order is created (spec §4 payment countdown). */
  paymentMinutes: number;
  /** Origin of the support site; an order's page there is `/order/{id}` (spec §3). */
  supportUrl: string;
  /** What one account, one train and one contact address may hold without paying. */
  caps: OrderCaps;
};

/** What each step of the orders feature works with: its table, its ports, its options and its clock. */
export type OrdersContext = {
  repo: OrdersRepository;
  offers: OfferSource;
  passengers: PassengerSource;
  secrets: Secrets;
  options: OrdersOptions;
  now: () => Date;
  notify: OrderNotifier;
  /** The waiting list (候补) of sold-out train classes, when the server has one. */
  waitlist: () => WaitlistService | undefined;
};
