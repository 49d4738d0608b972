import {
  type ChangeQuote,
  cardTokenSchema,
  changeQuoteSchema,
  orderSchema,
  railClassFare,
  type SearchResult,
} from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { cardDetails } from '../../src/features/payment/payment.test-support';
import { beijingShanghai, bookingClient, orderBody, traveller } from '../booking-client';
import { createTestApp, QUIET_SETTINGS, type TestApp } from '../harness';
import { payOrder } from './paid-order';

type Trains = { searchId: string; results: SearchResult[] };
type Person = Awaited<ReturnType<ReturnType<typeof bookingClient>['save']>>;
type Deps = Parameters<typeof createTestApp>[2];
export type ChangeClient = ReturnType<typeof changeClient>;

const START = new Date('2026-11-22T04:00:00Z');
/** The trains' day: nine days ahead, within the railway's presale, so a change may move to any train of that day. */
export const CHANGE_DAY = '2026/12/01';

/** Simulators that answer at once and tickets issued without delay or failure, unless a test says otherwise. */
export const QUICK_CHANGES = {
  ...QUIET_SETTINGS,
  TICKETING_DELAY_MS: '0',
  TICKETING_FAILURE_RATE: '0',
  GATEWAY_SIM_LATENCY_MS: '0',
  RAIL_SIM_LATENCY_MS: '0',
} as const;

/** A clock held at the tests' start, moved on by hand: back to the start, or on by some minutes (ten unless told). */
export function testClock() {
  let at = START.getTime();
  return {
    now: () => new Date(at),
    reset: () => {
      at = START.getTime();
    },
    tick: (minutes = 10) => {
      at += minutes * 60_000;
    },
  };
}

/**
 * A suite's app on a test clock with the day's Beijing–Shanghai trains searched, and a traveller changing
 * tickets on it: the app and the client are filled in before the suite's tests run and closed after them.
 */
export function changeSuite(settings: Record<string, string> = QUICK_CHANGES, deps?: Deps) {
  const clock = testClock();
  const t = {} as TestApp;
  const k = {} as ChangeClient;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(settings, clock.now, deps));
    Object.assign(k, changeClient(t, await bookingClient(t).search(beijingShanghai('train', CHANGE_DAY))));
  }, 120_000);
  afterAll(() => t.close());
  return { t, k, clock };
}

/** A traveller changing train tickets through the API, as the order and change pages do. */
export function changeClient(t: Pick<TestApp, 'app' | 'db'>, trains: Trains) {
  const c = bookingClient(t as TestApp);
  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (cookie: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  async function runJobs(rounds = 6) {
    for (let i = 0; i < rounds; i++) {
      await sql`update graphile_worker._private_jobs set run_at = now() where locked_at is null`.execute(t.db);
      await t.app.jobs?.runDueJobs();
    }
  }

  /** Single trains of the day with second-class seats, cheapest first (the class a change keeps). */
  function byFare(): SearchResult[] {
    const fare = (r: SearchResult) => railClassFare(r.legs[0] as SearchResult['legs'][number], 'O') ?? 0;
    return trains.results
      .filter((r) => r.kind === 'train' && r.legs.length === 1 && !r.legs[0]?.soldOut && fare(r) > 0)
      .filter((r) => r.legs[0]?.cabin === 'O')
      .sort((a, b) => fare(a) - fare(b));
  }

  const order = async (cookie: string, id: string) =>
    orderSchema.parse((await get(cookie, `/api/order?id=${id}`)).json());

  /** A train booked for `people` (one adult unless given), paid from the wallet unless told how, and issued offline. */
  async function ticketedTrain(
    cookie: string,
    result: SearchResult,
    people?: Person[],
    tick?: () => void,
    pay: (orderId: string) => Promise<unknown> = async (id) => expect(await payOrder(t, cookie, id)).toBe(true),
  ) {
    const ids = people ?? [
      await c.save(cookie, traveller('张伟', '1985-03-02', { phoneCountry: 'CN', phone: '13800138000' })),
    ];
    const offer = await c.offerOf(cookie, trains.searchId, result.id);
    const created = await c.create(cookie, orderBody(offer, trains.searchId, ids, {}, undefined, 'offline'));
    expect(created.statusCode, created.body).toBe(200);
    const booked = orderSchema.parse(created.json());
    await pay(booked.id);
    tick?.();
    await runJobs();
    expect((await order(cookie, booked.id)).status).toBe(5);
    return booked;
  }

  /**
   * A new account with one adult's train ticketed, to change for another of the day's trains: the cheapest
   * booked and the dearest the one to change to (`'dearer'`), or the reverse (`'cheaper'`).
   */
  async function trainToChange(towards: 'dearer' | 'cheaper', tick?: () => void) {
    const cookie = await c.signUp();
    const list = byFare();
    const [cheapest, dearest] = [list[0] as SearchResult, list.at(-1) as SearchResult];
    const [booked, target] = towards === 'dearer' ? [cheapest, dearest] : [dearest, cheapest];
    const order = await ticketedTrain(cookie, booked, undefined, tick);
    return { cookie, order, old: order.subOrders[0]?.id as string, booked, target };
  }

  /** A card's token from the card simulator's page, as the payment page gets it. */
  async function cardToken(cookie: string, number: string) {
    const res = await post(cookie, '/gateway-sim/v1/tokens', cardDetails(number));
    expect(res.statusCode, res.body).toBe(200);
    return cardTokenSchema.parse(res.json()).token;
  }

  async function quote(cookie: string, orderId: string, subOrderId: string, result: SearchResult) {
    const q = new URLSearchParams({ orderId, subOrderId, searchId: trains.searchId, resultId: result.id });
    const res = await get(cookie, `/api/change/quote?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return changeQuoteSchema.parse(res.json());
  }

  /** The confirmation the change page sends for a quote. */
  const confirmBody = (q: ChangeQuote, result: SearchResult) => ({
    orderId: q.orderId,
    subOrderId: q.subOrderId,
    searchId: trains.searchId,
    resultId: result.id,
    expected: { dueMinor: q.due.amount, refundMinor: q.refund.amount },
  });

  const confirm = (cookie: string, q: ChangeQuote, result: SearchResult) =>
    post(cookie, '/api/change', confirmBody(q, result));

  /** The stock keys of the seats an order still holds. */
  const heldKeys = async (orderId: string) =>
    (
      await t.db
        .selectFrom('seatHolds')
        .select('stockKey')
        .where('orderId', '=', orderId)
        .where('releasedAt', 'is', null)
        .execute()
    ).map((h) => h.stockKey);

  return {
    c,
    heldKeys,
    searchId: trains.searchId,
    get,
    post,
    cardToken,
    runJobs,
    byFare,
    order,
    ticketedTrain,
    trainToChange,
    quote,
    confirmBody,
    confirm,
  };
}
