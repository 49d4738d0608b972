import { railAccountStatusSchema, type SearchResult } from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingClient, orderBody, traveller } from '../src/features/orders/booking-client.test-support';
import { errorOf, railClient } from '../src/features/rail/rail-client.test-support';
import { createTestApp, type TestApp } from './harness';

const START = new Date('2026-11-22T04:00:00Z');
const now = () => START;

let t: TestApp;
let c: ReturnType<typeof bookingClient>;
let r: ReturnType<typeof railClient>;
let trains: { searchId: string; results: SearchResult[] };
beforeAll(async () => {
  t = await createTestApp(
    {
      SEARCH_LATENCY_SCALE: '0',
      SEARCH_SUPPLIER_FAILURES: 'false',
      SEARCH_PLANNER_WORKER: 'false',
      RATE_LIMIT_MAX: '1000000',
      RAIL_IDENTITY_DELAY_MS: '0',
      RAIL_IDENTITY_LATENCY_MS: '0',
      RAIL_SIM_LATENCY_MS: '0',
      RAIL_SIM_CODE_FAILURE_RATE: '0',
    },
    now,
  );
  c = bookingClient(t);
  r = railClient(t);
  trains = await c.search({
    type: 1,
    mode: 'train',
    legs: [
      {
        departure: 'BJS',
        destination: 'SHA',
        departure_date: '2026/12/10',
        departureName: '北京',
        destinationName: '上海',
      },
    ],
  });
}, 120_000);
afterAll(() => t.close());

describe('the rail account and the orders ticketed through it', () => {
  it('cannot be unlinked (6204) while rail tickets are being issued, and can once they are issued', async () => {
    const cookie = await c.signUp();
    await r.link(cookie, await r.railAccount());
    const wei = await c.save(cookie, traveller('张伟', '1985-03-02', { phoneCountry: 'CN', phone: '13800138000' }));
    const train = trains.results.find((x) => x.kind === 'train' && x.legs.length === 1) as SearchResult;
    const offer = await c.offerOf(cookie, trains.searchId, train.id);
    const created = await c.create(cookie, orderBody(offer, trains.searchId, [wei]));
    expect(created.statusCode, created.body).toBe(200);
    const orderId = (created.json() as { id: string }).id;
    // Paid and handed to ticketing: the rail sub-order is being issued.
    await sql`update sub_orders set status = '2' where order_id = ${orderId}`.execute(t.db);
    const shown = railAccountStatusSchema.parse((await r.get(cookie, '/api/rail/account')).json());
    expect(shown.account?.ticketing).toBe(1);
    const blocked = await r.post(cookie, '/api/rail/logout');
    expect(blocked.statusCode).toBe(422);
    expect(errorOf(blocked).errorCode).toBe(6204);
    await sql`update sub_orders set status = '5' where order_id = ${orderId}`.execute(t.db);
    expect((await r.post(cookie, '/api/rail/logout')).statusCode).toBe(200);
  });
});
