import { randomUUID } from 'node:crypto';
import {
  type BookingOffer,
  cardTokenSchema,
  type Order,
  orderPageSchema,
  orderSchema,
  paymentStateSchema,
  type SearchResult,
} from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { noticeText, notify } from '../src/features/notifications/notifications.service';
import { OrdersRepository } from '../src/features/orders/orders.repository';
import { WaitlistRepository } from '../src/features/orders/waitlist.repository';
import { WaitlistService } from '../src/features/orders/waitlist.service';
import { TEST_CARDS } from '../src/features/payment/gateway/simulator/test-cards';
import { PaymentsRepository } from '../src/features/payment/payment.repository';
import { cardDetails } from '../src/features/payment/payment.test-support';
import { SimulatedSeatReturns } from '../src/features/rail/simulator/seat-returns';
import { railRemaining } from '../src/features/search/inventory/fares';
import { beijingShanghai, beijingShanghaiReturn, bookingClient, errorOf, orderBody, traveller } from './booking-client';
import { createTestApp, QUIET_SETTINGS, type TestApp } from './harness';
import { type BookingClient, bookingApp, type Found } from './support/booking-app';
import { runAllJobs } from './support/jobs';
import { SURE_GATEWAY, SURE_TICKETING } from './support/settings';

// Our clock starts at the database's, a little ahead: a waiting order's look for seats queues the next
// one after our clock, and a job queued before the database's clock would be run again at once, forever.
const START = new Date(Date.now() + 60_000);
/** The travel day, four days ahead (within a session's idle time), as the search form sends it. */
const DATE = (() => {
  const d = new Date(START.getTime() + 4 * 86_400_000);
  return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}`;
})();
let clock = START.getTime();
const now = () => new Date(clock);
/**
 * Where each test sets the clock: START, or a minute ahead of the real time once a busy machine has taken
 * longer than START's minute to get here, so the app's clock is never behind the database's.
 */
const startClock = () => Math.max(START.getTime(), Date.now() + 60_000);
const CUTOFF_MINUTES = 120;
/** A Beijing–Shanghai train with no tickets left in any class. */
const SOLD_OUT_TRAIN = 'G113';

let t: TestApp;
let c: BookingClient;
/** A session of its own for the simulators' routes (the card processor's tokens, seats coming back). */
let simulatorSession = '';
let trains: Found;
type Pick = { result: SearchResult; soldOut: string; open: string };
/**
 * One-ride trains with a class sold out and one with seats left. Seats that come back and are not
 * taken end the class's waiting list (it has seats again), so the tests that fill or race use their own.
 */
const picks: Pick[] = [];
let pick: Pick;

beforeAll(async () => {
  ({ t, c } = await bookingApp(now, {
    RAIL_SIM_LATENCY_MS: '0',
    ...SURE_TICKETING,
    ...SURE_GATEWAY,
    // Seats come back only when a test says so.
    RAIL_SIM_SEAT_RETURN_RATE: '0',
    RAIL_WAITLIST_CUTOFF_MINUTES: String(CUTOFF_MINUTES),
    RAIL_WAITLIST_POLL_SECONDS: '30',
    // The simulated railway has this train sold out in every class, every day.
    RAIL_SIM_SOLD_OUT: SOLD_OUT_TRAIN,
  }));
  simulatorSession = await c.signUp();
  trains = await c.search(beijingShanghai('train', DATE));
  for (const result of trains.results) {
    const leg = result.legs[0];
    if (result.kind !== 'train' || result.legs.length !== 1 || !leg?.seats) continue;
    const soldOut = leg.seats.find((s) => s.remaining === 0);
    const open = leg.seats.find((s) => s.remaining >= 5);
    if (soldOut && open) picks.push({ result, soldOut: soldOut.code, open: open.code });
  }
  if (picks.length < 4) throw new Error(`${picks.length} trains with a sold-out class`);
  pick = picks[0] as Pick;
}, 120_000);
afterAll(() => t.close());

/** Runs the jobs due now, with those waiting for a retry or a later time made due first. */
const runJobs = (rounds = 4) => runAllJobs(t, rounds);

const leg = () => pick.result.legs[0] as NonNullable<SearchResult['legs'][number]>;
const travelDate = () => leg().departureTime.slice(0, 10);
const cutoffMs = () => Date.parse(leg().departureTime) - CUTOFF_MINUTES * 60_000;

async function joinBody(cookie: string, seatClass = pick.soldOut) {
  const wei = await c.save(cookie, traveller('张伟', '1985-03-02', { phoneCountry: 'CN', phone: '13800138000' }));
  const offer: BookingOffer = await c.offerOf(cookie, trains.searchId, pick.result.id);
  return {
    offer,
    body: {
      ...orderBody(offer, trains.searchId, [wei], { rail: [{ leg: 0, seatClass }] }, undefined, 'offline'),
      waitlist: true,
    },
  };
}

async function join(cookie: string): Promise<Order> {
  const { body } = await joinBody(cookie);
  const res = await c.create(cookie, body);
  expect(res.statusCode, res.body).toBe(200);
  return orderSchema.parse(res.json());
}

async function cardToken(number: string = TEST_CARDS.visa): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/gateway-sim/v1/tokens',
    payload: cardDetails(number),
    headers: { cookie: simulatorSession },
  });
  expect(res.statusCode, res.body).toBe(200);
  return cardTokenSchema.parse(res.json()).token;
}

const pay = (cookie: string, orderId: string, method: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order/pay',
    payload: { orderId, method },
    headers: { cookie, 'idempotency-key': randomUUID() },
  });

/** Joins the waiting list and pays by card: the price is authorised and held. */
async function joinAndHold(cookie: string): Promise<Order> {
  const order = await join(cookie);
  const res = await pay(cookie, order.id, { kind: 'card', token: await cardToken() });
  expect(res.statusCode, res.body).toBe(200);
  expect(paymentStateSchema.parse(res.json()).outcome).toBe('held');
  return order;
}

/** A new traveller's order waiting on a pick's sold-out class with the card held, the clock at its start. */
async function waitingOn(picked: Pick): Promise<{ cookie: string; order: Order }> {
  clock = startClock();
  pick = picked;
  const cookie = await c.signUp();
  return { cookie, order: await joinAndHold(cookie) };
}

/** Keeps waiting while no seats come back, and is filled once one does: the order as its traveller then sees it. */
async function filledOnReturn(cookie: string, order: Order) {
  await runJobs(2);
  expect((await get(cookie, order.id)).waitlist?.status).toBe('waiting');

  expect((await giveSeats(1)).statusCode).toBe(200);
  await runJobs();
  const seen = await get(cookie, order.id);
  expect(seen).toMatchObject({ status: 5, paymentStatus: 2, waitlist: { status: 'filled', held: null } });
  return seen;
}

const get = async (cookie: string, id: string) => orderSchema.parse((await c.get(cookie, id)).json());

const intentOf = (orderId: string) =>
  t.db
    .selectFrom('gatewaySimIntents')
    .select(['status', 'amount', 'amountCaptured', 'amountRefunded', 'captures'])
    .where(sql<string>`metadata->>'orderId'`, '=', orderId)
    .executeTakeFirstOrThrow();

const noticesOf = (orderId: string) =>
  t.db.selectFrom('notifications').select('kind').where('orderId', '=', orderId).execute();

const giveSeats = (seats: number) =>
  t.app.inject({
    method: 'POST',
    url: '/rail-sim/seats/return',
    payload: { train: leg().number, date: travelDate(), seatClass: pick.soldOut, seats },
    headers: { cookie: simulatorSession },
  });

describe('the waiting list on the booking offer', () => {
  it('is offered for the classes that are sold out, and not at all for a train with seats in every class', async () => {
    const cookie = await c.signUp();
    const first = picks[0] as Pick;
    const withSoldOut = await c.offerOf(cookie, trains.searchId, first.result.id);
    // Every class the search showed with no seats left, however many that train has on the day searched.
    const noneLeft = (first.result.legs[0]?.seats ?? []).filter((s) => s.remaining === 0).map((s) => s.code);
    expect(noneLeft).toContain(first.soldOut);
    expect(withSoldOut.waitlist.available).toBe(true);
    expect([...withSoldOut.waitlist.soldOut].sort()).toEqual([...noneLeft].sort());
    const plenty = trains.results.find(
      (r) => r.kind === 'train' && r.legs.length === 1 && r.legs[0]?.seats?.every((s) => s.remaining >= 5),
    ) as SearchResult;
    const offer = await c.offerOf(cookie, trains.searchId, plenty.id);
    expect(offer.remaining.every((r) => r.remaining >= 5)).toBe(true);
    expect(offer.waitlist).toMatchObject({ available: false, soldOut: [] });
    // Its cut-off is still told: a party larger than the seats left may still join it.
    expect(Date.parse(offer.waitlist.cutoffAt ?? '')).toBe(
      Date.parse(plenty.legs[0]?.departureTime ?? '') - CUTOFF_MINUTES * 60_000,
    );
  });
});

describe('joining the waiting list of a sold-out train class', () => {
  beforeAll(() => {
    pick = picks[0] as Pick;
  });

  it('is offered for the train until its cut-off, held on a card, and shown waiting with its cut-off', async () => {
    clock = startClock();
    const cookie = await c.signUp();
    const { offer } = await joinBody(cookie);
    expect(offer.remaining.find((r) => r.seatClass === pick.soldOut)?.remaining).toBe(0);
    expect(offer.waitlist).toMatchObject({ available: true, cardOnly: true });
    expect(Date.parse(offer.waitlist.cutoffAt ?? '')).toBe(cutoffMs());

    const order = await join(cookie);
    expect(order).toMatchObject({ status: 0, waitlist: { status: 'awaiting_hold', seatClass: pick.soldOut } });
    // Never later than the cut-off to pay.
    expect(Date.parse(order.payment.deadline)).toBeLessThanOrEqual(cutoffMs());

    // The wallet cannot hold an amount: card only (6208), and nothing moved.
    const byWallet = await pay(cookie, order.id, { kind: 'wallet' });
    expect(byWallet.statusCode).toBe(422);
    expect(errorOf(byWallet).errorCode).toBe(6208);
    expect((await get(cookie, order.id)).status).toBe(0);

    const held = await pay(cookie, order.id, { kind: 'card', token: await cardToken() });
    expect(held.statusCode, held.body).toBe(200);
    const seen = await get(cookie, order.id);
    expect(seen).toMatchObject({
      status: 8,
      paymentStatus: 5,
      waitlist: { status: 'waiting', held: { amount: order.payment.price.amount }, train: leg().number },
    });
    expect(Date.parse(seen.waitlist?.cutoffAt ?? '')).toBe(cutoffMs());
    // Authorised at the processor, not captured.
    expect(await intentOf(order.id)).toMatchObject({ status: 'requires_capture', amountCaptured: 0 });
    // The trip list shows it among upcoming trips, waiting.
    const upcoming = orderPageSchema.parse((await c.list(cookie, '?filter=2')).json());
    expect(upcoming.items.find((i) => i.id === order.id)?.waitlist?.status).toBe('waiting');
    expect((await noticesOf(order.id)).map((n) => n.kind)).toContain('waitlist-joined');
  });

  it('refuses a class with seats left (6206), a sold-out class without the waiting list (2007), and a malformed request', async () => {
    clock = startClock();
    const cookie = await c.signUp();
    const open = await joinBody(cookie, pick.open);
    const res = await c.create(cookie, open.body);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errorCode).toBe(6206);

    const { body } = await joinBody(cookie);
    const direct = await c.create(cookie, { ...body, waitlist: false });
    expect(direct.statusCode).toBe(422);
    expect(errorOf(direct).errorCode).toBe(2007);

    const malformed = await c.create(cookie, { ...body, waitlist: 'yes' });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).errorCode).toBe(1000);
  });

  it('refuses to join once the cut-off has passed (6207)', async () => {
    // A railway whose waiting lists close a week before departure: this train's has closed.
    const week = await createTestApp(
      { ...QUIET_SETTINGS, RAIL_SIM_SEAT_RETURN_RATE: '0', RAIL_WAITLIST_CUTOFF_MINUTES: String(7 * 24 * 60) },
      now,
    );
    try {
      clock = startClock();
      const wc = bookingClient(week);
      const cookie = await wc.signUp();
      const found = await wc.search(beijingShanghai('train', DATE));
      const same = found.results.find((r) => r.id === pick.result.id) as SearchResult;
      const wei = await wc.save(cookie, traveller('张伟', '1985-03-02', { phoneCountry: 'CN', phone: '13800138000' }));
      const offer = await wc.offerOf(cookie, found.searchId, same.id);
      expect(offer.waitlist).toEqual({ available: false, soldOut: [], cutoffAt: null, cardOnly: true });
      const body = orderBody(
        offer,
        found.searchId,
        [wei],
        { rail: [{ leg: 0, seatClass: pick.soldOut }] },
        undefined,
        'offline',
      );
      const res = await wc.create(cookie, { ...body, waitlist: true });
      expect(res.statusCode, res.body).toBe(422);
      expect(errorOf(res).errorCode).toBe(6207);
    } finally {
      await week.close();
    }
  }, 120_000);

  it('refuses a journey of more than one train (6209)', async () => {
    clock = startClock();
    const cookie = await c.signUp();
    const back = new Date(START.getTime() + 6 * 86_400_000);
    const returnDate = `${back.getUTCFullYear()}/${String(back.getUTCMonth() + 1).padStart(2, '0')}/${String(back.getUTCDate()).padStart(2, '0')}`;
    const round = await c.search(beijingShanghaiReturn('train', DATE, returnDate));
    const both = round.results.find((r) => r.kind === 'train' && r.legs.length === 2) as SearchResult;
    const wei = await c.save(cookie, traveller('张伟', '1985-03-02', { phoneCountry: 'CN', phone: '13800138000' }));
    const offer = await c.offerOf(cookie, round.searchId, both.id);
    expect(offer.waitlist.available).toBe(false);
    const res = await c.create(cookie, { ...orderBody(offer, round.searchId, [wei]), waitlist: true });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorOf(res).errorCode).toBe(6209);
  });

  it("shows nobody another traveller's waiting list, and lets nobody else cancel it", async () => {
    clock = startClock();
    const owner = await c.signUp();
    const order = await joinAndHold(owner);
    const other = await c.signUp();
    expect((await c.get(other, order.id)).statusCode).toBe(404);
    expect(orderPageSchema.parse((await c.list(other)).json()).items).toHaveLength(0);
    expect((await c.cancel(other, order.id)).statusCode).toBe(404);
    expect((await get(owner, order.id)).waitlist?.status).toBe('waiting');
  });
});

describe('a waiting-list order', () => {
  it('is filled when seats come back: held seats, the card captured, ticketed, and the traveller told', async () => {
    const { cookie, order } = await waitingOn(picks[1] as Pick);
    // No seats back yet: it keeps waiting.
    const seen = await filledOnReturn(cookie, order);
    expect(seen.subOrders[0]).toMatchObject({ status: 5, ticketing: 'offline' });
    expect(await intentOf(order.id)).toMatchObject({
      status: 'succeeded',
      amountCaptured: order.payment.price.amount,
      captures: 1,
    });
    const holds = await t.db.selectFrom('seatHolds').selectAll().where('orderId', '=', order.id).execute();
    expect(holds).toHaveLength(1);
    const kinds = (await noticesOf(order.id)).map((n) => n.kind);
    expect(kinds).toContain('waitlist-filled');
    expect(kinds).not.toContain('waitlist-released');
    expect(t.sms.sent.some((m) => m.text.includes('Seats found') || m.text.includes('候补成功'))).toBe(true);
  });

  it('is released at the cut-off with the hold voided in full, and the traveller told', async () => {
    const { cookie, order } = await waitingOn(picks[0] as Pick);
    await runJobs(1);
    expect((await get(cookie, order.id)).status).toBe(8);

    clock = cutoffMs() + 1000;
    try {
      await runJobs();
      const seen = await get(cookie, order.id);
      expect(seen).toMatchObject({
        status: 'INVALID',
        paymentStatus: 3,
        waitlist: { status: 'released', reason: 'cutoff', held: null },
      });
      expect(seen.subOrders[0]?.status).toBe(8);
      // Nothing taken: the authorisation is cancelled, the whole amount released.
      expect(await intentOf(order.id)).toMatchObject({ status: 'canceled', amountCaptured: 0 });
      const kinds = (await noticesOf(order.id)).map((n) => n.kind);
      expect(kinds).toContain('waitlist-released');
      expect(kinds).not.toContain('waitlist-filled');
      expect(t.sms.sent.some((m) => m.text.includes(`No seats came back for order ${order.orderNumber}`))).toBe(true);
    } finally {
      clock = startClock();
    }
  });

  it('is cancelled by its traveller at once, with the hold voided', async () => {
    const { cookie, order } = await waitingOn(picks[0] as Pick);
    const res = await c.cancel(cookie, order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(orderSchema.parse(res.json())).toMatchObject({
      status: 7,
      paymentStatus: 3,
      waitlist: { status: 'released', reason: 'traveller' },
    });
    expect(await intentOf(order.id)).toMatchObject({ status: 'canceled', amountCaptured: 0 });
    expect((await noticesOf(order.id)).map((n) => n.kind)).toContain('waitlist-cancelled');
    // Once released, it is no longer cancellable.
    const again = await c.cancel(cookie, order.id);
    expect(errorOf(again).errorCode).toBe(2010);
  });

  it('keeps the hold when the notice of its authorisation is handled after the hold, so stopping voids it', async () => {
    const { cookie, order } = await waitingOn(picks[0] as Pick);
    const attempt = await t.db
      .selectFrom('paymentAttempts')
      .selectAll()
      .where('orderId', '=', order.id)
      .executeTakeFirstOrThrow();
    // The processor's notice of the authorisation read the attempt still open, just before it was held.
    const stale = vi
      .spyOn(PaymentsRepository.prototype, 'attemptByIntent')
      .mockResolvedValueOnce({ ...attempt, state: 'created', purpose: 'order' });
    try {
      await t.app.payments.onGatewayEvent({
        id: `evt_${randomUUID()}`,
        type: 'payment_intent.amount_capturable_updated',
        created: Math.floor(clock / 1000),
        intentId: attempt.intentId as string,
        refundId: null,
      });
    } finally {
      stale.mockRestore();
    }
    expect(await intentOf(order.id)).toMatchObject({ status: 'requires_capture', amountCaptured: 0 });
    expect(await get(cookie, order.id)).toMatchObject({ status: 8, paymentStatus: 5, waitlist: { status: 'waiting' } });

    const stopped = await c.cancel(cookie, order.id);
    expect(orderSchema.parse(stopped.json())).toMatchObject({ status: 7, paymentStatus: 3 });
    expect(await intentOf(order.id)).toMatchObject({ status: 'canceled', amountCaptured: 0 });
    expect((await noticesOf(order.id)).map((n) => n.kind)).toContain('waitlist-cancelled');
  });

  it('is captured once, however often the capture is asked for', async () => {
    const { order } = await waitingOn(picks[1] as Pick);
    await giveSeats(1);
    await runJobs();
    // Asked again (a job run twice): nothing more happens.
    expect(await t.app.payments.captureHeld(order.id)).toBe('captured');
    expect((await intentOf(order.id)).captures).toBe(1);
  });
});

describe('a fill racing the cut-off (50 at once)', () => {
  /** A waiting list as another process sees it, with its own clock. */
  const processAt = (at: number) => {
    return new WaitlistService(
      new OrdersRepository(t.db),
      new WaitlistRepository(t.db),
      new SimulatedSeatReturns(t.db, { rate: 0, maxSeats: 1 }, () => new Date(at)),
      railRemaining,
      notify,
      { cutoffMinutes: CUTOFF_MINUTES, pollSeconds: 30 },
      () => new Date(at),
      {
        capture: (id) => t.app.payments.captureHeld(id),
        release: (id) => t.app.payments.releaseHeld(id),
      },
    );
  };

  it('ends in exactly one outcome: filled and captured, or released and voided, never both', async () => {
    for (let round = 0; round < 2; round++) {
      const { cookie, order } = await waitingOn(picks[2 + round] as Pick);
      await giveSeats(1);
      // Seats are back just before the cut-off; processes whose clocks are past it release the order.
      const before = processAt(cutoffMs() - 1000);
      const after = processAt(cutoffMs() + 1000);
      const calls = Array.from({ length: 50 }, (_, i) =>
        (i + round) % 2 === 0 ? before.check(order.id) : after.cutoff(order.id),
      );
      const settled = await Promise.allSettled(calls);
      expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);

      const seen = await get(cookie, order.id);
      const intent = await intentOf(order.id);
      const events = await t.db
        .selectFrom('orderEvents')
        .select('kind')
        .where('orderId', '=', order.id)
        .where('kind', 'in', ['waitlist_filled', 'waitlist_released'])
        .execute();
      expect(events).toHaveLength(1);
      const holds = await t.db
        .selectFrom('seatHolds')
        .selectAll()
        .where('orderId', '=', order.id)
        .where('releasedAt', 'is', null)
        .execute();
      const kinds = (await noticesOf(order.id)).map((n) => n.kind);
      if (events[0]?.kind === 'waitlist_filled') {
        expect(seen).toMatchObject({ status: 2, paymentStatus: 2, waitlist: { status: 'filled' } });
        expect(intent).toMatchObject({ status: 'succeeded', amountCaptured: intent.amount, captures: 1 });
        expect(holds).toHaveLength(1);
        expect(kinds.filter((k) => k === 'waitlist-filled')).toHaveLength(1);
        expect(kinds).not.toContain('waitlist-released');
      } else {
        expect(seen).toMatchObject({ status: 'INVALID', paymentStatus: 3, waitlist: { status: 'released' } });
        expect(intent).toMatchObject({ status: 'canceled', amountCaptured: 0 });
        expect(holds).toHaveLength(0);
        expect(kinds.filter((k) => k === 'waitlist-released')).toHaveLength(1);
        expect(kinds).not.toContain('waitlist-filled');
      }
      const attempts = await t.db
        .selectFrom('paymentAttempts')
        .select('state')
        .where('orderId', '=', order.id)
        .execute();
      expect(attempts.map((a) => a.state)).toEqual([events[0]?.kind === 'waitlist_filled' ? 'succeeded' : 'released']);
    }
  });
});

describe('a train sold out in every class', () => {
  const soldOutTrain = () => {
    const found = trains.results.find((r) => r.kind === 'train' && r.legs[0]?.number === SOLD_OUT_TRAIN);
    if (!found) throw new Error(`${SOLD_OUT_TRAIN} is not in the results`);
    return found;
  };
  const useSoldOut = () => {
    const result = soldOutTrain();
    pick = { result, soldOut: result.legs[0]?.cabin as string, open: '' };
  };

  it('stays in the results, marked sold out with no tickets in any class and quoted in the class it would sell', () => {
    const result = soldOutTrain();
    const only = result.legs[0] as NonNullable<SearchResult['legs'][number]>;
    expect(result.legs).toHaveLength(1);
    expect(only.soldOut).toBe(true);
    expect(only.seats?.length).toBeGreaterThan(1);
    expect(only.seats?.every((s) => s.remaining === 0)).toBe(true);
    // Economy quotes the cheapest class, as for a train with tickets.
    const cheapest = [...(only.seats ?? [])].sort((a, b) => a.price.amount - b.price.amount)[0];
    expect(only.cabin).toBe(cheapest?.code);
    expect(only.price).toEqual(cheapest?.price);
    // Trains with tickets are not marked.
    const others = trains.results.filter((r) => r.kind === 'train' && r.id !== result.id);
    expect(others.length).toBeGreaterThan(5);
    for (const r of others) {
      const l = r.legs[0];
      expect(l?.soldOut).toBeUndefined();
      expect(l?.seats?.some((x) => x.remaining >= 1)).toBe(true);
    }
  });

  it('is left out of a round trip, which no waiting list takes', async () => {
    const back = new Date(START.getTime() + 6 * 86_400_000);
    const returnDate = `${back.getUTCFullYear()}/${String(back.getUTCMonth() + 1).padStart(2, '0')}/${String(back.getUTCDate()).padStart(2, '0')}`;
    const round = await c.search(beijingShanghaiReturn('train', DATE, returnDate));
    const pairs = round.results.filter((r) => r.kind === 'train' && r.legs.length === 2);
    expect(pairs.length).toBeGreaterThan(0);
    expect(pairs.some((r) => r.legs.some((l) => l.number === SOLD_OUT_TRAIN || l.soldOut))).toBe(false);
  });

  it('is never sold as a ticket (2007) in any class, only on its waiting list', async () => {
    clock = startClock();
    useSoldOut();
    const cookie = await c.signUp();
    const { offer, body } = await joinBody(cookie);
    expect(offer.remaining.length).toBeGreaterThan(1);
    expect(offer.remaining.every((r) => r.remaining === 0)).toBe(true);
    expect(offer.waitlist).toMatchObject({ available: true, cardOnly: true });
    const na = await c.save(cookie, traveller('李娜', '1990-07-08'));
    for (const r of offer.remaining) {
      const direct = await c.create(cookie, {
        ...orderBody(
          offer,
          trains.searchId,
          [na],
          { rail: [{ leg: 0, seatClass: r.seatClass }] },
          undefined,
          'offline',
        ),
      });
      expect(direct.statusCode, direct.body).toBe(422);
      expect(errorOf(direct).errorCode).toBe(2007);
    }
    const { waitlist: _, ...normal } = body;
    const quoted = await c.create(cookie, normal);
    expect(errorOf(quoted).errorCode).toBe(2007);
    const held = await t.db
      .selectFrom('seatHolds')
      .selectAll()
      .where('stockKey', 'like', `rail:${SOLD_OUT_TRAIN}:%`)
      .execute();
    expect(held).toEqual([]);
  });

  it('is joined on the waiting list, held on the card, and ticketed when a seat comes back', async () => {
    clock = startClock();
    useSoldOut();
    const cookie = await c.signUp();
    const order = await joinAndHold(cookie);
    expect(await get(cookie, order.id)).toMatchObject({
      status: 8,
      paymentStatus: 5,
      waitlist: { status: 'waiting', train: SOLD_OUT_TRAIN, seatClass: pick.soldOut },
    });
    await filledOnReturn(cookie, order);
    expect(await intentOf(order.id)).toMatchObject({ status: 'succeeded', amountCaptured: order.payment.price.amount });
    expect((await noticesOf(order.id)).map((n) => n.kind)).toContain('waitlist-filled');
  });

  it('is released at the cut-off when no seat comes back, the hold voided in full', async () => {
    clock = startClock();
    useSoldOut();
    // Another class of the same train: its seats never came back.
    const other = soldOutTrain().legs[0]?.seats?.find((s) => s.code !== pick.soldOut)?.code as string;
    pick = { ...pick, soldOut: other };
    const cookie = await c.signUp();
    const order = await joinAndHold(cookie);
    clock = cutoffMs() + 1000;
    try {
      await runJobs();
      expect(await get(cookie, order.id)).toMatchObject({
        status: 'INVALID',
        paymentStatus: 3,
        waitlist: { status: 'released', reason: 'cutoff', held: null },
      });
      expect(await intentOf(order.id)).toMatchObject({ status: 'canceled', amountCaptured: 0 });
    } finally {
      clock = startClock();
    }
  });
});

describe('the notice of a waiting list that ended without tickets', () => {
  /** The processor took the held amount though we never heard back (a capture answered too late). */
  const chargedAtProcessor = (orderId: string) =>
    sql`update gateway_sim_intents set status = 'succeeded', amount_captured = amount, captures = captures + 1
        where metadata->>'orderId' = ${orderId}`.execute(t.db);
  const noticeOf = (orderId: string) =>
    t.db
      .selectFrom('notifications')
      .select(['kind', 'params'])
      .where('orderId', '=', orderId)
      .where('kind', 'like', 'waitlist-%ed%')
      .where('kind', 'not in', ['waitlist-joined', 'waitlist-filled'])
      .executeTakeFirstOrThrow();
  const smsOf = (orderNumber: string) =>
    t.sms.sent.filter((m) => m.text.includes(orderNumber) && !m.text.includes('held on your card, not taken'));

  it('says nothing was charged when the hold was voided', async () => {
    const { cookie, order } = await waitingOn(picks[0] as Pick);
    clock = cutoffMs() + 1000;
    try {
      await runJobs();
    } finally {
      clock = startClock();
    }
    expect((await get(cookie, order.id)).paymentStatus).toBe(3);
    const notice = await noticeOf(order.id);
    expect(notice.kind).toBe('waitlist-released');
    const en = noticeText('waitlist-released', notice.params, 'en', '');
    const zh = noticeText('waitlist-released', notice.params, 'zh-CN', '');
    expect(en.body).toContain('nothing was charged');
    expect(en.body).not.toContain('refunded');
    expect(zh.body).toContain('未扣任何费用');
    await runJobs(1);
    expect(
      smsOf(order.orderNumber)
        .map((m) => m.text)
        .join('\n'),
    ).toContain('nothing was charged');
  });

  it('says the amount was refunded in full when the card had been charged, at the cut-off', async () => {
    const { cookie, order } = await waitingOn(picks[0] as Pick);
    await chargedAtProcessor(order.id);
    clock = cutoffMs() + 1000;
    try {
      await runJobs();
    } finally {
      clock = startClock();
    }
    expect(await get(cookie, order.id)).toMatchObject({
      status: 'INVALID',
      paymentStatus: 4,
      waitlist: { status: 'released', reason: 'cutoff' },
    });
    const amount = order.payment.price.amount;
    expect(await intentOf(order.id)).toMatchObject({ amountCaptured: amount, amountRefunded: amount });
    const notice = await noticeOf(order.id);
    expect(notice.kind).toBe('waitlist-released-refunded');
    const en = noticeText('waitlist-released-refunded', notice.params, 'en', '');
    const zh = noticeText('waitlist-released-refunded', notice.params, 'zh-CN', '');
    expect(en.body).toContain('refunded in full');
    expect(en.body).not.toMatch(/nothing was charged|not taken/);
    expect(zh.body).toContain('全额退回');
    expect(zh.body).not.toContain('未扣');
    await runJobs(1);
    const sms = smsOf(order.orderNumber).map((m) => m.text);
    expect(sms.join('\n')).toContain('refunded in full');
    expect(sms.join('\n')).not.toContain('nothing was charged');
  });

  it('says the amount was refunded in full when the traveller left after the card had been charged', async () => {
    const { cookie, order } = await waitingOn(picks[0] as Pick);
    await chargedAtProcessor(order.id);
    const res = await c.cancel(cookie, order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(orderSchema.parse(res.json())).toMatchObject({
      status: 7,
      paymentStatus: 4,
      waitlist: { status: 'released', reason: 'traveller' },
    });
    const notice = await noticeOf(order.id);
    expect(notice.kind).toBe('waitlist-cancelled-refunded');
    expect(noticeText('waitlist-cancelled-refunded', notice.params, 'en', '').body).toContain('refunded in full');
    expect(noticeText('waitlist-cancelled-refunded', notice.params, 'zh-CN', '').body).toContain('全额退回');
    // Voided in the other case.
    expect(noticeText('waitlist-cancelled', notice.params, 'en', '').body).toContain('nothing was charged');
  });
});
