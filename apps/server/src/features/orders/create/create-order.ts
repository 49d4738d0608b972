import { AppError, type CreateOrder, type Order, type OrderChannel } from '@junction/domain';
import { idempotencyKeyOf, isUniqueViolation, once, requestHashOf, sameRequest } from '../../../lib/idempotency';
import { railTicketing, tripOf } from '../offer';
import type { OrdersContext } from '../orders.context';
import { checkPrice } from './check-price';
import { checkStudents } from './check-students';
import { assertDistinct, checkTravellers } from './check-travellers';
import { checkFlightSeats, joinable, planHolds } from './hold-seats';
import { type OrderPlan, writeOrder } from './write-order';

/** Errors of a request that lost a race to another with the same key (the caps the other's order then met). */
const CAP_ERRORS = new Set([
  'ORDER_UNPAID_LIMIT',
  'ORDER_SEATS_LIMIT',
  'ORDER_TRAIN_SEATS_LIMIT',
  'ORDER_CONTACT_LIMIT',
]);

/**
 * Makes an order (spec §4, §7) in four steps, each in a file of its own: the travellers checked, the
 * price re-quoted and checked (each flight's cabin first: a seat in it for everyone but lap infants), the
 * seats planned (or a waiting-list place found), and the order written with its holds in one transaction.
 * Once per idempotency key: the same key replays the first answer.
 */
export function createOrder(
  ctx: OrdersContext,
  show: (userId: string, orderId: string) => Promise<Order>,
  p: { userId: string; input: CreateOrder; idempotencyKey: string | undefined; channel: OrderChannel },
): Promise<Order> {
  const key = idempotencyKeyOf(p.idempotencyKey);
  const requestHash = requestHashOf(p.input);
  return once({
    find: () => ctx.repo.findByKey(p.userId, key),
    replay: async (earlier) => {
      sameRequest(earlier.requestHash, requestHash, 'IDEMPOTENCY_KEY_REUSED');
      return show(p.userId, earlier.id);
    },
    make: async () => {
      const order = await writeOrder(ctx, await plan(ctx, { ...p, key, requestHash }));
      return show(p.userId, order.id);
    },
    // The same key, sent twice at once: the other request made the order (and may have taken the last
    // place under a cap this one then met).
    raced: (e) => isUniqueViolation(e, 'orders_idempotency') || (e instanceof AppError && CAP_ERRORS.has(e.code)),
  });
}

async function plan(
  ctx: OrdersContext,
  p: { userId: string; input: CreateOrder; channel: OrderChannel; key: string; requestHash: string },
): Promise<OrderPlan> {
  const { userId, input } = p;
  assertDistinct(input);
  const partnerFailed = (e: unknown) => {
    throw e instanceof AppError && e.code === 'PARTNER_UNAVAILABLE' ? new AppError('OPERATION_FAILED') : e;
  };
  const seatsChosen = (input.extras.seats ?? []).some((c) => c.seats.some((s) => s !== null));
  const [quoted, found, ticketing, seatMaps] = await Promise.all([
    ctx.offers.quote(input.searchId, input.resultId).catch(partnerFailed),
    ctx.passengers.find(
      userId,
      input.travellers.map((t) => t.passengerId),
    ),
    railTicketing(ctx, userId),
    seatsChosen && ctx.offers.seatMaps
      ? ctx.offers.seatMaps(input.searchId, input.resultId).catch(partnerFailed)
      : undefined,
  ]);
  const { result } = quoted;
  const trip = tripOf(quoted);
  const party = checkTravellers(input, found, trip);
  const students = await checkStudents(ctx, { userId, input, result, types: party.types });
  const travellers = { ...party, types: students.types };
  checkFlightSeats(result, travellers.types);
  const price = checkPrice({
    result,
    input,
    types: travellers.types,
    trip,
    ticketing,
    railServiceFeeMinor: ctx.offers.railServiceFeeMinor,
    ...(seatMaps ? { seatMaps } : {}),
  });
  const holds = planHolds(ctx, {
    result,
    tickets: price.priced.tickets,
    types: travellers.types,
    extras: input.extras,
  });
  const now = ctx.now();
  let deadline = new Date(now.getTime() + ctx.options.paymentMinutes * 60_000);
  // The waiting list (候补): one train ride whose chosen class has too few seats, before its cut-off.
  const waitlist = input.waitlist ? await joinable(ctx, result, holds, now) : undefined;
  if (waitlist && waitlist.cutoff.at < deadline) deadline = waitlist.cutoff.at;
  return { ...p, quoted, trip, travellers, price, holds, waitlist, now, deadline, students: students.journeys };
}
