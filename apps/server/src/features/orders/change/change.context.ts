import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database';
import type { OrdersRepository } from '../orders.repository';
import type { OfferSource, OrderNotifier, OrderPayments } from '../ports';
import type { ChangeRepository } from './change.repository';

/** What follows a change that needs no payment: the order's ticketing job (fulfilment's, composed in `app.ts`). */
export type AfterChange = { scheduleTicketing(trx: Kysely<Database>, orderId: string): Promise<void> };

export type ChangeContext = {
  repo: ChangeRepository;
  orders: OrdersRepository;
  offers: OfferSource;
  notify: OrderNotifier;
  after: AfterChange;
  /** How the order was paid: a cheaper change's refund goes back there. */
  paidWith: OrderPayments;
  /** Minutes a change's difference may wait to be paid before the change lapses. */
  paymentMinutes: number;
  now: () => Date;
};
