import { randomUUID } from 'node:crypto';
import { type BookingOffer, orderPageSchema, orderSchema, type SearchResult, SLEEPER_BUNKS } from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingClient, CONTACT, errorOf, orderBody, traveller } from '../../../test/booking-client';
import { createTestApp, QUIET_SETTINGS, type TestApp, testRefdata } from '../../../test/harness';

const START = new Date('2026-11-22T04:00:00Z');
let clock = START.getTime();
const now = () => new Date(clock);

let t: TestApp;
let c: ReturnType<typeof bookingClient>;
beforeAll(async () => {
  t = await createTestApp(
    {
      ...QUIET_SETTINGS,
      SUPPORT_URL: 'https://help.junction.example',
    },
    now,
  );
  c = bookingClient(t);
}, 120_000);
afterAll(() => t.close());

const oneWay = (mode: 'flight' | 'train' | 'all', destination = 'SHA', date = '2026/12/10') => ({
  type: 1 as const,
  mode,
  legs: [{ departure: 'BJS', destination, departure_date: date, departureName: '北京', destinationName: '上海' }],
});

/** Two adults and an infant, saved to one account. */
async function family(cookie: string) {
  return {
    wei: await c.save(cookie, traveller('张伟', '1985-03-02')),
    na: await c.save(cookie, traveller('李娜', '1987-06-18')),
    baby: await c.save(cookie, traveller('张小宝', '2026-01-05')),
    four: await c.save(cookie, traveller('张小明', '2022-05-01')),
    three: await c.save(cookie, traveller('张小红', '2023-04-01')),
  };
}

let alice: string;
let kin: Awaited<ReturnType<typeof family>>;
let flights: { searchId: string; results: SearchResult[] };
let trains: { searchId: string; results: SearchResult[] };
beforeAll(async () => {
  alice = await c.signUp();
  kin = await family(alice);
  flights = await c.search(oneWay('flight'));
  trains = await c.search(oneWay('train'));
}, 120_000);

const ownFlight = () => {
  const r = flights.results.find((x) => x.agent === 'own' && x.legs.length === 1);
  if (!r) throw new Error('no nonstop flight');
  return r;
};
const sleeperTrain = () => {
  const r = trains.results.find((x) => x.legs[0]?.seats?.some((s) => SLEEPER_BUNKS[s.code] && s.remaining > 10));
  if (!r) throw new Error('no sleeper train');
  return r;
};

describe('creating an order', () => {
  it('books a flight for two adults and an infant: order, sub-order, event row and expiry job in one go', async () => {
    const offer = await c.offerOf(alice, flights.searchId, ownFlight().id);
    expect(offer.trip).toMatchObject({ air: true, rail: false, international: false });
    expect(offer.tickets).toEqual([{ type: 'flight', legs: [0] }]);
    const body = orderBody(offer, flights.searchId, [kin.wei, kin.na, kin.baby]);
    const res = await c.create(alice, body);
    expect(res.statusCode, res.body).toBe(200);
    const order = orderSchema.parse(res.json());
    expect(order).toMatchObject({
      status: 0,
      paymentStatus: 0,
      kind: 'flight',
      originName: '北京',
      destinationName: '上海',
      places: { from: { en: 'Beijing', 'zh-CN': '北京' }, to: { en: 'Shanghai', 'zh-CN': '上海' } },
      payment: { price: { amount: body.expected.totalMinor, currency: 'CNY' } },
      supportUrl: `https://help.junction.example/order/${order.id}`,
    });
    expect(order.orderNumber).toMatch(/^JN\d{14}$/);
    expect(Date.parse(order.payment.deadline) - Date.parse(order.createdAt)).toBe(30 * 60_000);
    expect(order.travellers.map((x) => [x.name, x.airType])).toEqual([
      ['张伟', 'ADULT'],
      ['李娜', 'ADULT'],
      ['张小宝', 'INFANT'],
    ]);
    // Document numbers are masked; the sealed copy is not the number.
    for (const x of order.travellers) expect(x.documentMasked).toMatch(/\*{4,}/);
    const sealed = await t.db.selectFrom('orderTravellers').select('documentSealed').execute();
    for (const s of sealed) expect(s.documentSealed).not.toMatch(/^\d{17}[\dX]$/);
    expect(order.subOrders).toHaveLength(1);
    expect(order.subOrders[0]).toMatchObject({
      type: 'flight',
      status: null,
      price: { amount: body.expected.totalMinor },
    });
    expect(order.breakdown.fares.map((f) => [f.type, f.count])).toEqual([
      ['ADULT', 2],
      ['INFANT', 1],
    ]);
    const events = await t.db.selectFrom('orderEvents').selectAll().where('orderId', '=', order.id).execute();
    expect(events.map((e) => [e.kind, e.fromStatus, e.toStatus])).toEqual([['created', null, '0']]);
    const jobs = await sql<{
      n: string;
    }>`select count(*) as n from graphile_worker.jobs where key = ${`orders.expire:${order.id}`}`.execute(t.db);
    expect(Number(jobs.rows[0]?.n)).toBe(1);
  });

  it('answers a price change with the original and the latest price, and books once the latest is confirmed', async () => {
    const offer = await c.offerOf(alice, flights.searchId, ownFlight().id);
    const body = orderBody(offer, flights.searchId, [kin.wei]);
    const latest = body.expected.totalMinor;
    const stale = { ...body, expected: { ...body.expected, totalMinor: latest - 5000 } };
    const res = await c.create(alice, stale);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({ errorCode: 2005, params: { original: latest - 5000, latest } });
    expect(
      await t.db
        .selectFrom('orders')
        .where('priceMinor', '=', latest - 5000)
        .selectAll()
        .execute(),
    ).toEqual([]);
    const confirmed = await c.create(alice, body);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('answers a baggage price change with both amounts', async () => {
    const offer = await c.offerOf(alice, flights.searchId, ownFlight().id);
    const body = orderBody(offer, flights.searchId, [kin.wei], { baggage: [{ ticket: 0, pieces: [1] }] });
    expect(body.expected.baggageMinor).toBeGreaterThan(0);
    const res = await c.create(alice, { ...body, expected: { ...body.expected, baggageMinor: 10_000 } });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      errorCode: 2006,
      params: { original: 10_000, latest: body.expected.baggageMinor },
    });
  });

  it('books a train with a free child under 6 and a berth choice, holding the seats', async () => {
    const result = sleeperTrain();
    const offer = await c.offerOf(alice, trains.searchId, result.id);
    const leg = offer.result.legs[0];
    const sleeper = leg?.seats?.find((s) => SLEEPER_BUNKS[s.code]) as { code: string };
    const before = offer.remaining.find((r) => r.leg === 0 && r.seatClass === sleeper.code)?.remaining ?? 0;
    const body = orderBody(offer, trains.searchId, [kin.wei, kin.four], {
      rail: [{ leg: 0, seatClass: sleeper.code, bunks: [1, null] }],
    });
    const res = await c.create(alice, body);
    expect(res.statusCode, res.body).toBe(200);
    const order = orderSchema.parse(res.json());
    expect(order.travellers.map((x) => x.railType)).toEqual(['ADULT', 'FREE_CHILD']);
    expect(order.subOrders.map((s) => s.type)).toEqual(['railway']);
    // The order, its itinerary and its tickets carry the class chosen, not the one the search quoted.
    expect(leg?.cabin).not.toBe(sleeper.code);
    expect(order.legs[0]?.cabin).toBe(sleeper.code);
    expect(order.breakdown.extras).toEqual([{ kind: 'bunk', count: 1, totalMinor: expect.any(Number) }]);
    expect(order.breakdown.serviceFees).toEqual([{ kind: 'railOffline', count: 1, totalMinor: 2000 }]);
    // One seat held: the free child has none.
    const after = await c.offerOf(alice, trains.searchId, result.id);
    expect(after.remaining.find((r) => r.leg === 0 && r.seatClass === sleeper.code)?.remaining).toBe(before - 1);
  });

  it('refuses a masked contact mobile, naming the contact field it is wrong in', async () => {
    const offer = await c.offerOf(alice, flights.searchId, ownFlight().id);
    for (const phone of ['139****4146', '*3800138000']) {
      const res = await c.create(alice, orderBody(offer, flights.searchId, [kin.wei], {}, { ...CONTACT, phone }));
      expect(res.statusCode, phone).toBe(400);
      expect(errorOf(res)).toMatchObject({ errorCode: 6002, params: { field: 'contact.phone' } });
    }
    const noMail = await c.create(alice, orderBody(offer, flights.searchId, [kin.wei], {}, { ...CONTACT, email: ' ' }));
    expect(noMail.statusCode).toBe(400);
  });

  it('refuses a rail contact without a +86, +852, +853 or +886 phone', async () => {
    const offer = await c.offerOf(alice, trains.searchId, sleeperTrain().id);
    const body = orderBody(
      offer,
      trains.searchId,
      [kin.wei],
      {},
      { ...CONTACT, phoneCountry: 'US', phone: '4155552671' },
    );
    const res = await c.create(alice, body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).errorCode).toBe(6003);
  });

  it('answers remaining tickets insufficient when the class has fewer seats left than travellers', async () => {
    const result = trains.results.find((r) => r.legs.length === 1 && r.id !== sleeperTrain().id) as SearchResult;
    const offer = await c.offerOf(alice, trains.searchId, result.id);
    const leg = offer.result.legs[0];
    const seatClass = leg?.cabin as string;
    const key = `rail:${leg?.number}:${leg?.departureTime.slice(0, 10)}:${seatClass}`;
    await sql`insert into seat_stock (key, capacity, held) values (${key}, 1, 0)
              on conflict (key) do update set capacity = seat_stock.held + 1`.execute(t.db);
    const res = await c.create(alice, orderBody(offer, trains.searchId, [kin.wei, kin.na]));
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errorCode).toBe(2007);
    const one = await c.create(alice, orderBody(offer, trains.searchId, [kin.wei]));
    expect(one.statusCode, one.body).toBe(200);
  });

  it('applies the party rules: an adult of 18 or more, two children and one infant per adult, infants 14 days old', async () => {
    const offer = await c.offerOf(alice, flights.searchId, ownFlight().id);
    const twin = await c.save(alice, traveller('张小贝', '2026-02-11'));
    const eight = await c.save(alice, traveller('张小刚', '2018-08-08'));
    const newborn = await c.save(alice, traveller('张小新', '2026-11-20'));
    const soon = await c.search(oneWay('flight', 'SHA', '2026/11/28'));
    const soonOffer = await c.offerOf(
      alice,
      soon.searchId,
      (soon.results.find((x) => x.agent === 'own') as SearchResult).id,
    );
    const cases: [(typeof kin.wei)[], number][] = [
      [[kin.four], 2001],
      [[kin.wei, kin.baby, twin], 3108],
      [[kin.wei, kin.four, kin.three, eight], 3107],
    ];
    for (const [party, code] of cases) {
      const res = await c.create(alice, orderBody(offer, flights.searchId, party));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).errorCode).toBe(code);
    }
    // Eight days old on departure.
    const young = await c.create(alice, orderBody(soonOffer, soon.searchId, [kin.wei, newborn]));
    expect(errorOf(young).errorCode).toBe(2003);
  });

  it('sends a traveller whose age crosses a boundary during the trip to the airline', async () => {
    const trip = await c.search({
      type: 2,
      mode: 'flight',
      legs: [{ departure: 'BJS', destination: 'SHA', departure_date: '2026/12/10', return_date: '2026/12/20' }],
    });
    const r = trip.results.find((x) => x.agent === 'own') as SearchResult;
    const offer = await c.offerOf(alice, trip.searchId, r.id);
    const turnsTwo = await c.save(alice, traveller('张小满', '2024-12-15'));
    const res = await c.create(alice, orderBody(offer, trip.searchId, [kin.wei, turnsTwo]));
    expect(errorOf(res).errorCode).toBe(2002);
  });

  it('refuses more than nine travellers with the message to delete one first', async () => {
    const offer = await c.offerOf(alice, flights.searchId, ownFlight().id);
    const many = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        c.save(alice, traveller(`王${'一二三四五六七八九十'[i]}明`, `19${70 + i}-01-0${1 + (i % 9)}`)),
      ),
    );
    const res = await c.create(alice, orderBody(offer, flights.searchId, many));
    expect(errorOf(res).errorCode).toBe(3105);
  });

  it('sells no infant ticket on a combined fare', async () => {
    const mixed = await c.search(oneWay('all'));
    // Flights only (metro or taxi to and from the airports aside), within the mainland: a train would first
    // answer its own rail rules for the infant, and a connection abroad would first refuse the ID card.
    const mainland = (code: string) =>
      testRefdata()
        .places.findByCode(code)
        .some((p) => p.kind === 'airport' && p.country === 'CN');
    const combined = mixed.results.find(
      (r) =>
        r.agent === 'combined' &&
        r.legs.some((l) => l.kind === 'air') &&
        r.legs
          .filter((l) => l.kind !== 'subway' && l.kind !== 'taxi')
          .every((l) => l.kind === 'air' && mainland(l.from.code) && mainland(l.to.code)),
    );
    expect(combined).toBeDefined();
    const offer = await c.offerOf(alice, mixed.searchId, (combined as SearchResult).id);
    const res = await c.create(alice, orderBody(offer, mixed.searchId, [kin.wei, kin.baby]));
    expect(res.statusCode, res.body).toBe(422);
    expect(errorOf(res)).toMatchObject({ errorCode: 2008, params: { type: 'INFANT' } });
  }, 60_000);

  it('refuses an ID card across a border', async () => {
    const abroad = await c.search(oneWay('flight', 'HKG'));
    const r = abroad.results.find((x) => x.agent === 'own') as SearchResult;
    const offer = await c.offerOf(alice, abroad.searchId, r.id);
    expect(offer.trip.international).toBe(true);
    const res = await c.create(alice, orderBody(offer, abroad.searchId, [kin.wei]));
    expect(errorOf(res).errorCode).toBe(2011);
  });

  it('answers an expired search with the criteria to refresh, and an unknown result as an invalid plan', async () => {
    const unknown = await c.offer(alice, flights.searchId, 'F:nothing');
    expect(errorOf(unknown).errorCode).toBe(3003);
    const gone = await c.offer(alice, 'no-such-search', 'F:nothing');
    expect(gone.statusCode).toBe(400);
    expect(errorOf(gone)).toMatchObject({ errorCode: 3001, errorType: 'expired' });
  });
});

describe('idempotent creation', () => {
  let offer: BookingOffer;
  let body: ReturnType<typeof orderBody>;
  beforeAll(async () => {
    offer = await c.offerOf(alice, flights.searchId, ownFlight().id);
    body = orderBody(offer, flights.searchId, [kin.na]);
  });

  it('makes one order for a retried request and for a double click sent at once', async () => {
    const key = randomUUID();
    const first = await c.create(alice, body, key);
    const again = await c.create(alice, body, key);
    expect(again.json().id).toBe(first.json().id);
    const burstKey = randomUUID();
    const burst = await Promise.all(Array.from({ length: 6 }, () => c.create(alice, body, burstKey)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(burst.map((r) => r.json().id)).size).toBe(1);
    const rows = await t.db.selectFrom('orders').select('id').where('idempotencyKey', 'in', [key, burstKey]).execute();
    expect(rows).toHaveLength(2);
  });

  it('refuses a key used for a different order, and a request without a key', async () => {
    const key = randomUUID();
    expect((await c.create(alice, body, key)).statusCode).toBe(200);
    const other = orderBody(offer, flights.searchId, [kin.wei]);
    expect(errorOf(await c.create(alice, other, key)).errorCode).toBe(2013);
    expect(errorOf(await c.create(alice, body, null)).errorCode).toBe(2015);
  });
});

describe('cancelling and expiry', () => {
  const trainOrder = async () => {
    const offer = await c.offerOf(alice, trains.searchId, sleeperTrain().id);
    const res = await c.create(alice, orderBody(offer, trains.searchId, [kin.wei, kin.na]));
    expect(res.statusCode, res.body).toBe(200);
    return orderSchema.parse(res.json());
  };
  const heldFor = async (orderId: string) =>
    (await t.db.selectFrom('seatHolds').selectAll().where('orderId', '=', orderId).execute()).map((h) => [
      h.seats,
      h.releasedAt !== null,
    ]);

  it('cancels an unpaid order: payment closed, tickets cancelled, seats released, once', async () => {
    const order = await trainOrder();
    expect(await heldFor(order.id)).toEqual([[2, false]]);
    const res = await c.cancel(alice, order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(orderSchema.parse(res.json())).toMatchObject({ status: 7, paymentStatus: 3, subOrders: [{ status: 8 }] });
    expect(await heldFor(order.id)).toEqual([[2, true]]);
    const again = await c.cancel(alice, order.id);
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).errorCode).toBe(2010);
    const events = await t.db
      .selectFrom('orderEvents')
      .selectAll()
      .where('orderId', '=', order.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.kind, e.fromStatus, e.toStatus])).toEqual([
      ['created', null, '0'],
      ['cancelled', '0', '7'],
    ]);
  });

  it('expires an unpaid order past its deadline by the job, releasing its seats; a cancelled one stays cancelled', async () => {
    const order = await trainOrder();
    const cancelled = await trainOrder();
    await c.cancel(alice, cancelled.id);
    expect((await c.get(alice, order.id)).json().status).toBe(0);
    clock += 31 * 60_000;
    try {
      await t.app.jobs?.runDueJobs();
      const expired = orderSchema.parse((await c.get(alice, order.id)).json());
      expect(expired).toMatchObject({ status: 'INVALID', paymentStatus: 'INVALID', subOrders: [{ status: 8 }] });
      expect(await heldFor(order.id)).toEqual([[2, true]]);
      expect((await c.get(alice, cancelled.id)).json().status).toBe(7);
      expect(errorOf(await c.cancel(alice, order.id)).errorCode).toBe(2010);
    } finally {
      clock -= 31 * 60_000;
    }
  });
});

describe('trips list', () => {
  it('filters all, unpaid (1), upcoming (2) and past (3), a page at a time', async () => {
    const all = orderPageSchema.parse((await c.list(alice, '?filter=all&pageSize=50')).json());
    expect(all.total).toBeGreaterThan(3);
    const unpaid = orderPageSchema.parse((await c.list(alice, '?filter=1&pageSize=50')).json());
    const past = orderPageSchema.parse((await c.list(alice, '?filter=3&pageSize=50')).json());
    const upcoming = orderPageSchema.parse((await c.list(alice, '?filter=2')).json());
    expect(unpaid.items.every((o) => o.status === 0)).toBe(true);
    expect(past.items.every((o) => o.status === 7 || o.status === 'INVALID')).toBe(true);
    expect(upcoming.total).toBe(0);
    expect(unpaid.total + past.total).toBe(all.total);
    const page2 = orderPageSchema.parse((await c.list(alice, '?filter=all&page=2&pageSize=2')).json());
    expect(page2.items.map((o) => o.id)).toEqual(all.items.slice(2, 4).map((o) => o.id));
    expect(all.items[0]?.travellerNames.length).toBeGreaterThan(0);
  });
});

describe('nobody reads or changes another user’s order (IDOR matrix)', () => {
  it('answers every order call on another user’s order or traveller as not found, and visitors must sign in', async () => {
    const mallory = await c.signUp();
    const mine = await c.offerOf(alice, flights.searchId, ownFlight().id);
    const target = orderSchema.parse((await c.create(alice, orderBody(mine, flights.searchId, [kin.wei]))).json());
    const get = await c.get(mallory, target.id);
    expect([get.statusCode, errorOf(get).errorCode]).toEqual([404, 2009]);
    const cancel = await c.cancel(mallory, target.id);
    expect([cancel.statusCode, errorOf(cancel).errorCode]).toEqual([404, 2009]);
    expect((await c.get(alice, target.id)).json().status).toBe(0);
    const list = orderPageSchema.parse((await c.list(mallory)).json());
    expect(list.total).toBe(0);
    // Alice's travellers cannot be booked by Mallory.
    const offer = await c.offerOf(mallory, flights.searchId, ownFlight().id);
    const stolen = await c.create(mallory, orderBody(offer, flights.searchId, [kin.wei]));
    expect([stolen.statusCode, errorOf(stolen).errorCode]).toEqual([404, 6110]);
    // A visitor gets the login answer on every call.
    for (const res of [
      await c.get('', target.id),
      await c.cancel('', target.id),
      await c.list(''),
      await c.offer('', flights.searchId, ownFlight().id),
      await c.create('', orderBody(offer, flights.searchId, [kin.wei])),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).errorCode).toBe(1401);
    }
  });
});
