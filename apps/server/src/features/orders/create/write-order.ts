import { randomInt } from 'node:crypto';
import {
  AppError,
  type BookingOffer,
  type CreateOrder,
  INITIAL_ORDER_STATUS,
  INITIAL_PAYMENT_STATUS,
  isRide,
  type OrderChannel,
  orderStatusCodec,
  paymentStatusCodec,
  type RailTicketingWay,
  type ResultLeg,
} from '@junction/domain';
import { maskMobile } from '@junction/domain/phone';
import { addJob } from '../../../jobs/jobs';
import { orderLifecycle } from '../../../lib/lifecycle/order-lifecycle';
import { type StudentJourney, takeStudentJourneys } from '../../../lib/student-journeys';
import { checkOrderCaps } from '../order-caps';
import { type Itinerary, orderSummary } from '../order-view';
import type { OrdersContext } from '../orders.context';
import type { NewOrder, NewSubOrder, NewTraveller, OrderRow } from '../orders.repository';
import type { BookingPassenger, QuotedOffer } from '../ports';
import type { CheckedPrice } from './check-price';
import type { CheckedTravellers } from './check-travellers';
import { holdSeats, type RideHold, seatsRecord, type WaitlistPlace } from './hold-seats';

declare module '../../../jobs/jobs' {
  interface JobPayloads {
    'orders.expire': { orderId: string };
  }
}

const PHONE_PURPOSE = 'order-contact-phone';

/** Everything the earlier steps found, for the order to be written. */
export type OrderPlan = {
  userId: string;
  key: string;
  requestHash: string;
  channel: OrderChannel;
  input: CreateOrder;
  quoted: QuotedOffer;
  trip: BookingOffer['trip'];
  travellers: CheckedTravellers;
  price: CheckedPrice;
  holds: RideHold[];
  waitlist: WaitlistPlace | undefined;
  now: Date;
  deadline: Date;
  /** The school-year journeys its student tickets take. */
  students: StudentJourney[];
};

/** A human-readable order number: JN, the day in Beijing, and 8 random digits. */
export function orderNumber(now: Date): string {
  const day = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(2, 10).replaceAll('-', '');
  return `JN${day}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** The name a traveller is booked under: the English one abroad, the Chinese one at home, else the other. */
export function displayName(p: BookingPassenger, international: boolean): string {
  const english =
    p.surname && p.givenNames ? `${p.surname}/${p.givenNames}${p.middleName ? ` ${p.middleName}` : ''}` : null;
  return (international ? (english ?? p.chineseName) : (p.chineseName ?? english)) ?? '';
}

/** The order's row: its places and times, price, itinerary (a train ride in the class chosen) and contact. */
function orderRow(ctx: Pick<OrdersContext, 'secrets'>, plan: OrderPlan): NewOrder {
  const { quoted, input, now } = plan;
  const { result, criteria, language } = quoted;
  const itinerary: Itinerary = {
    legs: result.legs.map((leg, i) => {
      const chosen = input.extras.rail.find((c) => c.leg === i)?.seatClass;
      return chosen ? { ...leg, cabin: chosen } : leg;
    }),
    bounds: result.bounds,
    fees: result.fees,
    ...(result.selfTransferMinutes === undefined ? {} : { selfTransferMinutes: result.selfTransferMinutes }),
    ...(result.seller ? { seller: result.seller } : {}),
  };
  const first = result.legs[0] as ResultLeg;
  const last = result.legs[result.legs.length - 1] as ResultLeg;
  const criteriaLeg = criteria.legs[0];
  const lastCriteriaLeg = criteria.legs[criteria.legs.length - 1];
  const firstSold = result.legs.find(isRide) ?? first;
  const phone = plan.travellers.phone;
  return {
    userId: plan.userId,
    orderNumber: orderNumber(now),
    idempotencyKey: plan.key,
    requestHash: plan.requestHash,
    status: orderStatusCodec.encode(INITIAL_ORDER_STATUS),
    paymentStatus: paymentStatusCodec.encode(INITIAL_PAYMENT_STATUS),
    kind: result.kind,
    agent: result.agent,
    originName: criteriaLeg?.departureName || (first.from.city?.name ?? first.from.name)[language],
    destinationName:
      (criteria.type === 2 ? criteriaLeg?.destinationName : lastCriteriaLeg?.destinationName) ||
      (last.to.city?.name ?? last.to.name)[language],
    departureTime: firstSold.departureTime,
    arrivalTime: result.arrivalTime,
    departureAt: new Date(Date.parse(firstSold.departureTime)),
    priceMinor: plan.price.priced.breakdown.totalMinor,
    paymentDeadline: plan.deadline,
    itinerary: JSON.stringify(itinerary),
    breakdown: JSON.stringify(plan.price.priced.breakdown),
    extras: JSON.stringify(input.extras),
    contactName: input.contact.name,
    contactPhoneSealed: ctx.secrets.keyring.seal(phone, PHONE_PURPOSE),
    contactPhoneMasked: maskMobile(phone),
    contactEmail: input.contact.email,
    channel: plan.channel,
    createdAt: now,
    updatedAt: now,
  };
}

function travellerRows(plan: OrderPlan): NewTraveller[] {
  const { types } = plan.travellers;
  return plan.travellers.travellers.map(({ p, document }, i) => ({
    position: i,
    passengerId: p.id,
    name: displayName(p, plan.trip.international),
    birthDate: p.birthDate,
    airType: types.air[i] ?? '',
    railType: plan.trip.rail ? (types.rail[i] ?? '') : null,
    documentType: document.type,
    documentSealed: document.numberSealed,
    documentMasked: document.numberMasked,
  }));
}

function subOrderRows(plan: OrderPlan, way: RailTicketingWay): NewSubOrder[] {
  const { result } = plan.quoted;
  return plan.price.priced.tickets.map((t, i) => ({
    position: i,
    type: t.type,
    legs: t.legs,
    flightNumber: t.legs.map((l) => result.legs[l]?.number ?? '').join(' / '),
    priceMinor: t.priceMinor,
    ticketing: t.type === 'railway' ? way : null,
    serviceFeeMinor: t.type === 'railway' ? t.serviceFeeMinor : null,
    travellerPrices: t.travellers,
    // A flight ticket is bought from the seller that quoted it.
    supplier: t.type === 'flight' ? (result.sellers[0]?.supplier ?? null) : null,
  }));
}

/**
 * The last step of an order, in one transaction: the caps checked under their locks, the order written
 * with its travellers and sub-orders, its seats held (or its waiting-list place taken), its student
 * tickets' school-year journeys taken, its 'created'
 * event, the traveller's notice and the job that expires it at its deadline.
 */
export function writeOrder(ctx: OrdersContext, plan: OrderPlan): Promise<OrderRow> {
  const { userId, input, holds, waitlist, now } = plan;
  return ctx.repo.transaction(async (trx) => {
    await checkOrderCaps(trx, ctx.options.caps, {
      userId,
      contactEmail: input.contact.email,
      seats: waitlist ? [] : holds.map((h) => ({ key: h.key, seats: h.seats })),
    });
    const order = await ctx.repo.insertOrder(
      trx,
      orderRow(ctx, plan),
      travellerRows(plan),
      subOrderRows(plan, plan.price.way),
    );
    await holdSeats(ctx, trx, { orderId: order.id, userId, holds, waitlist, at: now });
    if (!(await takeStudentJourneys(trx, order.id, plan.students, now)))
      throw new AppError('NO_QUOTA', { params: { type: 'STUDENT', reason: 'noJourneysLeft' } });
    await orderLifecycle.orderEvent(trx, {
      orderId: order.id,
      kind: 'created',
      from: null,
      to: INITIAL_ORDER_STATUS,
      at: now,
      data: { priceMinor: order.priceMinor, ...seatsRecord(holds, waitlist) },
    });
    const { from, to } = orderSummary(order).places;
    await ctx.notify(trx, {
      userId,
      kind: 'order-created',
      orderId: order.id,
      params: {
        orderNumber: order.orderNumber,
        fromEn: from.en,
        fromZh: from['zh-CN'],
        toEn: to.en,
        toZh: to['zh-CN'],
        amountMinor: order.priceMinor,
      },
      dedupeKey: `order-created:${order.id}`,
      at: now,
    });
    await addJob(
      trx,
      'orders.expire',
      { orderId: order.id },
      { runAt: plan.deadline, jobKey: `orders.expire:${order.id}` },
    );
    return order;
  });
}
