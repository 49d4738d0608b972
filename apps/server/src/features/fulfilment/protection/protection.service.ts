import {
  AppError,
  type ProtectionAnswer,
  type ProtectionChoice,
  type ResultLeg,
  type ScheduledItinerary,
} from '@junction/domain';
import { type Cancellation, recordCancellation } from './cancellations';
import { caseView, choose } from './choose';
import { type Delay, type ProtectionDeps, recordDelay } from './delays';

/**
 * Protected connections (the protection's terms page): a self-transfer missed after a delay or a
 * cancellation of the ride before it gets a case with two choices for the traveller, the next departure on the same route at our
 * cost (after a cancellation no later departure replaces in time, with a later departure of the ride after it) or the
 * unused ticket's refund in full. Steps through the order lifecycle and the case's table.
 */
export class ProtectionService {
  constructor(private readonly deps: ProtectionDeps) {}

  /** The cases of one of the user's orders. */
  async cases(userId: string, orderId: string): Promise<ProtectionAnswer> {
    const order = await this.deps.ctx.repo.order(orderId);
    if (!order || order.userId !== userId) throw new AppError('ORDER_NOT_FOUND');
    const { legs } = order.itinerary as ScheduledItinerary;
    const rows = await this.deps.repo.cases(orderId);
    return { cases: rows.map((c) => caseView(c, legs[c.delayedLeg] as ResultLeg)) };
  }

  /** The traveller's choice, then the cases as they now are. */
  async choose(userId: string, choice: ProtectionChoice): Promise<ProtectionAnswer> {
    await choose(this.deps, userId, choice);
    return this.cases(userId, choice.orderId);
  }

  /** An operator's delay (the flight-status job): every ticketed order riding the service that day. */
  async delayed(delay: Delay): Promise<number> {
    let missed = 0;
    for (const orderId of await this.deps.repo.ordersWithService(delay.service, delay.date))
      if ((await recordDelay(this.deps, orderId, delay)) === 'missed') missed++;
    return missed;
  }

  /** An operator's cancellation (the flight-status job): every ticketed order riding the service that day. */
  async cancelled(cancellation: Cancellation): Promise<number> {
    let protectedCases = 0;
    for (const orderId of await this.deps.repo.ordersWithService(cancellation.service, cancellation.date))
      if ((await recordCancellation(this.deps, orderId, cancellation)) === 'protected') protectedCases++;
    return protectedCases;
  }
}
