import { apiErrorSchema, orderSchema, railDeskQueueSchema, type SearchResult } from '@junction/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { signInAgent } from '../../src/features/chat/chat.test-support';
import { railClient } from '../../src/features/rail/rail-client.test-support';
import { orderBody, traveller } from '../booking-client';
import { changeSuite, QUICK_CHANGES } from './change-client';
import { payOrder } from './paid-order';

/**
 * A train ticket's change goes to the railway the way the ticket was issued, as one exchange of the old
 * ticket for the new (改签): in the traveller's 12306 account for one issued online, at our agents' desk for
 * one issued offline, where an agent completes or refuses it. The desk's agents take a minute or more.
 */
const { t, k, clock } = changeSuite({
  ...QUICK_CHANGES,
  TICKETING_DELAY_MS: '60000',
  TICKETING_ATTEMPTS: '10',
  RAIL_SIM_CODE_FAILURE_RATE: '0',
});
const r = railClient(t);

const ticketsOf = (subOrderId: string) =>
  t.db.selectFrom('tickets').selectAll().where('subOrderId', '=', subOrderId).orderBy('ticketNumber').execute();

/** What the simulated 12306 holds of its tickets. */
const simTickets = (numbers: string[]) =>
  t.db.selectFrom('railSimTickets').selectAll().where('ticketNumber', 'in', numbers).execute();

const notices = (orderId: string) =>
  t.db.selectFrom('notifications').select(['kind', 'params']).where('orderId', '=', orderId).execute();

/** The agents' desk, through its console's API as an agent (or anyone) uses it. */
const desk = {
  queue: async (cookie: string) => {
    const res = await k.get(cookie, '/api/service/rail-desk');
    expect(res.statusCode, res.body).toBe(200);
    return railDeskQueueSchema.parse(res.json()).items;
  },
  act: (cookie: string, action: 'complete' | 'refuse', key: string, more: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/service/rail-desk/${action}`,
      headers: { cookie },
      payload: { key, ...more },
    }),
};

/** The desk request of a change's new ticket, as the agents' queue shows it. */
const deskRequest = async (agent: string, subOrderId: string) =>
  (await desk.queue(agent)).find((r) => r.key.endsWith(`:${subOrderId}`));

/** A train booked online in a newly linked 12306 account, paid and issued there. */
async function ticketedOnline(booked: SearchResult) {
  const cookie = await r.signUp();
  await r.link(cookie, await r.railAccount());
  const wei = await k.c.save(cookie, traveller('张伟', '1985-03-02', { phoneCountry: 'CN', phone: '13800138000' }));
  const offer = await k.c.offerOf(cookie, k.searchId, booked.id);
  const created = await k.c.create(cookie, orderBody(offer, k.searchId, [wei], {}, undefined, 'online'));
  expect(created.statusCode, created.body).toBe(200);
  const order = orderSchema.parse(created.json());
  expect(await payOrder(t, cookie, order.id)).toBe(true);
  await k.runJobs();
  expect((await k.order(cookie, order.id)).subOrders[0]).toMatchObject({ status: 5, ticketing: 'online' });
  return { cookie, order };
}

/** A train booked and paid, queued at the agents' desk, and issued there once its agent is done, some minutes on. */
async function ticketedOffline(cookie: string, booked: SearchResult) {
  const queued = async (orderId: string) => {
    expect(await payOrder(t, cookie, orderId)).toBe(true);
    await k.runJobs(1);
  };
  return { cookie, order: await k.ticketedTrain(cookie, booked, undefined, () => clock.tick(), queued) };
}

/**
 * A train ticketed `way` (its dearest of the day), then changed to the cheapest (nothing to pay), the change
 * confirmed: the order, its old sub-order and ticket, and the change's new sub-order.
 */
async function changing(way: 'online' | 'offline') {
  clock.reset();
  const list = k.byFare();
  const [cheaper, booked] = [list[0] as SearchResult, list.at(-1) as SearchResult];
  const { cookie, order } =
    way === 'online' ? await ticketedOnline(booked) : await ticketedOffline(await k.c.signUp(), booked);
  const old = order.subOrders[0]?.id as string;
  const [oldTicket] = await ticketsOf(old);
  const before = await k.order(cookie, order.id);
  const q = await k.quote(cookie, order.id, old, cheaper);
  expect(q.due.amount).toBe(0);
  const confirmed = await k.confirm(cookie, q, cheaper);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const newSub = (confirmed.json() as { newSubOrderId: string }).newSubOrderId;
  return { cookie, order, before, old, oldTicket, newSub, booked, cheaper };
}

describe('a train ticket change at the railway', () => {
  it('online: the linked 12306 account exchanges the old ticket for the new one, once', async () => {
    const { cookie, order, oldTicket, newSub, booked, cheaper } = await changing('online');
    await k.runJobs();

    const seen = await k.order(cookie, order.id);
    expect(seen.status).toBe(5);
    expect(seen.subOrders.find((s) => s.id === newSub)).toMatchObject({ status: 5, ticketing: 'online' });
    const [newTicket] = await ticketsOf(newSub);
    expect(newTicket?.ticketNumber).not.toBe(oldTicket?.ticketNumber);
    // The railway saw one exchange: the old ticket changed by the new ticket's request, the new one sold.
    const [oldAtRailway] = await simTickets([oldTicket?.ticketNumber as string]);
    expect(oldAtRailway).toMatchObject({
      status: 'changed',
      changedBy: `${order.id}:${newSub}`,
      train: booked.legs[0]?.number,
    });
    const [newAtRailway] = await simTickets([newTicket?.ticketNumber as string]);
    expect(newAtRailway).toMatchObject({
      status: 'sold',
      train: cheaper.legs[0]?.number,
      coach: newTicket?.coach,
      seat: newTicket?.seat,
    });
    const exchanges = await sql<{ n: string }>`select count(*) as n from rail_sim_tickets
      where changed_by = ${`${order.id}:${newSub}`}`.execute(t.db);
    expect(Number(exchanges.rows[0]?.n)).toBe(1);
    // Its seat is on sale again at the railway.
    const day = booked.legs[0]?.departureTime.slice(0, 10);
    const freed = await t.db
      .selectFrom('railSimSeatReturns')
      .select('returned')
      .where('key', '=', `${booked.legs[0]?.number}:${day}:O`)
      .executeTakeFirst();
    expect(freed?.returned).toBeGreaterThanOrEqual(1);
    expect((await notices(order.id)).map((n) => n.kind)).toContain('ticket-changed');
  });

  it('online: a ticket the railway no longer holds as sold is refused at once, the old ticket standing, and the traveller told why', async () => {
    const { cookie, order, old, oldTicket, newSub } = await changing('online');
    // Changed meanwhile in the 12306 app itself: the railway refuses to exchange it again.
    await t.db
      .updateTable('railSimTickets')
      .set({ status: 'changed', changedBy: 'elsewhere', changedAt: clock.now() })
      .where('ticketNumber', '=', oldTicket?.ticketNumber as string)
      .execute();
    await k.runJobs(1);

    const seen = await k.order(cookie, order.id);
    expect(seen.status).toBe(5);
    expect(seen.subOrders.find((s) => s.id === old)?.status).toBe(5);
    expect(seen.subOrders.find((s) => s.id === newSub)?.status).toBe(8);
    expect(await ticketsOf(newSub)).toHaveLength(0);
    const refused = (await notices(order.id)).find((n) => n.kind === 'change-refused');
    expect(refused?.params).toMatchObject({
      errorCode: 2207,
      reasonEn: 'the ticket has already been used, changed or refunded',
      reasonZh: '该车票已使用、已改签或已退票',
    });
  });

  it('offline: the change waits at the desk as a change of the old train for the new, and its agent completes it', async () => {
    const { cookie, order, old, oldTicket, newSub, booked, cheaper } = await changing('offline');
    await k.runJobs(2);
    expect((await k.order(cookie, order.id)).status).toBe(4);

    // The traveller has no access to the desk; an agent sees the change with its old and new trains.
    const notAgent = await k.get(cookie, '/api/service/rail-desk');
    expect(apiErrorSchema.parse(notAgent.json()).errorCode).toBe(7001);
    const agent = (await signInAgent(t, t.db, '小李')).cookie;
    const waiting = await deskRequest(agent, newSub);
    expect(waiting).toMatchObject({
      kind: 'change',
      travellers: 1,
      trains: [{ number: cheaper.legs[0]?.number, departureTime: cheaper.legs[0]?.departureTime }],
      replaces: [
        {
          ticketNumber: oldTicket?.ticketNumber,
          number: booked.legs[0]?.number,
          departureTime: booked.legs[0]?.departureTime,
          coach: oldTicket?.coach,
          seat: oldTicket?.seat,
        },
      ],
    });
    // Who, which order, both rides by station name and time, and what the new fare is above the old.
    expect(waiting).toMatchObject({
      orderNumber: order.orderNumber,
      passengers: [{ position: 0, name: expect.any(String) }],
      change: {
        from: { number: booked.legs[0]?.number, arrivalTime: booked.legs[0]?.arrivalTime },
        to: { number: cheaper.legs[0]?.number, departureTime: cheaper.legs[0]?.departureTime },
      },
    });
    expect(waiting?.passengers?.[0]?.name).not.toBe('');
    expect(waiting?.change?.from.from['zh-CN']).toMatch(/\p{Script=Han}/u);
    expect(waiting?.change?.fareDifference.amount).toBeLessThan(0);
    const key = waiting?.key as string;
    const typed = (seat: string) => ({
      tickets: [
        {
          legIndex: waiting?.trains[0]?.legIndex,
          travellerPosition: 0,
          ticketNumber: 'E4455667781010042',
          coach: '7',
          seat,
        },
      ],
    });
    expect((await desk.act(cookie, 'complete', key, typed('12F'))).statusCode).toBe(400);
    // A seat the railway never writes is refused, naming the field, and nothing is issued.
    const badSeat = await desk.act(agent, 'complete', key, typed('12E'));
    expect(badSeat.statusCode).toBe(400);
    expect(apiErrorSchema.parse(badSeat.json())).toMatchObject({ errorCode: 1000, params: { field: 'seat' } });
    expect(await deskRequest(agent, newSub)).toBeDefined();
    expect((await desk.act(agent, 'complete', key, typed('12f'))).statusCode).toBe(200);
    // Done once: a second agent's click finds nothing waiting.
    expect((await desk.act(agent, 'complete', key)).statusCode).toBe(404);
    await k.runJobs(2);

    const seen = await k.order(cookie, order.id);
    expect(seen.status).toBe(5);
    expect(seen.subOrders.find((s) => s.id === old)?.status).toBe(4);
    expect(seen.subOrders.find((s) => s.id === newSub)).toMatchObject({ status: 5, ticketing: 'offline' });
    // The traveller's new ticket is the one the railway issued, as the agent typed it in.
    const issued = await ticketsOf(newSub);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ ticketNumber: 'E4455667781010042', coach: '07', seat: '12F' });
    expect(await deskRequest(agent, newSub)).toBeUndefined();
  });

  it('offline: the agent refuses the change for a reason, the old ticket stands on its train, and the traveller is told that reason', async () => {
    const { cookie, order, old, before, newSub } = await changing('offline');
    await k.runJobs(2);
    const agent = (await signInAgent(t, t.db, '小王')).cookie;
    const waiting = await deskRequest(agent, newSub);
    expect(waiting?.kind).toBe('change');
    expect((await desk.act(agent, 'refuse', waiting?.key as string, { reason: 'sold-out' })).statusCode).toBe(200);
    expect((await desk.act(agent, 'complete', waiting?.key as string)).statusCode).toBe(404);
    await k.runJobs(2);

    const seen = await k.order(cookie, order.id);
    expect(seen.status).toBe(5);
    expect(seen.subOrders.find((s) => s.id === old)?.status).toBe(5);
    expect(seen.subOrders.find((s) => s.id === newSub)?.status).toBe(8);
    expect(seen.legs).toEqual(before.legs);
    expect(await ticketsOf(newSub)).toHaveLength(0);
    const kinds = (await notices(order.id)).map((n) => n.kind);
    expect(kinds).toContain('change-refused');
    expect(kinds).not.toContain('ticket-changed');
    const refused = (await notices(order.id)).find((n) => n.kind === 'change-refused');
    expect(refused?.params).toMatchObject({ errorCode: 2007, reasonZh: '新车次该席别已无余票' });
  });
});
