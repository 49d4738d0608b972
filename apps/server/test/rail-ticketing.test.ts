import {
  orderSchema,
  railAccountStatusSchema,
  railServiceFee,
  railTicketingInfoSchema,
  type SearchResult,
  trainTypeOf,
} from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, railClient } from '../src/features/rail/rail-client.test-support';
import { beijingShanghai, orderBody, traveller } from './booking-client';
import type { TestApp } from './harness';
import { type BookingClient, bookingApp, type Found } from './support/booking-app';
import { QUICK_RAIL } from './support/settings';

const START = new Date('2026-11-22T04:00:00Z');
let clock = START.getTime();
const now = () => new Date(clock);

const trainSearch = beijingShanghai('train');

let t: TestApp;
let c: BookingClient;
let r: ReturnType<typeof railClient>;
let trains: Found;
beforeAll(async () => {
  ({ t, c } = await bookingApp(now, QUICK_RAIL));
  r = railClient(t);
  trains = await c.search(trainSearch);
}, 120_000);
afterAll(() => t.close());

describe('the rail account and the orders ticketed through it', () => {
  it('cannot be unlinked (6204) while rail tickets are being issued, and can once they are issued', async () => {
    const cookie = await c.signUp();
    await r.link(cookie, await r.railAccount());
    const wei = await c.save(cookie, traveller('张伟', '1985-03-02', { phoneCountry: 'CN', phone: '13800138000' }));
    const train = trains.results.find(
      (x) => x.kind === 'train' && x.legs.length === 1 && !x.legs[0]?.soldOut,
    ) as SearchResult;
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

describe('online and offline ticketing', () => {
  const oneTrain = () =>
    trains.results.find((x) => x.kind === 'train' && x.legs.length === 1 && !x.legs[0]?.soldOut) as SearchResult;
  const family = async (cookie: string) => ({
    wei: await c.save(cookie, traveller('张伟', '1985-03-02', { phoneCountry: 'CN', phone: '13800138000' })),
    na: await c.save(cookie, traveller('李娜', '1987-06-18', { phoneCountry: 'CN', phone: '13800138001' })),
    four: await c.save(cookie, traveller('张小明', '2022-05-01')),
  });

  it('tells a visitor trains are ticketed offline, with the fee table by train type', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/rail/ticketing' });
    expect(res.statusCode).toBe(200);
    const info = railTicketingInfoSchema.parse(res.json());
    expect(info).toMatchObject({ link: 'none', way: 'offline' });
    expect(info.fees.offlineByTrainType).toMatchObject({ G: 2000, D: 2000, K: 1500, T: 1500 });
    expect(info.fees.onlinePerTicketMinor).toBe(0);
  });

  it('without a 12306 link: the offer shows offline fees by train type, and the order keeps them per ticket', async () => {
    const cookie = await c.signUp();
    const kin = await family(cookie);
    const train = oneTrain();
    const offer = await c.offerOf(cookie, trains.searchId, train.id);
    expect(offer.railTicketing.link).toBe('none');
    expect(offer.railTicketing.way).toBe('offline');
    const leg = offer.railTicketing.legs[0];
    const expectedFee = { G: 2000, C: 2000, D: 2000, Z: 2000, T: 1500, K: 1500 }[
      trainTypeOf(train.legs[0]?.number ?? '')
    ];
    expect(leg).toMatchObject({ leg: 0, onlineFeeMinor: 0, offlineFeeMinor: expectedFee ?? 2000 });

    // Two adults and a child under 6 riding free: two tickets pay the fee, the free child none.
    const created = await c.create(cookie, orderBody(offer, trains.searchId, [kin.wei, kin.na, kin.four]));
    expect(created.statusCode, created.body).toBe(200);
    const order = orderSchema.parse(created.json());
    const fee = leg?.offlineFeeMinor ?? 0;
    expect(order.breakdown.serviceFees).toEqual([{ kind: 'railOffline', count: 2, totalMinor: 2 * fee }]);
    expect(order.subOrders[0]).toMatchObject({
      ticketing: 'offline',
      serviceFee: { amount: 2 * fee, currency: 'CNY' },
    });
    expect(order.travellers.map((x) => x.railType)).toEqual(['ADULT', 'ADULT', 'FREE_CHILD']);

    // Online without a link is refused (6205).
    const online = await c.create(cookie, orderBody(offer, trains.searchId, [kin.wei], {}, undefined, 'online'));
    expect(online.statusCode).toBe(422);
    expect(errorOf(online).errorCode).toBe(6205);
  });

  it('with a live 12306 link: ticketed online with no fee, offline still chosen at its fee', async () => {
    const cookie = await c.signUp();
    const kin = await family(cookie);
    await r.link(cookie, await r.railAccount());
    const offer = await c.offerOf(cookie, trains.searchId, oneTrain().id);
    expect(offer.railTicketing).toMatchObject({ link: 'active', way: 'online' });

    const online = orderSchema.parse(
      (await c.create(cookie, orderBody(offer, trains.searchId, [kin.wei, kin.na]))).json(),
    );
    expect(online.breakdown.serviceFees).toEqual([]);
    expect(online.subOrders[0]).toMatchObject({ ticketing: 'online', serviceFee: { amount: 0, currency: 'CNY' } });

    const offline = await c.create(cookie, orderBody(offer, trains.searchId, [kin.wei], {}, undefined, 'offline'));
    expect(offline.statusCode, offline.body).toBe(200);
    const order = orderSchema.parse(offline.json());
    const fee = offer.railTicketing.legs[0]?.offlineFeeMinor ?? 0;
    expect(order.breakdown.serviceFees).toEqual([{ kind: 'railOffline', count: 1, totalMinor: fee }]);
    expect(order.subOrders[0]?.ticketing).toBe('offline');
    expect(order.breakdown.totalMinor - online.breakdown.totalMinor / 2).toBe(fee);
  });

  it('gives each ticketed adult one free child under 6; without that adult the child needs a child ticket and its fee', async () => {
    const cookie = await c.signUp();
    const kin = await family(cookie);
    const three = await c.save(cookie, traveller('张小红', '2023-04-01'));
    const offer = await c.offerOf(cookie, trains.searchId, oneTrain().id);
    const fee = offer.railTicketing.legs[0]?.offlineFeeMinor ?? 0;
    const book = async (party: (typeof kin)['wei'][]) =>
      orderSchema.parse((await c.create(cookie, orderBody(offer, trains.searchId, party))).json());

    const both = await book([kin.wei, kin.na, kin.four, three]);
    expect(both.travellers.map((x) => x.railType)).toEqual(['ADULT', 'ADULT', 'FREE_CHILD', 'FREE_CHILD']);
    expect(both.breakdown.serviceFees).toEqual([{ kind: 'railOffline', count: 2, totalMinor: 2 * fee }]);

    // Without 李娜 one child loses the free place: the older one gets a child ticket, and pays the fee.
    const one = await book([kin.wei, kin.four, three]);
    expect(one.travellers.map((x) => x.railType)).toEqual(['ADULT', 'CHILD', 'FREE_CHILD']);
    expect(one.breakdown.fares.find((f) => f.ticket === 'railway' && f.type === 'CHILD')?.count).toBe(1);
    expect(one.breakdown.serviceFees).toEqual([{ kind: 'railOffline', count: 2, totalMinor: 2 * fee }]);
  });

  it('only tickets issued through the account block logging out of it', async () => {
    const cookie = await c.signUp();
    const kin = await family(cookie);
    await r.link(cookie, await r.railAccount());
    const offer = await c.offerOf(cookie, trains.searchId, oneTrain().id);
    const created = await c.create(cookie, orderBody(offer, trains.searchId, [kin.wei], {}, undefined, 'offline'));
    const orderId = (created.json() as { id: string }).id;
    await sql`update sub_orders set status = '2' where order_id = ${orderId}`.execute(t.db);
    expect(railAccountStatusSchema.parse((await r.get(cookie, '/api/rail/account')).json()).account?.ticketing).toBe(0);
    expect((await r.post(cookie, '/api/rail/logout')).statusCode).toBe(200);
  });

  it('prices the fee from the table by train type', () => {
    const fees = { onlinePerTicketMinor: 0, offlinePerTicketMinor: 2000, offlineByTrainType: { G: 2000, K: 1500 } };
    expect(railServiceFee(fees, 'offline', 'K1234')).toBe(1500);
    expect(railServiceFee(fees, 'offline', 'g7')).toBe(2000);
    expect(railServiceFee(fees, 'offline', '6012')).toBe(2000);
    expect(railServiceFee(fees, 'online', 'K1234')).toBe(0);
  });
  it('with an expired 12306 session: offered offline, and online answers 6001', async () => {
    const cookie = await c.signUp();
    const kin = await family(cookie);
    await r.link(cookie, await r.railAccount());
    clock += 31 * 60_000;
    try {
      const fresh = await c.search(trainSearch);
      const train = fresh.results.find(
        (x) => x.kind === 'train' && x.legs.length === 1 && !x.legs[0]?.soldOut,
      ) as SearchResult;
      const offer = await c.offerOf(cookie, fresh.searchId, train.id);
      expect(offer.railTicketing).toMatchObject({ link: 'expired', way: 'offline' });
      const online = await c.create(cookie, orderBody(offer, fresh.searchId, [kin.wei], {}, undefined, 'online'));
      expect(errorOf(online).errorCode).toBe(6001);
      const offline = await c.create(cookie, orderBody(offer, fresh.searchId, [kin.wei]));
      expect(offline.statusCode, offline.body).toBe(200);
    } finally {
      clock = START.getTime();
    }
  });
});
