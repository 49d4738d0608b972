import {
  AppError,
  assertStep,
  type FeeRules,
  isInvoluntaryChange,
  localDate,
  type OwedRefund,
  REFUND_TRANSITIONS,
  type Refund,
  type RefundQuote,
  type RefundSelection,
  type ResultLeg,
  type ScheduledItinerary,
  SUB_ORDER_STATUS,
  scheduleChangeOf,
  type TicketRefundQuote,
} from '@junction/domain';
import { addJob } from '../../jobs/jobs';
import { isUniqueViolation } from '../../lib/idempotency';
import type { FulfilmentRepository, OrderRow, RefundRow, Trx } from './fulfilment.repository';
import type { MoneyBackStates, Notifier, RefundMoney, SellerRefunds, TicketReleased } from './ports';
import { owedRefunds, type PayoutDeps, recordPayout, settleOwed } from './refund-payout';
import { SELLER_QUOTE, sellerFees } from './refund-seller';
import { settleRequested } from './refund-settle';
import { priceTicket, type RefundTicket, selectTickets, ticketsOf } from './refund-tickets';
import { payoutKey, presentRefunds } from './refund-view';
import { stepSubOrder } from './sub-order-step';

export type RefundOptions = {
  /** A refund is promised as received before this many days after it was asked for. */
  refundDays: number;
  /** A refund the traveller asked for is paid out after this long; until then it may be withdrawn. */
  refundProcessingSeconds: number;
};

const S = SUB_ORDER_STATUS;
const cny = (amount: number) => ({ amount, currency: 'CNY' as const });
const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);

type Itinerary = ScheduledItinerary & { fees: FeeRules };
type Priced = { ticket: RefundTicket; quote: TicketRefundQuote };

/**
 * Refunds (spec §4), ticket by ticket: one traveller on one flight ticket or train ride, a traveller's
 * every ticket, or everyone on a ticket. A refund moves `processing` → `done` or `withdrawn`
 * (`REFUND_TRANSITIONS`) by compare-and-set with an event row; a sub-order moves 5 → 6 once every ticket
 * of it is being refunded, 6 → 3 once all are paid back, and back to 5 when one is withdrawn; the order is
 * refunded (3) once nothing stands. Every change runs with the order's row locked, so requests for
 * tickets of one order are decided one after another.
 */
export class RefundsService {
  constructor(
    private readonly repo: FulfilmentRepository,
    private readonly refundMoney: RefundMoney,
    private readonly notify: Notifier,
    private readonly options: RefundOptions,
    private readonly now: () => Date,
    /** The flight seller's own refund quotes and cancellations, where the seller has them (Duffel). */
    private readonly sellerRefunds?: SellerRefunds,
    /** What was issued for a ticket (its invoices) is reversed once its refund is done. */
    private readonly ticketReleased?: TicketReleased,
    /** How each refund's money stands where it went back. */
    private readonly moneyBack: MoneyBackStates = async () => new Map(),
  ) {}

  /** Prices the tickets a selection names, as of now; with the database's view in `db` (a locked transaction). */
  private async price(order: OrderRow, selection: RefundSelection, trx?: Trx): Promise<Priced[]> {
    const [subs, travellers, refunds] = await Promise.all([
      this.repo.subOrders(order.id, trx),
      this.repo.travellers(order.id, trx),
      this.repo.refundsOfOrder(order.id, trx),
    ]);
    const { legs, fees, scheduleChanges } = order.itinerary as Itinerary;
    const nowMs = this.now().getTime();
    const firstOf = (ticket: RefundTicket) => legs[(ticket.sub.legs as number[])[0] ?? 0] as ResultLeg;
    // A flight the airline moved by more than the involuntary change's threshold is refunded without a fee.
    const involuntary = (ticket: RefundTicket) =>
      ticket.sub.type === 'flight' &&
      (ticket.sub.legs as number[]).some((i) => {
        const change = scheduleChangeOf(scheduleChanges, i);
        return change !== undefined && isInvoluntaryChange(change);
      });
    const tickets = selectTickets(selection, subs, travellers, refunds);
    const bySeller = await sellerFees(
      this.sellerRefunds,
      tickets,
      travellers,
      (ticket) => nowMs >= Date.parse(firstOf(ticket).departureTime),
    );
    return tickets.map((ticket) => {
      const first = firstOf(ticket);
      const fee =
        bySeller.get(ticket) ??
        priceTicket(ticket, {
          departureMs: Date.parse(first.departureTime),
          nowMs,
          bookedMs: order.createdAt.getTime(),
          fees,
          issued: true,
          involuntary: involuntary(ticket),
        });
      const quote: TicketRefundQuote = {
        subOrderId: ticket.sub.id,
        travellerPosition: ticket.position,
        traveller: ticket.name,
        trip: ticket.sub.flightNumber,
        type: ticket.sub.type as TicketRefundQuote['type'],
        paid: cny(ticket.paid),
        fee: cny(fee.feeMinor),
        serviceFee: cny(fee.serviceFeeKeptMinor),
        refunded: cny(fee.refundMinor),
        rule: fee.rule,
        percent: fee.percent,
        departure: first.departureTime,
      };
      return { ticket, quote };
    });
  }

  private async ownOrder(userId: string, orderId: string): Promise<OrderRow> {
    const order = await this.repo.orderForUser(userId, orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    return order;
  }

  private deadlineFrom(at: Date): Date {
    return new Date(at.getTime() + this.options.refundDays * 86_400_000);
  }

  async quote(userId: string, selection: RefundSelection): Promise<RefundQuote> {
    const order = await this.ownOrder(userId, selection.orderId);
    const priced = await this.price(order, selection);
    const quotes = priced.map((p) => p.quote);
    return {
      orderId: order.id,
      tickets: quotes,
      paid: cny(sum(quotes, (q) => q.paid.amount)),
      fee: cny(sum(quotes, (q) => q.fee.amount)),
      serviceFee: cny(sum(quotes, (q) => q.serviceFee.amount)),
      refunded: cny(sum(quotes, (q) => q.refunded.amount)),
      deadline: this.deadlineFrom(this.now()).toISOString(),
    };
  }

  /**
   * Confirms the refund of the tickets a selection names at the fees the traveller saw: with the order's
   * row locked, each ticket gets its refund in processing (event row, payout job after the processing
   * time, notice), and a sub-order all of whose tickets are now being refunded moves to 6 — one
   * transaction. Fees that changed meanwhile answer 2205 and change nothing.
   */
  async request(userId: string, input: RefundSelection & { expectedFeeMinor: number }): Promise<Refund[]> {
    const order = await this.ownOrder(userId, input.orderId);
    const at = this.now();
    const made = await this.repo.transaction(async (trx) => {
      const locked = await this.repo.lockOrder(trx, order.id);
      if (!locked) throw new AppError('ORDER_NOT_FOUND');
      const priced = await this.price(locked, input, trx);
      const fee = sum(priced, (p) => p.quote.fee.amount);
      if (fee !== input.expectedFeeMinor) {
        throw new AppError('REFUND_FEE_CHANGED', { params: { original: input.expectedFeeMinor, latest: fee } });
      }
      const rows: RefundRow[] = [];
      for (const { ticket, quote } of priced) {
        const row = await this.open(trx, locked, ticket, {
          reason: 'traveller',
          fee: quote.fee.amount,
          serviceFee: quote.serviceFee.amount,
          rule: quote.rule,
          at,
          runAt: new Date(Date.now() + this.options.refundProcessingSeconds * 1000),
        });
        await this.notify(trx, {
          userId,
          kind: 'refund-processing',
          orderId: order.id,
          params: {
            orderNumber: locked.orderNumber,
            trip: ticket.name ? `${ticket.sub.flightNumber} · ${ticket.name}` : ticket.sub.flightNumber,
            amountMinor: row.amountMinor,
            before: localDate(row.deadline.getTime(), 'Asia/Shanghai'),
          },
          dedupeKey: `refund-processing:${row.id}`,
          at,
        });
        rows.push(row);
      }
      for (const subId of new Set(priced.map((p) => p.ticket.sub.id)))
        await settleRequested(this.repo, trx, locked, subId, at);
      return rows;
    });
    return this.present(order, made);
  }

  /** A refund of one ticket in processing, with its first event row and its payout job. */
  async open(
    trx: Trx,
    order: OrderRow,
    ticket: RefundTicket,
    r: { reason: string; fee: number; serviceFee: number; rule: string; at: Date; runAt?: Date },
  ): Promise<RefundRow> {
    const refund = await this.repo
      .insertRefund(trx, {
        orderId: order.id,
        subOrderId: ticket.sub.id,
        travellerPosition: ticket.position,
        userId: order.userId,
        status: 'processing',
        reason: r.reason,
        paidMinor: ticket.paid,
        feeMinor: r.fee,
        serviceFeeMinor: r.serviceFee,
        amountMinor: ticket.paid - r.fee - r.serviceFee,
        feeRule: r.rule,
        channel: null,
        requestedAt: r.at,
        deadline: this.deadlineFrom(r.at),
        doneAt: null,
        withdrawnAt: null,
      })
      .catch((e: unknown) => {
        // Another request refunded this ticket first (the unique index of live refunds).
        if (isUniqueViolation(e)) throw new AppError('REFUND_NOT_ALLOWED', { params: { reason: 'status' } });
        throw e;
      });
    await this.repo.addRefundEvent(trx, { refundId: refund.id, from: null, to: 'processing', at: r.at });
    await addJob(
      trx,
      'fulfilment.refund',
      { refundId: refund.id },
      { jobKey: `refund:${refund.id}`, ...(r.runAt ? { runAt: r.runAt } : {}) },
    );
    return refund;
  }

  /** Refunds every ticket of a sub-order that could not be issued, in full, its service fee too. */
  async openUnissued(
    trx: Trx,
    order: OrderRow,
    subOrderId: string,
    at: Date,
    reason: 'ticketing-failed' | 'connection-missed' = 'ticketing-failed',
  ): Promise<number> {
    const [subs, travellers] = await Promise.all([
      this.repo.subOrders(order.id, trx),
      this.repo.travellers(order.id, trx),
    ]);
    const sub = subs.find((s) => s.id === subOrderId);
    if (!sub) return 0;
    let amount = 0;
    for (const ticket of ticketsOf(sub, travellers)) {
      const row = await this.open(trx, order, ticket, {
        reason,
        fee: 0,
        serviceFee: 0,
        rule: reason === 'connection-missed' ? 'protection' : 'supplier-failed',
        at,
      });
      amount += row.amountMinor;
    }
    return amount;
  }

  /**
   * The refund job: claims the refund (from then on it cannot be withdrawn), returns the money through
   * the channel that paid (idempotent by the refund's key), then records it done, or owed when the processor
   * refused the money (`recordPayout`); money not decided yet throws, and the job asks again later.
   */
  async payOut(refundId: string): Promise<'done' | 'settled'> {
    const claimed = await this.repo.claimRefund(refundId, this.now());
    if (!claimed) return 'settled';
    if (claimed.reason === 'traveller' && claimed.feeRule === SELLER_QUOTE) {
      // The seller cancels its booking before any of its money goes back: the first ticket's payout
      // cancels it, the others (and a retry) find it cancelled already.
      const sold = (await this.repo.subOrders(claimed.orderId)).find((s) => s.id === claimed.subOrderId);
      await this.sellerRefunds?.cancel({ subOrderId: claimed.subOrderId, supplier: sold?.supplier ?? null });
    }
    const money = await this.refundMoney({
      orderId: claimed.orderId,
      subOrderId: claimed.subOrderId,
      userId: claimed.userId,
      amountMinor: claimed.amountMinor,
      idempotencyKey: payoutKey(claimed.id),
    });
    await recordPayout(this.payout, claimed, money);
    return 'done';
  }

  /** The refunds whose money the processor refused, for the agents' desk. */
  owed(): Promise<OwedRefund[]> {
    return owedRefunds(this.repo);
  }

  /** An agent records an owed refund's money paid back another way (`settleOwed`). */
  paidBack(refundId: string, agentId: string): Promise<void> {
    return settleOwed(this.payout, refundId, agentId);
  }

  private get payout(): PayoutDeps {
    return { repo: this.repo, notify: this.notify, now: this.now, ticketReleased: this.ticketReleased };
  }

  /** "Confirm cancel refund" (spec §8): a processing refund not paid out yet is withdrawn and its ticket stands again. */
  async withdraw(userId: string, refundId: string): Promise<Refund> {
    const refund = await this.repo.refund(refundId);
    if (!refund || refund.userId !== userId) throw new AppError('REFUND_NOT_FOUND');
    if (refund.reason !== 'traveller') throw new AppError('REFUND_NOT_WITHDRAWABLE');
    assertStep(REFUND_TRANSITIONS, 'processing', 'withdrawn');
    const at = this.now();
    await this.repo.transaction(async (trx) => {
      await this.repo.lockOrder(trx, refund.orderId);
      // A booking its seller cancels whole comes back whole: every ticket of it, or none.
      const together =
        refund.feeRule === SELLER_QUOTE
          ? (await this.repo.refundsOfOrder(refund.orderId, trx)).filter(
              (r) => r.subOrderId === refund.subOrderId && r.feeRule === SELLER_QUOTE && r.status === 'processing',
            )
          : [refund];
      if (!together.some((r) => r.id === refundId)) throw new AppError('REFUND_NOT_WITHDRAWABLE');
      for (const { id } of together) {
        const moved = await this.repo.moveRefund(trx, {
          id,
          from: 'processing',
          to: 'withdrawn',
          set: { withdrawnAt: at },
          unclaimed: true,
        });
        if (!moved) throw new AppError('REFUND_NOT_WITHDRAWABLE');
        await this.repo.addRefundEvent(trx, { refundId: id, from: 'processing', to: 'withdrawn', at });
      }
      // The sub-order was being refunded whole; with this ticket back, it stands again.
      await stepSubOrder(trx, {
        orderId: refund.orderId,
        subOrderId: refund.subOrderId,
        kind: 'refund-withdrawn',
        from: S.REFUNDING,
        to: S.TICKETED,
        at,
        data: { refundId },
      });
    });
    return this.refundOf(userId, refundId);
  }

  async refundOf(userId: string, refundId: string): Promise<Refund> {
    const refund = await this.repo.refund(refundId);
    if (!refund || refund.userId !== userId) throw new AppError('REFUND_NOT_FOUND');
    const order = await this.repo.orderForUser(userId, refund.orderId);
    if (!order) throw new AppError('REFUND_NOT_FOUND');
    const [one] = await this.present(order, [refund]);
    if (!one) throw new AppError('REFUND_NOT_FOUND');
    return one;
  }

  present(order: OrderRow, rows: RefundRow[]): Promise<Refund[]> {
    return presentRefunds(this.repo, order, rows, this.moneyBack);
  }
}
