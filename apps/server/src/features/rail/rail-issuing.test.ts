import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { Keyring } from '../../lib/crypto';
import type { Secrets } from '../../lib/secrets';
import { RailAgentDesk } from './agent-desk';
import { RailRepository } from './rail.repository';
import { RailService } from './rail.service';
import { railClient } from './rail-client.test-support';
import { RailServiceSimulator } from './simulator/rail-service-sim';
import { type RailIssueRequest, RailTicketsNotYet } from './ticketing';

const START = new Date('2026-11-22T04:00:00Z');
let clock = START.getTime();
const now = () => new Date(clock);
const secrets: Secrets = { hmacKey: randomBytes(32), keyring: new Keyring(new Map([['k1', randomBytes(32)]]), 'k1') };

let t: TestApp;
let r: ReturnType<typeof railClient>;
beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_MAX: '1000000', RAIL_SIM_LATENCY_MS: '0', RAIL_SIM_CODE_FAILURE_RATE: '0' },
    now,
    { secrets },
  );
  r = railClient(t);
}, 120_000);
afterAll(() => t.close());

let keys = 0;
const request = (): RailIssueRequest => ({
  key: `order-${keys}:sub-${keys++}`,
  legs: [{ index: 0, number: 'G1', cabin: 'O', departureTime: '2026-12-10T07:00:00+08:00' }],
  travellers: [
    { position: 0, name: '张伟', type: 'ADULT', seatLetter: 'F' },
    { position: 1, name: '张小明', type: 'FREE_CHILD' },
  ],
});

describe('the offline agent desk', () => {
  const desk = () => new RailAgentDesk(t.db, { minMs: 5 * 60_000, maxMs: 20 * 60_000, random: () => 0.5 }, now);

  it('queues a request, issues it once an agent has had the time, and answers the same tickets again', async () => {
    const req = request();
    await expect(desk().issue(req)).rejects.toBeInstanceOf(RailTicketsNotYet);
    clock += 10 * 60_000;
    try {
      await expect(desk().issue(req)).rejects.toBeInstanceOf(RailTicketsNotYet);
      clock += 3 * 60_000;
      const tickets = await desk().issue(req);
      expect(tickets).toHaveLength(2);
      expect(tickets[0]).toMatchObject({ legIndex: 0, travellerPosition: 0, seat: expect.stringMatching(/^\d{2}F$/) });
      expect(tickets[0]?.ticketNumber).toMatch(/^E\d{9}/);
      expect(tickets[1]).toMatchObject({ travellerPosition: 1, seat: null, coach: null });
      expect(await desk().issue(req)).toEqual(tickets);
    } finally {
      clock = START.getTime();
    }
  });

  it('leaves an order held for the console to its agents, whichever process holds it and queues its request', async () => {
    const orderId = '7f000000-0000-4000-8000-000000000001';
    const req = { ...request(), key: `${orderId}:sub-1` };
    await desk().hold(orderId);
    await expect(desk().issue(req)).rejects.toBeInstanceOf(RailTicketsNotYet);
    // An agent's usual time passes; the desk's own agent still leaves it to the console.
    clock += 60 * 60_000;
    try {
      await expect(desk().issue(req)).rejects.toBeInstanceOf(RailTicketsNotYet);
      // Another order is not held: it is answered in the usual time.
      const other = request();
      await expect(desk().issue(other)).rejects.toBeInstanceOf(RailTicketsNotYet);
      clock += 30 * 60_000;
      expect(await desk().issue(other)).toHaveLength(2);
    } finally {
      clock = START.getTime();
    }
  });
});

describe('online ticketing through the linked 12306 account', () => {
  it('issues the tickets in the account once per request, and waits while the rail login has expired', async () => {
    const cookie = await r.signUp();
    const account = await r.railAccount();
    await r.link(cookie, account);
    const { rows } = await sql<{
      userId: string;
    }>`select user_id from rail_accounts where username = ${account.username}`.execute(t.db);
    const userId = rows[0]?.userId as string;
    const sim = new RailServiceSimulator(
      t.db,
      secrets.keyring,
      t.sms,
      { latencyMs: 0, codeFailureRate: 0, sessionMinutes: 30 },
      now,
    );
    const rail = new RailService(
      new RailRepository(t.db),
      sim,
      secrets.keyring,
      { findByDocument: async () => undefined, save: async () => ({ id: '' }) },
      { count: async () => 0 },
      { callTimeoutMs: 5000, fees: { onlinePerTicketMinor: 0, offlinePerTicketMinor: 2000, offlineByTrainType: {} } },
      now,
    );
    const req = request();
    const tickets = await rail.issueOnline(userId, req);
    expect(tickets.map((x) => x.travellerPosition)).toEqual([0, 1]);
    expect(await rail.issueOnline(userId, req)).toEqual(tickets);
    const issued = await sql<{
      n: string;
    }>`select count(*) as n from rail_sim_orders where request_key = ${req.key}`.execute(t.db);
    expect(Number(issued.rows[0]?.n)).toBe(1);

    clock += 31 * 60_000;
    try {
      await expect(rail.issueOnline(userId, request())).rejects.toBeInstanceOf(RailTicketsNotYet);
    } finally {
      clock = START.getTime();
    }
  });
});
