import { noticePageSchema, orderSchema, type SearchResult } from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../../src/features/account/messaging/mailer';
import { type TicketIssuer, TicketingUnavailable } from '../../src/features/fulfilment/ticketing/issuer';
import { beijingShanghai, orderBody, traveller } from '../booking-client';
import type { TestApp } from '../harness';
import { type BookingClient, bookingApp, type Found } from '../support/booking-app';
import { SURE_TICKETING } from '../support/settings';
import { orderEventsOf as eventsOf, payOrder, walletMovesOf } from './paid-order';

const START = new Date('2026-12-03T04:00:00Z');
let clock = START.getTime();
const now = () => new Date(clock);

const SETTINGS = { ...SURE_TICKETING, TICKETING_HOURS: '3', STAFF_EMAIL: 'ops@junction.example' };

async function book(
  t: TestApp,
  c: BookingClient,
  cookie: string,
  found: Found,
  pick: (r: SearchResult) => boolean,
  names = ['张伟'],
) {
  const result = found.results.find(pick);
  if (!result) throw new Error('nothing to book');
  const offer = await c.offerOf(cookie, found.searchId, result.id);
  const people = [];
  for (const [i, name] of names.entries()) people.push(await c.save(cookie, traveller(name, `198${i}-03-0${i + 2}`)));
  const res = await c.create(cookie, orderBody(offer, found.searchId, people));
  expect(res.statusCode, res.body).toBe(200);
  void t;
  return orderSchema.parse(res.json());
}

const noticesOf = async (t: TestApp, cookie: string) =>
  noticePageSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/notifications?pageSize=50', headers: { cookie } })).json(),
  );

/** Moves the job queue's clock: jobs due by `at` (reminders, completion) are made due now. */
async function jobsDueBy(t: TestApp, at: Date) {
  await sql`update graphile_worker._private_jobs set run_at = now() where run_at <= ${at} and locked_at is null`.execute(
    t.db,
  );
}

describe('ticketing with the simulated suppliers', () => {
  let t: TestApp;
  let c: BookingClient;
  let alice: string;
  let flights: Found;
  let trains: Found;
  beforeAll(async () => {
    ({ t, c } = await bookingApp(now, SETTINGS));
    alice = await c.signUp();
    flights = await c.search(beijingShanghai('flight'));
    trains = await c.search(beijingShanghai('train'));
  }, 120_000);
  afterAll(() => t.close());

  it('tickets a paid flight: 2 → 4 → 5, e-tickets of 13 digits with the airline prefix, notices, then completed after arrival', async () => {
    clock = START.getTime();
    const order = await book(t, c, alice, flights, (r) => r.agent === 'own' && r.legs.length === 1, ['张伟', '李娜']);
    expect(await payOrder(t, alice, order.id)).toBe(true);
    expect(await payOrder(t, alice, order.id)).toBe(false);
    await t.app.jobs?.runDueJobs();

    const seen = orderSchema.parse((await c.get(alice, order.id)).json());
    expect(seen).toMatchObject({ status: 5, paymentStatus: 2 });
    expect(seen.subOrders.map((s) => s.status)).toEqual([5]);
    const tickets = await t.db.selectFrom('tickets').selectAll().where('orderId', '=', order.id).execute();
    expect(tickets).toHaveLength(2);
    const carrier = seen.legs[0]?.carrier ?? '';
    const prefix = { CA: '999', MU: '781', CZ: '784', HU: '880', FM: '774', MF: '731', ZH: '479', HO: '018' }[carrier];
    for (const ticket of tickets) {
      expect(ticket.bookingReference).toMatch(/^[A-Z2-9]{6}$/);
      expect(ticket.ticketNumber).toMatch(/^\d{13}$/);
      if (prefix) expect(ticket.ticketNumber.slice(0, 3)).toBe(prefix);
      expect(ticket.seat).toMatch(/^\d{1,2}[A-K]$/);
      expect(ticket.coach).toBeNull();
    }
    expect(new Set(tickets.map((x) => x.bookingReference)).size).toBe(1);
    expect(new Set(tickets.map((x) => x.seat)).size).toBe(2);
    expect(seen.subOrders[0]?.confirmationCode).toBe(tickets[0]?.bookingReference);

    const kinds = (await noticesOf(t, alice)).items.filter((n) => n.orderId === order.id).map((n) => n.kind);
    expect(kinds.sort()).toEqual(
      [
        'order-created',
        'payment-received',
        'tickets-issued',
        ...(kinds.includes('schedule-change') ? ['schedule-change'] : []),
      ].sort(),
    );
    expect(await eventsOf(t, order.id)).toEqual(
      expect.arrayContaining([
        'paid:0→2',
        'ticketing:2→4',
        'sub-order-issuing:7→2',
        'sub-order-ticketed:2→5',
        'ticketed:4→5',
      ]),
    );

    // A day before departure the traveller is reminded; after the arrival the order is completed.
    const departure = Date.parse(seen.legs[0]?.departureTime ?? '');
    clock = departure - 23 * 3600_000;
    await jobsDueBy(t, now());
    await t.app.jobs?.runDueJobs();
    expect(
      (await noticesOf(t, alice)).items.some((n) => n.kind === 'departure-reminder' && n.orderId === order.id),
    ).toBe(true);
    expect(orderSchema.parse((await c.get(alice, order.id)).json()).status).toBe(5);
    clock = Date.parse(seen.legs.at(-1)?.arrivalTime ?? '') + 60_000;
    await jobsDueBy(t, now());
    await t.app.jobs?.runDueJobs();
    expect(orderSchema.parse((await c.get(alice, order.id)).json()).status).toBe(6);
    expect((await eventsOf(t, order.id)).at(-1)).toBe('completed:5→6');
  });

  it('tickets a paid train: China Railway order number, ticket number, coach, seat and check-in gate', async () => {
    clock = START.getTime();
    const order = await book(t, c, alice, trains, (r) => r.legs.length === 1 && r.legs[0]?.kind === 'land');
    await payOrder(t, alice, order.id);
    await t.app.jobs?.runDueJobs();
    expect(orderSchema.parse((await c.get(alice, order.id)).json()).status).toBe(5);
    const [ticket] = await t.db.selectFrom('tickets').selectAll().where('orderId', '=', order.id).execute();
    expect(ticket?.supplier).toBe('rail');
    expect(ticket?.bookingReference).toMatch(/^E\d{9}$/);
    expect(ticket?.ticketNumber.startsWith(ticket?.bookingReference ?? '-')).toBe(true);
    expect(ticket?.coach).toMatch(/^\d{2}$/);
    expect(ticket?.seat).toMatch(/^\d{2}[A-F]?$/);
    expect(ticket?.gate).toMatch(/^[A-C]\d{1,2}$/);
  });
});

/** Airlines that never answer: each ticket fails every try. */
const refusing: TicketIssuer = {
  kind: 'air',
  issue: async () => {
    throw new TicketingUnavailable('airline system down');
  },
};

describe('a ticket that fails every try', () => {
  let t: TestApp;
  let c: BookingClient;
  let bob: string;
  let flights: Found;
  beforeAll(async () => {
    ({ t, c } = await bookingApp(
      now,
      { ...SETTINGS, TICKETING_ATTEMPTS: '2' },
      {
        ticketIssuers: { air: refusing, rail: { ...refusing, kind: 'rail' } },
      },
    ));
    bob = await c.signUp();
    flights = await c.search(beijingShanghai('flight'));
  }, 120_000);
  afterAll(() => t.close());

  it('is retried, then cancelled and refunded automatically: sub-order 2 → 6 → 3, order 3, payment 4, staff told', async () => {
    clock = START.getTime();
    const order = await book(t, c, bob, flights, (r) => r.agent === 'own' && r.legs.length === 1);
    await payOrder(t, bob, order.id);
    await t.app.jobs?.runDueJobs();
    // The first try failed and waits its back-off; the second is the last.
    let seen = orderSchema.parse((await c.get(bob, order.id)).json());
    expect(seen.subOrders[0]?.status).toBe(2);
    await jobsDueBy(t, new Date(Date.now() + 3600_000));
    await t.app.jobs?.runDueJobs();

    seen = orderSchema.parse((await c.get(bob, order.id)).json());
    expect(seen).toMatchObject({ status: 3, paymentStatus: 4 });
    expect(seen.subOrders[0]?.status).toBe(3);
    const refunds = await t.db.selectFrom('refunds').selectAll().where('orderId', '=', order.id).execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      status: 'done',
      reason: 'ticketing-failed',
      feeMinor: 0,
      amountMinor: order.payment.price.amount,
      channel: 'wallet',
    });
    const wallet = await walletMovesOf(t, order.id);
    expect(wallet).toEqual([
      ['payment', -order.payment.price.amount],
      ['refund', order.payment.price.amount],
    ]);
    expect(await eventsOf(t, order.id)).toEqual(
      expect.arrayContaining(['ticketing-failed:2→6', 'sub-order-refunded:6→3', 'refunded:4→3']),
    );
    const kinds = (await noticesOf(t, bob)).items.filter((n) => n.orderId === order.id).map((n) => n.kind);
    expect(kinds).toEqual(expect.arrayContaining(['ticketing-failed', 'refund-done']));
    expect(kinds).not.toContain('tickets-issued');
    const staff = t.mailbox.received.filter((m) => m.to.includes('ops@junction.example'));
    expect(staff.some((m) => decodeQuotedPrintable(m.raw).includes(order.orderNumber))).toBe(true);

    // Jobs run again change nothing: one refund, one refund entry beside the payment.
    await jobsDueBy(t, new Date(Date.now() + 3600_000));
    await t.app.jobs?.runDueJobs();
    const again = await walletMovesOf(t, order.id);
    expect(again).toEqual([
      ['payment', -order.payment.price.amount],
      ['refund', order.payment.price.amount],
    ]);
  });
});
