import { isRide, type ResultLeg } from '@junction/domain';
import type { OrderRow, OrdersRepository, WaitlistRow } from '../orders.repository';
import type { OrderNotifier, SeatReturns, WaitlistPayments } from '../ports';
import type { WaitlistRepository } from '../waitlist.repository';

export type WaitlistOptions = {
  /** The waiting list of a train closes this long before it departs. */
  cutoffMinutes: number;
  /** How often a waiting order looks for seats that came back. */
  pollSeconds: number;
};

/** What each step of the waiting list works with. */
export type WaitlistContext = {
  orders: OrdersRepository;
  repo: WaitlistRepository;
  seats: SeatReturns;
  railCapacity: (train: string, date: string, seatClass: string) => number;
  notify: OrderNotifier;
  options: WaitlistOptions;
  now: () => Date;
  /** The held card payment (the payment feature). */
  pay: () => WaitlistPayments;
};

/** What the waiting list's notices say: the order, the train, its route in both languages, the amount, the cut-off. */
export function noticeParams(order: OrderRow, w: WaitlistRow): Record<string, string | number> {
  const { legs } = order.itinerary as { legs: ResultLeg[] };
  const ride = legs.find(isRide) ?? (legs[0] as ResultLeg);
  const from = ride.from.city?.name ?? ride.from.name;
  const to = ride.to.city?.name ?? ride.to.name;
  return {
    orderNumber: order.orderNumber,
    train: w.train,
    fromEn: from.en,
    fromZh: from['zh-CN'],
    toEn: to.en,
    toZh: to['zh-CN'],
    amountMinor: w.heldMinor ?? order.priceMinor,
    cutoffAt: w.cutoffLocal,
  };
}
