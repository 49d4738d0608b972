import { orderSchema, railAccountStatusSchema, type SearchResult } from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, railClient } from '../src/features/rail/rail-client.test-support';
import { paidOrder } from './after-payment/paid-order';
import { beijingShanghai, orderBody, traveller } from './booking-client';
import type { TestApp } from './harness';
import { type BookingClient, bookingApp, type Found } from './support/booking-app';
import { runAllJobs } from './support/jobs';
import { QUICK_RAIL, SURE_TICKETING } from './support/settings';

const START = new Date('2026-11-22T04:00:00Z');
let clock = START.getTime();
const now = () => new Date(clock);

let t: TestApp;
let c: BookingClient;
let r: ReturnType<typeof railClient>;
let trains: Found;
beforeAll(async () => {
  const settings = { ...QUICK_RAIL, ...SURE_TICKETING, RAIL_SIM_SESSION_MINUTES: '30', GATEWAY_SIM_LATENCY_MS: '0' };
  ({ t, c } = await bookingApp(now, settings));
  r = railClient(t);
  trains = await c.search(beijingShanghai('train'));
}, 120_000);
afterAll(() => t.close());

/** Runs the jobs due now, with those waiting for a retry made due first, until nothing is left to run. */
const runJobs = (rounds = 6) => runAllJobs(t, rounds);

const oneTrain = () =>
  trains.results.find((x) => x.kind === 'train' && x.legs.length === 1 && !x.legs[0]?.soldOut) as SearchResult;

async function bookAndPay(cookie: string, way: 'online' | 'offline') {
  const wei = await c.save(cookie, traveller('张伟', '1985-03-02', { phoneCountry: 'CN', phone: '13800138000' }));
  const offer = await c.offerOf(cookie, trains.searchId, oneTrain().id);
  return paidOrder(t, c, cookie, orderBody(offer, trains.searchId, [wei], {}, undefined, way));
}

/** A new traveller with a linked 12306 account and a train paid for, ticketed `way`, the clock at its start. */
async function linkedAndPaid(way: 'online' | 'offline') {
  clock = START.getTime();
  const cookie = await r.signUp();
  const account = await r.railAccount();
  await r.link(cookie, account);
  return { cookie, account, order: await bookAndPay(cookie, way) };
}

const ticketsOf = (orderId: string) =>
  t.db.selectFrom('tickets').selectAll().where('orderId', '=', orderId).orderBy('ticketNumber').execute();

describe('a paid train order, issued end to end through the rail issuer', () => {
  it('online: issued in the linked 12306 account once, while logging out of it is refused until it is', async () => {
    const { cookie, account, order } = await linkedAndPaid('online');
    // Paid: the ticket is being issued through the account, which cannot be unlinked meanwhile (6204).
    expect(railAccountStatusSchema.parse((await r.get(cookie, '/api/rail/account')).json()).account?.ticketing).toBe(1);
    const blocked = await r.post(cookie, '/api/rail/logout');
    expect(blocked.statusCode).toBe(422);
    expect(errorOf(blocked).errorCode).toBe(6204);

    await runJobs();
    const seen = orderSchema.parse((await c.get(cookie, order.id)).json());
    expect(seen).toMatchObject({ status: 5, paymentStatus: 2 });
    expect(seen.subOrders[0]).toMatchObject({ status: 5, ticketing: 'online' });
    const tickets = await ticketsOf(order.id);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ supplier: 'rail', bookingReference: expect.stringMatching(/^E\d{9}$/) });
    // The rail service issued it in this account, once: its own record holds the same ticket.
    const issued = await sql<{ response: { ticketNumber: string }[] }>`
      select o.response from rail_sim_orders o join rail_sim_accounts a on a.id = o.account_id
      where a.username = ${account.username}`.execute(t.db);
    expect(issued.rows).toHaveLength(1);
    expect(issued.rows[0]?.response.map((x) => x.ticketNumber)).toEqual(tickets.map((x) => x.ticketNumber));
    expect((await r.post(cookie, '/api/rail/logout')).statusCode).toBe(200);
  });

  it('online with the rail login expired: the ticket waits, unlinking stays refused, and it is issued once the traveller logs in again', async () => {
    const { cookie, account, order } = await linkedAndPaid('online');
    clock += 31 * 60_000;
    await runJobs(2);
    expect(orderSchema.parse((await c.get(cookie, order.id)).json()).subOrders[0]?.status).toBe(2);
    expect(await ticketsOf(order.id)).toHaveLength(0);
    expect(errorOf(await r.post(cookie, '/api/rail/logout')).errorCode).toBe(6204);

    await r.link(cookie, account);
    await runJobs();
    expect(orderSchema.parse((await c.get(cookie, order.id)).json()).status).toBe(5);
    expect(await ticketsOf(order.id)).toHaveLength(1);
  });

  it('offline: queued at our agent desk and issued once its agent is done, with the service fee paid', async () => {
    clock = START.getTime();
    const cookie = await r.signUp();
    const order = await bookAndPay(cookie, 'offline');
    expect(order.subOrders[0]?.ticketing).toBe('offline');
    expect(order.breakdown.serviceFees[0]?.kind).toBe('railOffline');
    clock += 10 * 60_000;
    await runJobs();
    expect(orderSchema.parse((await c.get(cookie, order.id)).json()).status).toBe(5);
    const tickets = await ticketsOf(order.id);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]?.supplier).toBe('rail');
    // The desk's request: queued, due after its agent's time, issued once.
    const desk = await sql<{ status: string; queued: Date; due: Date; issued: Date }>`
      select status, queued_at as queued, due_at as due, issued_at as issued from rail_desk_requests
      where request_key like ${`%${order.subOrders[0]?.id}%`}`.execute(t.db);
    expect(desk.rows).toHaveLength(1);
    expect(desk.rows[0]?.status).toBe('issued');
    expect(desk.rows[0]?.issued.getTime()).toBeGreaterThanOrEqual(desk.rows[0]?.due.getTime() ?? 0);
  });
});
