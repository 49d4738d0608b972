import type { SearchResult } from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addJob } from '../../src/jobs/jobs';
import { bookingClient, orderBody, traveller } from '../booking-client';
import { QUIET_SETTINGS, type TestApp } from '../harness';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../server-process';
import { sharedDatabase } from '../support/shared-database';
import { travelDays } from '../support/travel-days';
import { paidOrder } from './paid-order';

const SETTINGS = {
  ...QUIET_SETTINGS,
  TICKETING_FAILURE_RATE: '0',
};
const ORDERS = 6;
/** The flights' day: twenty days after the file's one reading of the clock. */
const TRAVEL = travelDays();

/**
 * The job runner is killed (SIGKILL) in the middle of ticketing: a server process (B) runs the jobs with
 * slow simulated suppliers and dies at once, holding its jobs' locks. Another process (A, this test's app)
 * carries on — its reconciler frees the dead process's jobs — and every paid sub-order ends ticketed
 * exactly once: one supplier request, one ticket per traveller and leg, no order lost.
 */
describe('ticketing survives a killed job runner', () => {
  let shared: Awaited<ReturnType<typeof sharedDatabase>>;
  let a: TestApp;
  let b: ServerProcess | undefined;

  beforeAll(async () => {
    shared = await sharedDatabase();
    a = await shared.app({ ...SETTINGS, TICKETING_DELAY_MS: '0', JOB_STALE_LOCK_SECONDS: '1' });
  }, 120_000);

  afterAll(async () => {
    if (b) await stopServerProcess(b);
    await a?.app.close();
    await shared?.close();
  });

  it('tickets every paid sub-order exactly once after the runner is killed mid-way', async () => {
    const client = bookingClient(a);
    const cookie = await client.signUp();
    const people = [
      await client.save(cookie, traveller('张伟', '1985-03-02')),
      await client.save(cookie, traveller('李娜', '1987-06-18')),
    ];
    const found: { searchId: string; results: SearchResult[] } = await client.search({
      type: 1,
      mode: 'flight',
      legs: [{ departure: 'BJS', destination: 'SHA', departure_date: TRAVEL.day(20) }],
    } as Parameters<typeof client.search>[0]);
    const result = found.results.find((r) => r.agent === 'own' && r.legs.length === 1) as SearchResult;
    const offer = await client.offerOf(cookie, found.searchId, result.id);
    const orders: string[] = [];
    for (let i = 0; i < ORDERS; i++) {
      orders.push((await paidOrder(a, client, cookie, orderBody(offer, found.searchId, people))).id);
    }

    // Process B runs the jobs, each ticket taking 1.5 s at the simulated airline.
    b = await startServerProcess(
      shared.processEnv({ ...SETTINGS, RUN_JOBS: 'true', JOB_CONCURRENCY: '3', TICKETING_DELAY_MS: '1500' }),
    );
    const count = async (q: ReturnType<typeof sql<{ n: string }>>) => Number((await q.execute(a.db)).rows[0]?.n ?? 0);
    // Killed once some tickets are issued and others are still with the airline.
    // However long a busy machine takes to start process B and run its first job: the test's limit bounds it.
    let issued = 0;
    while (issued < 1) {
      issued = await count(sql`select count(*) as n from sim_ticket_issues`);
      if (issued < 1) await new Promise((r) => setTimeout(r, 100));
    }
    await stopServerProcess(b);
    const ticketedAtKill = await count(sql`select count(*) as n from sub_orders where status = '5'`);
    console.info(`killed with ${issued} supplier answers and ${ticketedAtKill} of ${ORDERS} sub-orders ticketed`);
    expect(ticketedAtKill).toBeLessThan(ORDERS);
    const locked = await count(sql`select count(*) as n from graphile_worker.jobs where locked_at is not null`);
    console.info(`${locked} jobs left locked by the killed process`);

    // Another process carries on: its reconciler frees the dead runner's jobs, and they run to the end.
    await new Promise((r) => setTimeout(r, 1500));
    for (let i = 0; i < 20; i++) {
      await addJob(a.db, 'fulfilment.reconcile', {});
      await sql`update graphile_worker._private_jobs set run_at = now() where locked_at is null`.execute(a.db);
      await a.app.jobs?.runDueJobs();
      if ((await count(sql`select count(*) as n from sub_orders where status = '5'`)) === ORDERS) break;
      await new Promise((r) => setTimeout(r, 500));
    }

    const subs = await a.db.selectFrom('subOrders').select(['id', 'status', 'orderId']).execute();
    expect(subs.map((s) => s.status)).toEqual(Array(ORDERS).fill('5'));
    for (const id of orders) {
      expect(
        (await a.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
      ).toBe('5');
    }
    // Exactly once: one request per sub-order at the airline, one ticket per traveller, no number twice.
    expect(await count(sql`select count(*) as n from sim_ticket_issues`)).toBe(ORDERS);
    const tickets = await a.db.selectFrom('tickets').select(['subOrderId', 'ticketNumber']).execute();
    expect(tickets).toHaveLength(ORDERS * people.length);
    expect(new Set(tickets.map((x) => x.ticketNumber)).size).toBe(tickets.length);
    for (const s of subs) {
      const stored = (
        await a.db
          .selectFrom('simTicketIssues')
          .select('response')
          .where('requestKey', '=', `air:${s.orderId}:${s.id}`)
          .executeTakeFirstOrThrow()
      ).response as { tickets: { ticketNumber: string }[] };
      expect(
        tickets
          .filter((x) => x.subOrderId === s.id)
          .map((x) => x.ticketNumber)
          .sort(),
      ).toEqual(stored.tickets.map((x) => x.ticketNumber).sort());
    }
    const notices = await count(sql`select count(*) as n from notifications where kind = 'tickets-issued'`);
    expect(notices).toBe(ORDERS);
  }, 240_000);
});
