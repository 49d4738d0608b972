import {
  canTransition,
  type LocalText,
  ORDER_STATUS,
  ORDER_TRANSITIONS,
  type ResultLeg,
  SUB_ORDER_STATUS,
  SUB_ORDER_TRANSITIONS,
} from '@junction/domain';
import { type FulfilmentRepository, type OrderRow, statusText, type Trx } from './fulfilment.repository';
import type { Notifier } from './ports';

export type FulfilmentOptions = {
  /** Ticketing is expected within this many hours of payment (spec §9), shown on the order. */
  ticketingHours: number;
};

const O = ORDER_STATUS;
const S = SUB_ORDER_STATUS;
const txt = (s: string | number | null) => statusText(s) as string;

/** Checks a step against the domain's table before it is written. */
function step<T extends string | number | null>(table: ReadonlyMap<T, readonly T[]>, from: T, to: T): void {
  if (!canTransition(table, from, to))
    throw new Error(`${String(from)} → ${String(to)} is not a step of the status table`);
}

type Itinerary = { legs: ResultLeg[]; bounds: { start: number; end: number }[] };

/** The order's route in both languages, for notices. */
export function routeParams(order: OrderRow): Record<string, string> {
  const { legs, bounds } = order.itinerary as Itinerary;
  const rides = legs.filter((l) => l.kind === 'air' || l.kind === 'land');
  const first = rides[0] ?? legs[0];
  const outbound = bounds.length === 2 ? legs.slice(bounds[0]?.start, bounds[0]?.end) : legs;
  const last = outbound.filter((l) => l.kind === 'air' || l.kind === 'land').at(-1) ?? legs.at(-1);
  const name = (p: ResultLeg['from'] | undefined): LocalText => p?.city?.name ?? p?.name ?? { en: '', 'zh-CN': '' };
  const from = name(first?.from);
  const to = name(last?.to);
  return { fromEn: from.en, fromZh: from['zh-CN'], toEn: to.en, toZh: to['zh-CN'] };
}

/**
 * Ticketing after payment (spec §4, ARCHITECTURE.md §7): a paid order (2) moves to ticketing (4) with its
 * sub-orders (7 → 2), each sub-order is issued by its supplier, and the order is ticketed (5) once every
 * part stands or is refunded. Every step is a compare-and-set of the domain tables with an event row.
 */
export class FulfilmentService {
  constructor(
    private readonly repo: FulfilmentRepository,
    private readonly notify: Notifier,
    private readonly options: FulfilmentOptions,
    private readonly now: () => Date,
  ) {}

  get ticketingHours(): number {
    return this.options.ticketingHours;
  }

  /**
   * The ticket-order job: order 2 → 4 and every paid sub-order 7 → 2, the payment-received notice, in one
   * transaction. Run again it finds the order moved and does nothing. Answers whether it moved the order.
   */
  async startTicketing(orderId: string): Promise<boolean> {
    step(ORDER_TRANSITIONS, O.PAID, O.TICKETING);
    step(SUB_ORDER_TRANSITIONS, S.PAID, S.ISSUING);
    const at = this.now();
    return this.repo.transaction(async (trx: Trx) => {
      const order = await this.repo.lockOrder(trx, orderId);
      if (!order) return false;
      if (!(await this.repo.moveOrder(trx, { orderId, from: txt(O.PAID), to: txt(O.TICKETING), at }))) return false;
      await this.repo.addEvent(trx, { orderId, kind: 'ticketing', from: txt(O.PAID), to: txt(O.TICKETING), at });
      const subs = await this.repo.subOrders(orderId, trx);
      for (const sub of subs) {
        if (!(await this.repo.moveSubOrder(trx, { subOrderId: sub.id, from: txt(S.PAID), to: txt(S.ISSUING) })))
          continue;
        await this.repo.addEvent(trx, {
          orderId,
          kind: 'sub-order-issuing',
          from: txt(S.PAID),
          to: txt(S.ISSUING),
          at,
          data: { subOrderId: sub.id },
        });
        await this.afterIssuingStarts(trx, orderId, sub.id);
      }
      await this.notify(trx, {
        userId: order.userId,
        kind: 'payment-received',
        orderId,
        params: {
          orderNumber: order.orderNumber,
          ...routeParams(order),
          amountMinor: order.priceMinor,
          hours: this.options.ticketingHours,
        },
        dedupeKey: `payment-received:${orderId}`,
        at,
      });
      return true;
    });
  }

  /** Where each sub-order's issue job is queued (ticketing, next). */
  protected async afterIssuingStarts(_trx: Trx, _orderId: string, _subOrderId: string): Promise<void> {}
}
