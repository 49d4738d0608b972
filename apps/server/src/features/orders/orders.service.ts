import { createHash, randomInt } from 'node:crypto';
import {
  AppError,
  type BookingOffer,
  baggageTotal,
  type CreateOrder,
  canTransition,
  checkParty,
  defaultTicketingWay,
  extrasProblem,
  INITIAL_ORDER_STATUS,
  INITIAL_PAYMENT_STATUS,
  isRide,
  ORDER_MOVES,
  ORDER_STATUS,
  ORDER_TRANSITIONS,
  type Order,
  type OrderChannel,
  type OrderListQuery,
  type OrderMove,
  type OrderPage,
  type OrderStatus,
  orderListQuerySchema,
  PAYMENT_STATUS,
  PAYMENT_TRANSITIONS,
  type PartyIssue,
  type PaymentStatus,
  type PriceBreakdown,
  priceOrder,
  type RailFeeTable,
  type RailLinkStatus,
  type RailTicketingWay,
  type ResultLeg,
  railSeatsNeeded,
  railServiceFee,
  type ScheduledItinerary,
  type SearchResult,
  SUB_ORDER_TRANSITIONS,
  type SubOrderStatus,
  ticketsOf,
  usableDocumentTypes,
} from '@junction/domain';
import { contactProblems, maskMobile, normalizeMobile } from '@junction/domain/phone';
import { addJob } from '../../jobs/jobs';
import type { Secrets } from '../../lib/secrets';
import { checkOrderCaps, type OrderCaps } from './order-caps';
import type { FullOrder, OrderRow, OrdersRepository, SeatHold, Trx } from './orders.repository';
import { statusText } from './orders.repository';
import type { BookingPassenger, OfferSource, OrderNotifier, PassengerSource, QuotedOffer } from './ports';
import type { WaitlistService } from './waitlist.service';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    'orders.expire': { orderId: string };
  }
}

export type OrdersOptions = {
  /** Time to pay after the order is created (spec §4 payment countdown). */
  paymentMinutes: number;
  /** Origin of the support site; an order's page there is `/order/{id}` (spec §3). */
  supportUrl: string;
  /** What one account, one train and one contact address may hold without paying. */
  caps: OrderCaps;
};

const PHONE_PURPOSE = 'order-contact-phone';
const CAP_ERRORS = new Set([
  'ORDER_UNPAID_LIMIT',
  'ORDER_SEATS_LIMIT',
  'ORDER_TRAIN_SEATS_LIMIT',
  'ORDER_CONTACT_LIMIT',
]);

const wireOrderStatus = (s: string): OrderStatus => (s === 'INVALID' ? s : (Number(s) as OrderStatus));
const wirePaymentStatus = (s: string): PaymentStatus => (s === 'INVALID' ? s : (Number(s) as PaymentStatus));
const wireSubStatus = (s: string | null): SubOrderStatus => (s === null ? null : (Number(s) as SubOrderStatus));
const cny = (amount: number) => ({ amount, currency: 'CNY' as const });
const isUniqueViolation = (e: unknown, constraint: string) =>
  typeof e === 'object' &&
  e !== null &&
  (e as { code?: string }).code === '23505' &&
  (e as { constraint?: string }).constraint === constraint;

/** An order's itinerary: the result's legs as they run now (see `applyScheduleChange`), its fees and changes. */
type Itinerary = Pick<SearchResult, 'legs' | 'bounds' | 'fees' | 'selfTransferMinutes'> &
  Pick<ScheduledItinerary, 'scheduleChanges'>;

/** The local calendar day of an ISO time with offset (`2026-07-15T08:00:00+08:00`). */
const localDay = (iso: string) => iso.slice(0, 10);

function tripOf(offer: QuotedOffer): BookingOffer['trip'] {
  const { result } = offer;
  const tickets = ticketsOf(result);
  const first = result.legs[0] as ResultLeg;
  const last = result.legs[result.legs.length - 1] as ResultLeg;
  return {
    start: localDay(first.departureTime),
    end: localDay(last.arrivalTime),
    air: tickets.some((t) => t.type === 'flight'),
    rail: tickets.some((t) => t.type === 'railway'),
    international: offer.countries.some((c) => c !== 'CN'),
  };
}

function displayName(p: BookingPassenger, international: boolean): string {
  const english =
    p.surname && p.givenNames ? `${p.surname}/${p.givenNames}${p.middleName ? ` ${p.middleName}` : ''}` : null;
  return (international ? (english ?? p.chineseName) : (p.chineseName ?? english)) ?? '';
}

/**
 * Orders (spec §3, §4, §7; docs/architecture.md §6): an order re-quotes what it sells, checks the party and
 * the extras by the domain's rules, and is written with its travellers, sub-orders, seat holds, event
 * row and expiry job in one transaction. Status changes are compare-and-set steps of the domain tables.
 */
export class OrdersService {
  constructor(
    private readonly repo: OrdersRepository,
    private readonly offers: OfferSource,
    private readonly passengers: PassengerSource,
    private readonly secrets: Secrets,
    private readonly options: OrdersOptions,
    private readonly now: () => Date,
    private readonly notify: OrderNotifier = async () => undefined,
  ) {}

  private waitlist: WaitlistService | undefined;

  /** The waiting list (候补) of sold-out train classes; set once by `app.ts`. */
  withWaitlist(waitlist: WaitlistService): void {
    this.waitlist = waitlist;
  }

  /**
   * Whether a result may join a waiting list and until when (one train ride, its cut-off still ahead),
   * and which of its classes have too few seats for the party searched: only those are offered it.
   */
  private waitlistFor(
    result: SearchResult,
    remaining: BookingOffer['remaining'],
    party: number,
  ): BookingOffer['waitlist'] {
    const tickets = ticketsOf(result);
    const ride = result.legs.find(isRide);
    const none = { available: false, soldOut: [], cutoffAt: null, cardOnly: true } as const;
    if (!this.waitlist || result.kind !== 'train' || tickets.length !== 1 || tickets[0]?.type !== 'railway' || !ride)
      return { ...none, soldOut: [] };
    const cutoff = this.waitlist.cutoffFor(ride.departureTime);
    if (cutoff.at.getTime() <= this.now().getTime()) return { ...none, soldOut: [] };
    const soldOut = remaining.filter((r) => r.remaining < Math.max(1, party)).map((r) => r.seatClass);
    return { available: soldOut.length > 0, soldOut, cutoffAt: cutoff.local, cardOnly: true };
  }

  private stockKey(leg: ResultLeg, seatClass: string): { key: string; train: string; date: string } {
    const date = localDay(leg.departureTime);
    return { key: `rail:${leg.number}:${date}:${seatClass}`, train: leg.number, date };
  }

  /** The seat class a rail leg is sold in: the traveller's choice, else the one quoted. */
  private seatClassOf(result: SearchResult, extras: CreateOrder['extras'], leg: number): string {
    return extras.rail.find((c) => c.leg === leg)?.seatClass ?? (result.legs[leg]?.cabin as string);
  }

  /** The state of the user's 12306 link and the fee table; offline at the flat fee without a rail account feature. */
  private async railTicketing(userId: string | undefined): Promise<{ link: RailLinkStatus; fees: RailFeeTable }> {
    const flat = this.offers.railServiceFeeMinor;
    if (!this.offers.railTicketing || !userId) {
      return {
        link: 'none',
        fees: { onlinePerTicketMinor: 0, offlinePerTicketMinor: flat, offlineByTrainType: {} },
      };
    }
    return this.offers.railTicketing(userId);
  }

  /** Per rail ride: its train and the service fee per ticket each way of ticketing costs. */
  private railLegs(result: SearchResult, fees: RailFeeTable): BookingOffer['railTicketing']['legs'] {
    return ticketsOf(result)
      .filter((t) => t.type === 'railway')
      .map((t) => {
        const leg = t.legs[0] as number;
        const train = result.legs[leg]?.number ?? '';
        return {
          leg,
          train,
          onlineFeeMinor: railServiceFee(fees, 'online', train),
          offlineFeeMinor: railServiceFee(fees, 'offline', train),
        };
      });
  }

  async offer(searchId: string, resultId: string, userId?: string): Promise<BookingOffer> {
    const [quoted, ticketing] = await Promise.all([this.offers.quote(searchId, resultId), this.railTicketing(userId)]);
    const { result } = quoted;
    const slots: { leg: number; seatClass: string; key: string; capacity: number }[] = [];
    result.legs.forEach((leg, i) => {
      if (leg.kind !== 'land') return;
      const classes = leg.seats?.map((s) => s.code) ?? (leg.cabin ? [leg.cabin] : []);
      for (const seatClass of classes) {
        const { key, train, date } = this.stockKey(leg, seatClass);
        slots.push({ leg: i, seatClass, key, capacity: this.offers.railCapacity(train, date, seatClass) });
      }
    });
    const held = await this.repo.held(slots.map((s) => s.key));
    const remaining = slots.map((s) => {
      const stock = held.get(s.key);
      return { leg: s.leg, seatClass: s.seatClass, remaining: stock ? stock.capacity - stock.held : s.capacity };
    });
    const searched = quoted.criteria.adults + quoted.criteria.children;
    return {
      result,
      criteria: quoted.criteria,
      trip: tripOf(quoted),
      tickets: ticketsOf(result),
      remaining,
      railServiceFeeMinor: this.offers.railServiceFeeMinor,
      railTicketing: {
        link: ticketing.link,
        way: defaultTicketingWay(ticketing.link),
        fees: ticketing.fees,
        legs: this.railLegs(result, ticketing.fees),
      },
      paymentMinutes: this.options.paymentMinutes,
      waitlist: this.waitlistFor(result, remaining, searched),
    };
  }

  async create(
    userId: string,
    input: CreateOrder,
    idempotencyKey: string | undefined,
    channel: OrderChannel = 'web',
  ): Promise<Order> {
    const key = idempotencyKey?.trim();
    if (!key || key.length > 200) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
    const requestHash = createHash('sha256').update(JSON.stringify(input)).digest('base64url');
    const earlier = await this.repo.findByKey(userId, key);
    if (earlier) return this.sameRequest(userId, earlier, requestHash);

    const ids = input.travellers.map((t) => t.passengerId);
    if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION_FAILED');
    const [quoted, found, ticketing] = await Promise.all([
      this.offers.quote(input.searchId, input.resultId).catch((e: unknown) => {
        throw e instanceof AppError && e.code === 'PARTNER_UNAVAILABLE' ? new AppError('OPERATION_FAILED') : e;
      }),
      this.passengers.find(userId, ids),
      this.railTicketing(userId),
    ]);
    const { result } = quoted;
    const trip = tripOf(quoted);
    const passengers = input.travellers.map((t) => {
      const p = found.find((x) => x.id === t.passengerId);
      const document = p?.documents.find((d) => d.id === t.documentId);
      if (!p || !document) throw new AppError('PASSENGER_NOT_FOUND');
      return { p, document, railSeat: t.railSeat };
    });

    const party = checkParty(
      passengers.map((x) => ({ birthDate: x.p.birthDate, railSeat: x.railSeat })),
      trip,
    );
    if (!party.ok) throw new AppError((party.issues[0] as PartyIssue).error);
    const usable = usableDocumentTypes(trip);
    for (const { document } of passengers) {
      if (!(usable as readonly string[]).includes(document.type)) throw new AppError('DOCUMENT_UNSUITABLE');
      if (document.expiryDate !== null && document.expiryDate < trip.end) throw new AppError('DOCUMENT_UNSUITABLE');
    }
    const contactProblem = contactProblems(input.contact, trip.rail)[0];
    if (contactProblem)
      throw new AppError(contactProblem.error, { params: { field: `contact.${contactProblem.field}` } });
    const phone = normalizeMobile(input.contact.phone, input.contact.phoneCountry) as string;
    const problem = extrasProblem(result, party.types, input.extras);
    if (problem) throw new AppError(problem.error, problem.params ? { params: problem.params } : {});

    // Online ticketing needs a live 12306 link (6001 once its session ended, 6205 without one).
    const way: RailTicketingWay = input.railTicketing ?? defaultTicketingWay(ticketing.link);
    if (trip.rail && way === 'online' && ticketing.link !== 'active') {
      throw new AppError(ticketing.link === 'expired' ? 'RAIL_SESSION_EXPIRED' : 'RAIL_NOT_LINKED');
    }
    const priced = priceOrder({
      result,
      types: party.types,
      extras: input.extras,
      railServiceFeeMinor: this.offers.railServiceFeeMinor,
      railServiceFeeOf: (leg) => railServiceFee(ticketing.fees, way, result.legs[leg]?.number ?? ''),
    });
    const latestBags = baggageTotal(priced.breakdown);
    if (latestBags !== input.expected.baggageMinor) {
      throw new AppError('BAGGAGE_PRICE_CHANGED', {
        params: { original: input.expected.baggageMinor, latest: latestBags },
      });
    }
    if (priced.breakdown.totalMinor !== input.expected.totalMinor) {
      throw new AppError('PRICE_CHANGED', {
        params: { original: input.expected.totalMinor, latest: priced.breakdown.totalMinor },
      });
    }

    const seatsNeeded = railSeatsNeeded(party.types);
    const holds: (SeatHold & { train: string; date: string; seatClass: string; departureTime: string })[] = [];
    for (const ticket of priced.tickets) {
      if (ticket.type !== 'railway' || seatsNeeded === 0) continue;
      const legIndex = ticket.legs[0] as number;
      const leg = result.legs[legIndex] as ResultLeg;
      const seatClass = this.seatClassOf(result, input.extras, legIndex);
      const { key, train, date } = this.stockKey(leg, seatClass);
      holds.push({
        key,
        capacity: this.offers.railCapacity(train, date, seatClass),
        seats: seatsNeeded,
        train,
        date,
        seatClass,
        departureTime: leg.departureTime,
      });
    }

    const now = this.now();
    let deadline = new Date(now.getTime() + this.options.paymentMinutes * 60_000);
    // The waiting list (候补): one train ride whose chosen class has too few seats, before its cut-off.
    const waitlist = input.waitlist ? await this.joinable(result, holds, now) : undefined;
    if (waitlist && waitlist.cutoff.at < deadline) deadline = waitlist.cutoff.at;
    // A train ride keeps the class the traveller chose, not the one the search quoted.
    const itinerary: Itinerary = {
      legs: result.legs.map((leg, i) => {
        const chosen = input.extras.rail.find((c) => c.leg === i)?.seatClass;
        return chosen ? { ...leg, cabin: chosen } : leg;
      }),
      bounds: result.bounds,
      fees: result.fees,
      ...(result.selfTransferMinutes === undefined ? {} : { selfTransferMinutes: result.selfTransferMinutes }),
    };
    const first = result.legs[0] as ResultLeg;
    const last = result.legs[result.legs.length - 1] as ResultLeg;
    const criteriaLeg = quoted.criteria.legs[0];
    const lastCriteriaLeg = quoted.criteria.legs[quoted.criteria.legs.length - 1];
    const firstSold = result.legs.find(isRide) ?? first;
    const departure = Date.parse(firstSold.departureTime);

    try {
      const row = await this.repo.transaction(async (trx) => {
        await checkOrderCaps(trx, this.options.caps, {
          userId,
          contactEmail: input.contact.email,
          seats: waitlist ? [] : holds.map((h) => ({ key: h.key, seats: h.seats })),
        });
        const order = await this.repo.insertOrder(
          trx,
          {
            userId,
            orderNumber: this.orderNumber(now),
            idempotencyKey: key,
            requestHash,
            status: statusText(INITIAL_ORDER_STATUS) as string,
            paymentStatus: statusText(INITIAL_PAYMENT_STATUS) as string,
            kind: result.kind,
            agent: result.agent,
            originName: criteriaLeg?.departureName || (first.from.city?.name ?? first.from.name)[quoted.language],
            destinationName:
              (quoted.criteria.type === 2 ? criteriaLeg?.destinationName : lastCriteriaLeg?.destinationName) ||
              (last.to.city?.name ?? last.to.name)[quoted.language],
            departureTime: firstSold.departureTime,
            arrivalTime: result.arrivalTime,
            departureAt: new Date(departure),
            priceMinor: priced.breakdown.totalMinor,
            paymentDeadline: deadline,
            itinerary: JSON.stringify(itinerary),
            breakdown: JSON.stringify(priced.breakdown),
            extras: JSON.stringify(input.extras),
            contactName: input.contact.name,
            contactPhoneSealed: this.secrets.keyring.seal(phone, PHONE_PURPOSE),
            contactPhoneMasked: maskMobile(phone),
            contactEmail: input.contact.email,
            channel,
            createdAt: now,
            updatedAt: now,
          },
          passengers.map(({ p, document }, i) => ({
            position: i,
            passengerId: p.id,
            name: displayName(p, trip.international),
            birthDate: p.birthDate,
            airType: party.types.air[i] as string,
            railType: trip.rail ? (party.types.rail[i] as string) : null,
            documentType: document.type,
            documentSealed: document.numberSealed,
            documentMasked: document.numberMasked,
          })),
          priced.tickets.map((t, i) => ({
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
          })),
        );
        if (waitlist) {
          await this.repo.insertWaitlist(trx, {
            orderId: order.id,
            userId,
            status: 'awaiting_hold',
            reason: null,
            stockKey: waitlist.hold.key,
            train: waitlist.hold.train,
            travelDate: waitlist.hold.date,
            seatClass: waitlist.hold.seatClass,
            seats: waitlist.hold.seats,
            cutoffAt: waitlist.cutoff.at,
            cutoffLocal: waitlist.cutoff.local,
            heldMinor: null,
            createdAt: now,
            updatedAt: now,
          });
        } else {
          for (const hold of holds) {
            if (!(await this.repo.holdSeats(trx, order.id, hold))) throw new AppError('TICKETS_INSUFFICIENT');
          }
        }
        await this.repo.addEvent(trx, {
          orderId: order.id,
          kind: 'created',
          fromStatus: null,
          toStatus: order.status,
          at: now,
          data: {
            priceMinor: order.priceMinor,
            ...(waitlist
              ? { waitlist: { key: waitlist.hold.key, seats: waitlist.hold.seats, cutoffAt: waitlist.cutoff.local } }
              : { seats: holds.map((h) => ({ key: h.key, seats: h.seats })) }),
          },
        });
        const { from, to } = this.summary(order).places;
        await this.notify(trx, {
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
          { runAt: deadline, jobKey: `orders.expire:${order.id}` },
        );
        return order;
      });
      return this.present(await this.full(userId, row.id));
    } catch (e) {
      // The same key, sent twice at once: the other request made the order (and may have taken the last
      // place under a cap this one then met).
      if (!isUniqueViolation(e, 'orders_idempotency') && !(e instanceof AppError && CAP_ERRORS.has(e.code))) throw e;
      const made = await this.repo.findByKey(userId, key);
      if (!made) throw e;
      return this.sameRequest(userId, made, requestHash);
    }
  }

  /**
   * A waiting list the order may join: a train-only order of one ride (6209), its cut-off ahead (6207),
   * and too few seats left in the chosen class for the party (6206).
   */
  private async joinable<H extends SeatHold & { departureTime: string }>(
    result: SearchResult,
    holds: H[],
    now: Date,
  ): Promise<{ hold: H; cutoff: { at: Date; local: string } }> {
    const tickets = ticketsOf(result);
    const hold = holds[0];
    if (!this.waitlist || result.kind !== 'train' || tickets.length !== 1 || holds.length !== 1 || !hold)
      throw new AppError('WAITLIST_NOT_AVAILABLE');
    const cutoff = this.waitlist.cutoffFor(hold.departureTime);
    if (cutoff.at.getTime() <= now.getTime()) throw new AppError('WAITLIST_CLOSED');
    const stock = (await this.repo.held([hold.key])).get(hold.key);
    const left = stock ? stock.capacity - stock.held : hold.capacity;
    if (left >= hold.seats) throw new AppError('WAITLIST_NOT_SOLD_OUT');
    return { hold, cutoff };
  }

  private async sameRequest(userId: string, order: OrderRow, requestHash: string): Promise<Order> {
    if (order.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return this.present(await this.full(userId, order.id));
  }

  /** A human-readable order number: JN, the day in Beijing, and 8 random digits. */
  private orderNumber(now: Date): string {
    const day = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(2, 10).replaceAll('-', '');
    return `JN${day}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  }

  private async full(userId: string, orderId: string): Promise<FullOrder> {
    const found = await this.repo.findForUser(userId, orderId);
    if (!found) throw new AppError('ORDER_NOT_FOUND');
    return found;
  }

  async get(userId: string, orderId: string): Promise<Order> {
    return this.present(await this.full(userId, orderId));
  }

  async list(userId: string, query: OrderListQuery): Promise<OrderPage> {
    const q = orderListQuerySchema.parse(query);
    const { rows, total } = await this.repo.list(userId, q.filter, this.now(), q.page, q.pageSize);
    const waitlists = await this.repo.waitlistsOf(rows.map((r) => r.id));
    return {
      items: rows.map((r) => ({
        ...this.summary(r),
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
      (await this.move(orderId, 'cancel', { userId })) ||
      // On a waiting list: the traveller leaves it and the hold on the card is voided at once.
      (this.waitlist !== undefined && (await this.waitlist.cancel(userId, orderId)));
    if (!moved) {
      const found = await this.full(userId, orderId); // another user's order, or none: not found
      if (found.order.status === '0' && found.order.paymentStatus === statusText(PAYMENT_STATUS.PROCESSING))
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
    if (await this.move(orderId, 'expire', { dueBy: this.now() })) return 'expired';
    const order = await this.repo.findById(orderId);
    return order?.status === statusText(INITIAL_ORDER_STATUS) ? 'notDue' : 'settled';
  }

  /**
   * One legal step from awaiting payment, for order, payment and sub-orders together, with the seats
   * released and an event row, in one transaction. False when the order was not awaiting payment.
   */
  private async move(orderId: string, move: OrderMove, scope: { userId?: string; dueBy?: Date }): Promise<boolean> {
    const to = ORDER_MOVES[move];
    const from = INITIAL_ORDER_STATUS;
    if (
      !canTransition(ORDER_TRANSITIONS, from, to.order) ||
      !canTransition(PAYMENT_TRANSITIONS, INITIAL_PAYMENT_STATUS, to.payment) ||
      !canTransition(SUB_ORDER_TRANSITIONS, null, to.subOrder)
    ) {
      throw new Error(`${move} is not a step of the status tables`);
    }
    const at = this.now();
    return this.repo.transaction(async (trx: Trx) => {
      const row = await this.repo.transition(trx, {
        orderId,
        ...scope,
        from: statusText(from) as string,
        to: statusText(to.order) as string,
        paymentTo: statusText(to.payment) as string,
        subFrom: null,
        subTo: statusText(to.subOrder) as string,
        at,
        // While a payment is under way the order is neither cancelled nor expired: the payment settles first.
        paymentNot: statusText(PAYMENT_STATUS.PROCESSING) as string,
      });
      if (!row) return false;
      const seats = await this.repo.releaseSeats(trx, orderId, at);
      await this.waitlist?.closeUnpaid(trx, orderId, at);
      await this.repo.addEvent(trx, {
        orderId,
        kind: move === 'cancel' ? 'cancelled' : move === 'expire' ? 'expired' : 'paid',
        fromStatus: statusText(from),
        toStatus: row.status,
        at,
        data: { seatsReleased: seats },
      });
      return true;
    });
  }

  /** An order as payment needs it (composed into the payment feature in `app.ts`). */
  async forPayment(orderId: string, userId?: string) {
    const o = userId ? (await this.repo.findForUser(userId, orderId))?.order : await this.repo.findById(orderId);
    if (!o) return undefined;
    const status = wireOrderStatus(o.status);
    return {
      id: o.id,
      userId: o.userId,
      status,
      paymentStatus: wirePaymentStatus(o.paymentStatus),
      priceMinor: o.priceMinor,
      differenceMinor: status === ORDER_STATUS.PRICE_DIFFERENCE_DUE ? await this.repo.differenceOf(o.id) : 0,
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
  async startPayment(trx: Trx, orderId: string, at: Date): Promise<boolean> {
    return this.paymentStep(
      trx,
      orderId,
      PAYMENT_STATUS.WAIT_PAYMENT,
      PAYMENT_STATUS.PROCESSING,
      at,
      'payment_started',
    );
  }

  /** Payment 1 → 0: the payment failed; the order awaits payment again (or expires). */
  async endPayment(trx: Trx, orderId: string, at: Date): Promise<boolean> {
    return this.paymentStep(trx, orderId, PAYMENT_STATUS.PROCESSING, PAYMENT_STATUS.WAIT_PAYMENT, at, 'payment_failed');
  }

  private async paymentStep(
    trx: Trx,
    orderId: string,
    from: PaymentStatus,
    to: PaymentStatus,
    at: Date,
    kind: string,
  ): Promise<boolean> {
    if (!canTransition(PAYMENT_TRANSITIONS, from, to)) throw new Error(`${from} → ${to} is not a payment step`);
    const moved = await this.repo.movePaymentStatus(trx, {
      orderId,
      status: statusText(INITIAL_ORDER_STATUS) as string,
      from: statusText(from) as string,
      to: statusText(to) as string,
      at,
      ...(to === PAYMENT_STATUS.PROCESSING ? { before: at } : {}),
    });
    if (moved) {
      await this.repo.addEvent(trx, {
        orderId,
        kind,
        fromStatus: statusText(INITIAL_ORDER_STATUS),
        toStatus: statusText(INITIAL_ORDER_STATUS) as string,
        at,
        data: { paymentFrom: from, paymentTo: to },
      });
    }
    return moved;
  }

  /**
   * The order paid, in the payment's transaction: awaiting payment → paid with its sub-orders (payment
   * status 1 → 2), or a price difference paid → ticketing. False when the order was not there.
   */
  async markPaid(
    trx: Trx,
    p: { orderId: string; purpose: 'order' | 'difference'; amountMinor: number; attemptId: string; at: Date },
  ): Promise<boolean> {
    if (p.purpose === 'difference') {
      const to = ORDER_STATUS.TICKETING;
      if (!canTransition(ORDER_TRANSITIONS, ORDER_STATUS.PRICE_DIFFERENCE_DUE, to)) throw new Error('not a step');
      if (!(await this.repo.payDifference(trx, { orderId: p.orderId, to: statusText(to) as string, at: p.at })))
        return false;
      await this.repo.addEvent(trx, {
        orderId: p.orderId,
        kind: 'difference_paid',
        fromStatus: statusText(ORDER_STATUS.PRICE_DIFFERENCE_DUE),
        toStatus: statusText(to) as string,
        at: p.at,
        data: { amountMinor: p.amountMinor, attemptId: p.attemptId },
      });
      return true;
    }
    const to = ORDER_MOVES.pay;
    const row = await this.repo.transition(trx, {
      orderId: p.orderId,
      from: statusText(INITIAL_ORDER_STATUS) as string,
      to: statusText(to.order) as string,
      paymentFrom: statusText(PAYMENT_STATUS.PROCESSING) as string,
      paymentTo: statusText(to.payment) as string,
      subFrom: null,
      subTo: statusText(to.subOrder) as string,
      at: p.at,
    });
    // A waiting-list order's held payment captured once seats were found.
    if (!row) return this.waitlist ? this.waitlist.markFilled(trx, p) : false;
    await this.repo.setPaid(trx, p.orderId);
    await this.repo.addEvent(trx, {
      orderId: p.orderId,
      kind: 'paid',
      fromStatus: statusText(INITIAL_ORDER_STATUS),
      toStatus: statusText(to.order) as string,
      at: p.at,
      data: { amountMinor: p.amountMinor, attemptId: p.attemptId },
    });
    return true;
  }

  private summary(o: OrderRow) {
    const { legs, bounds } = o.itinerary as Itinerary;
    const sold = (from: number, to: number) => legs.slice(from, to).filter(isRide);
    const first = sold(0, legs.length)[0] ?? (legs[0] as ResultLeg);
    // A round trip ends where it began: its destination is the end of the outbound journey.
    const outbound = bounds.length === 2 ? bounds[0] : undefined;
    const last =
      (outbound ? sold(outbound.start, outbound.end) : sold(0, legs.length)).at(-1) ?? (legs.at(-1) as ResultLeg);
    return {
      places: { from: first.from.city?.name ?? first.from.name, to: last.to.city?.name ?? last.to.name },
      id: o.id,
      orderNumber: o.orderNumber,
      createdAt: o.createdAt.toISOString(),
      originName: o.originName,
      destinationName: o.destinationName,
      kind: o.kind as Order['kind'],
      status: wireOrderStatus(o.status),
      paymentStatus: wirePaymentStatus(o.paymentStatus),
      payment: { price: cny(o.priceMinor), deadline: o.paymentDeadline.toISOString() },
      departureTime: o.departureTime,
      arrivalTime: o.arrivalTime,
    };
  }

  private present({ order: o, travellers, subOrders, waitlist }: FullOrder): Order {
    const itinerary = o.itinerary as Itinerary;
    return {
      ...this.summary(o),
      waitlist: this.waitlist?.present(waitlist) ?? null,
      travellers: travellers.map((t) => ({
        passengerId: t.passengerId,
        name: t.name,
        airType: t.airType as Order['travellers'][number]['airType'],
        railType: t.railType as Order['travellers'][number]['railType'],
        documentType: t.documentType,
        documentMasked: t.documentMasked,
      })),
      contact: { name: o.contactName, phoneMasked: o.contactPhoneMasked, email: o.contactEmail },
      legs: itinerary.legs,
      bounds: itinerary.bounds,
      scheduleChanges: itinerary.scheduleChanges ?? [],
      fees: itinerary.fees,
      ...(itinerary.selfTransferMinutes === undefined ? {} : { selfTransferMinutes: itinerary.selfTransferMinutes }),
      agent: o.agent as Order['agent'],
      subOrders: subOrders.map((s) => ({
        id: s.id,
        type: s.type as 'flight' | 'railway',
        status: wireSubStatus(s.status),
        legs: s.legs as number[],
        flightNumber: s.flightNumber,
        ticketNumber: s.ticketNumber,
        confirmationCode: s.confirmationCode,
        seat: s.seat,
        price: cny(s.priceMinor),
        paidAmount: s.paidMinor === null ? null : cny(s.paidMinor),
        priceDifference: s.priceDifferenceMinor === null ? null : cny(s.priceDifferenceMinor),
        expectedRefund: s.expectedRefundMinor === null ? null : cny(s.expectedRefundMinor),
        receiptUrl: s.receiptUrl,
        itineraryUrl: s.itineraryUrl,
        ticketing: s.ticketing === 'online' || s.ticketing === 'offline' ? s.ticketing : null,
        serviceFee: s.serviceFeeMinor === null ? null : cny(s.serviceFeeMinor),
      })),
      breakdown: o.breakdown as PriceBreakdown,
      extras: o.extras as Order['extras'],
      supportUrl: `${this.options.supportUrl.replace(/\/$/, '')}/order/${o.id}`,
      channel: o.channel as OrderChannel,
      priceDifference: (() => {
        const due = subOrders.reduce((sum, s) => sum + (s.priceDifferenceMinor ?? 0), 0);
        return o.status === '1' && due > 0 ? cny(due) : null;
      })(),
    };
  }
}
