import type { OrderFulfilment } from '@junction/domain';
import { addJob, type JobContext } from '../../jobs/jobs';
import { refundChange } from './change/change-steps';
import type { FulfilmentContext, FulfilmentOptions } from './fulfilment.context';
import type { FulfilmentRepository } from './fulfilment.repository';
import { orderFulfilment } from './fulfilment-view';
import type { FulfilmentPorts } from './ports';
import { RefundsService } from './refunds.service';
import { scheduleTicketing } from './schedule';
import { recordSellerChange, type SellerChange } from './schedule-changes';
import { issue } from './ticketing/issue-ticket';
import { complete, remind, stands } from './ticketing/settle-ticketing';
import { startTicketing } from './ticketing/start-ticketing';

export type { FulfilmentOptions } from './fulfilment.context';
export { receiptOf, routeParams } from './fulfilment-view';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    'fulfilment.refund': { refundId: string };
    'fulfilment.reconcile': Record<string, unknown>;
  }
}

/**
 * Ticketing after payment (spec §4, docs/architecture.md §6): a paid order (2) moves to ticketing (4) with its
 * sub-orders (7 → 2), each sub-order is issued by its supplier in a job of its own, and the order is
 * ticketed (5) once every part stands or is being refunded, then completed (6) after its last arrival.
 * A ticket that fails all its tries is cancelled and refunded, and the staff are told. Every step is a
 * compare-and-set of the domain tables with an event row (through the order lifecycle), and every job
 * may run again safely. The steps are files of `ticketing/`; the order page's part is `fulfilment-view`.
 */
export class FulfilmentService {
  /** What each step works with; the protected connections share it. */
  readonly ctx: FulfilmentContext;

  constructor(repo: FulfilmentRepository, ports: FulfilmentPorts, options: FulfilmentOptions, now: () => Date) {
    const { issuers, notify, refundMoney, staffMail, people, ticketReleased, moneyBack } = ports;
    const { paymentsOf, refundTo, onTicketChanged = async () => undefined } = ports;
    const air = issuers.air;
    // A flight seller that quotes and cancels its own refunds (Duffel) prices and cancels its tickets' refunds.
    const sellerRefunds =
      air.refundQuote && air.cancel ? { quote: air.refundQuote.bind(air), cancel: air.cancel.bind(air) } : undefined;
    this.refunds = new RefundsService(
      repo,
      refundMoney,
      notify,
      options,
      now,
      sellerRefunds,
      ticketReleased,
      moneyBack,
    );
    const refunds = this.refunds;
    this.ctx = {
      repo,
      issuers,
      notify,
      staffMail,
      options,
      now,
      paymentsOf,
      refundTo,
      people,
      refunds,
      refundMoney,
      onTicketChanged,
    };
  }

  /** The travellers' refunds, ticket by ticket. */
  readonly refunds: RefundsService;

  get ticketingHours(): number {
    return this.ctx.options.ticketingHours;
  }

  /** The ticket-order job: order 2 → 4 and its paid sub-orders 7 → 2, each with its issue job. */
  startTicketing(orderId: string): Promise<boolean> {
    return startTicketing(this.ctx, orderId);
  }

  /** The issue job of one sub-order (see `ticketing/issue-ticket`). */
  issue(orderId: string, subOrderId: string, ctx?: Pick<JobContext, 'attempt' | 'maxAttempts' | 'signal'>) {
    return issue(this.ctx, orderId, subOrderId, ctx);
  }

  /**
   * A seller told us its airline moved flights of a ticketed sub-order (Duffel's webhook): the order's
   * itinerary takes the new times as it does for a change published at ticketing, once per change of the
   * seller's (see `recordSellerChange`). False when the sub-order is not ticketed.
   */
  async sellerChangedSchedule(subOrderId: string, change: SellerChange): Promise<boolean> {
    const { repo, notify } = this.ctx;
    const at = this.ctx.now();
    return repo.transaction(async (trx) => {
      const orderId = await repo.orderOfSubOrder(trx, subOrderId);
      const locked = orderId ? await repo.lockOrder(trx, orderId) : undefined;
      const sub = locked ? (await repo.subOrders(locked.id, trx)).find((s) => s.id === subOrderId) : undefined;
      if (!locked || !sub || !stands(sub)) return false;
      await recordSellerChange(trx, { repo, notify, order: locked, sub, change, at });
      return true;
    });
  }

  /** A changed ticket's lower fare refunded, less its fee (the change-refund job). */
  refundChange(changeId: string): Promise<void> {
    return refundChange(this.ctx, changeId);
  }

  /** The departure reminder, a day before a journey, while its ticket stands. */
  remind(orderId: string, legIndex: number): Promise<void> {
    return remind(this.ctx, orderId, legIndex);
  }

  /** After the last standing leg has arrived: order 5 → 6. Early by our clock: not yet (the job retries). */
  complete(orderId: string): Promise<'completed' | 'notDue' | 'settled'> {
    return complete(this.ctx, orderId);
  }

  /** Tells the operations staff about a dead-lettered ticket. */
  async alertStaff(orderId: string, subOrderId: string, error: string): Promise<void> {
    const order = await this.ctx.repo.order(orderId);
    await this.ctx.staffMail({
      subject: `[Junction ops] Ticketing gave up: order ${order?.orderNumber ?? orderId}`,
      text: [
        `Order ${order?.orderNumber ?? ''} (${orderId}), sub-order ${subOrderId}: every ticketing attempt failed.`,
        `Last error: ${error}`,
        'The sub-order was cancelled and its refund started automatically. Check the supplier and the traveller.',
      ].join('\n\n'),
    });
  }

  /**
   * A sub-order being issued is asked for its tickets now, rather than at its next try: the railway's desk
   * has answered it. Idempotent: a sub-order no longer being issued finds the work done.
   */
  async ticketNow(orderId: string, subOrderId: string): Promise<void> {
    await addJob(
      this.ctx.repo.db,
      'fulfilment.issue',
      { orderId, subOrderId },
      { jobKey: `issue:${subOrderId}`, maxAttempts: this.ctx.options.ticketingAttempts },
    );
  }

  /**
   * The reconciler (every minute): jobs held by a process that died are freed, a paid order without its
   * ticketing job and a sub-order being issued without its issue job get them again. Every job it adds
   * is idempotent, so a duplicate only finds the work done.
   */
  async reconcile(): Promise<{ unlocked: number; requeued: number }> {
    const { repo, options } = this.ctx;
    const unlocked = await repo.unlockStaleWorkers(options.staleLockSeconds);
    const { paidOrders, issuing } = await repo.orphans();
    await repo.transaction(async (trx) => {
      for (const orderId of paidOrders) await scheduleTicketing(trx, orderId);
      for (const s of issuing) {
        await addJob(trx, 'fulfilment.issue', s, {
          jobKey: `issue:${s.subOrderId}`,
          maxAttempts: options.ticketingAttempts,
        });
      }
    });
    return { unlocked, requeued: paidOrders.length + issuing.length };
  }

  /** The order page's after-payment part (spec §9 ticketing time, tickets, refunds); another user's order is not found. */
  orderFulfilment(userId: string, orderId: string): Promise<OrderFulfilment> {
    return orderFulfilment(this.ctx, userId, orderId);
  }
}
