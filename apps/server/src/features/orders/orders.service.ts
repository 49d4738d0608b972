import {
  AppError,
  type BookingOffer,
  type CreateOrder,
  INITIAL_ORDER_STATUS,
  ORDER_STATUS,
  type Order,
  type OrderChannel,
  type OrderListQuery,
  type OrderPage,
  orderListQuerySchema,
  orderStatusCodec,
  PAYMENT_STATUS,
  paymentStatusCodec,
  type ResultStudentFares,
  type ResultStudentFaresQuery,
  type SeatMaps,
} from '@junction/domain';
import type { Secrets } from '../../lib/secrets';
import { createOrder } from './create/create-order';
import { offer } from './offer';
import { markPaid, moveUnpaid, type PaidNotice, paymentStep } from './order-moves';
import { orderSummary, presentOrder } from './order-view';
import type { OrdersContext, OrdersOptions } from './orders.context';
import type { FullOrder, OrdersRepository, Trx } from './orders.repository';
import type { OfferSource, OrderNotifier, PassengerSource } from './ports';
import { resultStudentFares } from './result-student-fares';
import type { WaitlistService } from './waitlist.service';

export type { OrdersOptions } from './orders.context';

/**
 * Orders (spec §3, §4, §7; docs/architecture.md §6): an order re-quotes what it sells, checks the party and
 * the extras by the domain's rules, and is written with its travellers, sub-orders, seat holds, event
 * row and expiry job in one transaction (the steps in `create/`). Status changes are compare-and-set
 * steps of the domain tables, made through the order lifecycle (`lib/lifecycle`).
 */
export class OrdersService {
  private readonly ctx: OrdersContext;

  constructor(
    repo: OrdersRepository,
    offers: OfferSource,
    passengers: PassengerSource,
    secrets: Secrets,
    options: OrdersOptions,
    now: () => Date,
    notify: OrderNotifier = async () => undefined,
    /** The waiting list (候补) of sold-out train classes; none without it. */
    private readonly waitlist?: WaitlistService,
  ) {
    this.ctx = { repo, offers, passengers, secrets, options, now, notify, waitlist: () => waitlist };
  }

  offer(searchId: string, resultId: string, userId?: string): Promise<BookingOffer> {
    return offer(this.ctx, searchId, resultId, userId);
  }

  /** The seat maps of a selected result's flights, when its seller shows them; none otherwise. */
  seatMaps(searchId: string, resultId: string): Promise<SeatMaps> {
    return this.ctx.offers.seatMaps?.(searchId, resultId) ?? Promise.resolve({ flights: [] });
  }

  studentFares(userId: string, q: ResultStudentFaresQuery): Promise<ResultStudentFares> {
    return resultStudentFares(this.ctx.offers, userId, q);
  }

  create(userId: string, input: CreateOrder, idempotencyKey: string | undefined, channel: OrderChannel = 'web') {
    return createOrder(this.ctx, (u, id) => this.get(u, id), { userId, input, idempotencyKey, channel });
  }

  private async full(userId: string, orderId: string): Promise<FullOrder> {
    const found = await this.ctx.repo.findForUser(userId, orderId);
    if (!found) throw new AppError('ORDER_NOT_FOUND');
    return found;
  }

  async get(userId: string, orderId: string): Promise<Order> {
    const waitlistView = (w: FullOrder['waitlist']) => this.waitlist?.present(w) ?? null;
    return presentOrder(await this.full(userId, orderId), waitlistView, this.ctx.options.supportUrl);
  }

  async list(userId: string, query: OrderListQuery): Promise<OrderPage> {
    const q = orderListQuerySchema.parse(query);
    const { rows, total } = await this.ctx.repo.list(userId, q.filter, this.ctx.now(), q.page, q.pageSize);
    const waitlists = await this.ctx.repo.waitlistsOf(rows.map((r) => r.id));
    return {
      items: rows.map((r) => ({
        ...orderSummary(r),
        waitlist: this.waitlist?.present(waitlists.get(r.id)) ?? null,
        travellerNames: r.travellerNames,
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async cancel(userId: string, orderId: string): Promise<Order> {
    const moved =
      (await moveUnpaid(this.ctx, orderId, 'cancel', { userId })) ||
      // On a waiting list: the traveller leaves it and the hold on the card is voided at once.
      (this.waitlist !== undefined && (await this.waitlist.cancel(userId, orderId)));
    if (!moved) {
      const { order } = await this.full(userId, orderId); // another user's order, or none: not found
      const status = orderStatusCodec.decode(order.status);
      if (
        status === ORDER_STATUS.WAIT_PAYMENT &&
        paymentStatusCodec.decode(order.paymentStatus) === PAYMENT_STATUS.PROCESSING
      )
        throw new AppError('PAYMENT_IN_PROGRESS');
      throw new AppError('ORDER_NOT_CANCELLABLE');
    }
    return this.get(userId, orderId);
  }

  /**
   * The expiry job: an order still waiting past its deadline becomes INVALID and gives its seats back.
   * `notDue` when it is still waiting before its deadline (a clock ahead of ours ran the job early).
   */
  async expire(orderId: string): Promise<'expired' | 'settled' | 'notDue'> {
    if (await moveUnpaid(this.ctx, orderId, 'expire', { dueBy: this.ctx.now() })) return 'expired';
    const order = await this.ctx.repo.findById(orderId);
    return order && orderStatusCodec.decode(order.status) === INITIAL_ORDER_STATUS ? 'notDue' : 'settled';
  }

  /** An order as payment needs it (composed into the payment feature in `app.ts`). */
  async forPayment(orderId: string, userId?: string) {
    const { repo } = this.ctx;
    const o = userId ? (await repo.findForUser(userId, orderId))?.order : await repo.findById(orderId);
    if (!o) return undefined;
    const status = orderStatusCodec.decode(o.status);
    return {
      id: o.id,
      userId: o.userId,
      status,
      paymentStatus: paymentStatusCodec.decode(o.paymentStatus),
      priceMinor: o.priceMinor,
      differenceMinor: status === ORDER_STATUS.PRICE_DIFFERENCE_DUE ? await repo.differenceOf(o.id) : 0,
      deadline: o.paymentDeadline,
      channel: o.channel as OrderChannel,
      waitlist: status === ORDER_STATUS.WAIT_PAYMENT && this.waitlist ? await this.waitlist.isWaiting(o.id) : false,
    };
  }

  /** A waiting-list order's card payment authorised and held (the payment's transaction): order 0 → 8. */
  async markHeld(trx: Trx, p: { orderId: string; amountMinor: number; attemptId: string; at: Date }): Promise<boolean> {
    return this.waitlist ? this.waitlist.markHeld(trx, p) : false;
  }

  /** A waiting-list order's hold voided or refunded (the payment's transaction): released or cancelled. */
  async markWaitlistReleased(trx: Trx, p: { orderId: string; refunded: boolean; at: Date }): Promise<boolean> {
    return this.waitlist ? this.waitlist.markReleased(trx, p) : false;
  }

  /** Payment 0 → 1: a payment begins for an order awaiting payment before its deadline. */
  startPayment(trx: Trx, orderId: string, at: Date): Promise<boolean> {
    const { WAIT_PAYMENT, PROCESSING } = PAYMENT_STATUS;
    return paymentStep(trx, { orderId, from: WAIT_PAYMENT, to: PROCESSING, at, kind: 'payment_started' });
  }

  /** Payment 1 → 0: the payment failed; the order awaits payment again (or expires). */
  endPayment(trx: Trx, orderId: string, at: Date): Promise<boolean> {
    const { WAIT_PAYMENT, PROCESSING } = PAYMENT_STATUS;
    return paymentStep(trx, { orderId, from: PROCESSING, to: WAIT_PAYMENT, at, kind: 'payment_failed' });
  }

  /**
   * The order paid, in the payment's transaction: awaiting payment → paid with its sub-orders (payment
   * status 1 → 2), or a price difference paid → ticketing. False when the order was not there.
   */
  markPaid(trx: Trx, p: PaidNotice): Promise<boolean> {
    return markPaid(this.ctx, trx, p);
  }
}
