import { randomUUID } from 'node:crypto';
import { type BookingOffer, orderSchema, type SearchResult } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitSettings } from '../../src/config-limits';
import { decodeQuotedPrintable } from '../../src/features/account/messaging/mailer';
import { bookingClient, CONTACT, orderBody, traveller } from '../booking-client';
import { createTestApp, QUIET_SETTINGS, type TestApp } from '../harness';
import { errorCode } from './support';

/**
 * Threat: seats held without paying, and order mail as a way to write to strangers. One account made 19
 * unpaid orders of 9 travellers each in 47.5 s and emptied a train class (168 seats to 0) without a card;
 * each order mailed whatever contact address it named (20 orders, 21 mails to a stranger in 20 s). Unpaid
 * orders and the seats they hold are capped per account, per train and per contact address; order mail goes
 * to the account's verified address, and to a contact address at a bounded rate.
 */
const CAPS = {
  ORDER_UNPAID_MAX: '3',
  ORDER_HELD_SEATS_MAX: '6',
  ORDER_TRAIN_SEATS_MAX: '4',
  ORDER_CONTACT_UNPAID_MAX: '3',
  CONTACT_MAIL_PER_DAY: '2',
};
/** The caps a deployment gets without setting them (the tests' harness raises them for other tests). */
const DEFAULT_CAPS = Object.fromEntries(
  (['ORDER_UNPAID_MAX', 'ORDER_HELD_SEATS_MAX', 'ORDER_TRAIN_SEATS_MAX'] as const).map((k) => [
    k,
    String(limitSettings[k].parse(undefined)),
  ]),
);
const now = new Date();
const date = () => {
  const d = new Date(now.getTime() + 21 * 86_400_000);
  return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}`;
};
const leg = { departure: 'BJS', destination: 'SHA', departureName: '北京', destinationName: '上海' };

let t: TestApp;
let c: ReturnType<typeof bookingClient>;
let trains: { searchId: string; results: SearchResult[] };
let flights: { searchId: string; results: SearchResult[] };
beforeAll(async () => {
  t = await createTestApp({ ...QUIET_SETTINGS, ...CAPS }, () => now);
  c = bookingClient(t);
  trains = await c.search({ type: 1, mode: 'train', legs: [{ ...leg, departure_date: date() }] });
  flights = await c.search({ type: 1, mode: 'flight', legs: [{ ...leg, departure_date: date() }] });
}, 180_000);
afterAll(() => t.close());

/** A traveller's account with three adults saved, booking with a contact address of its own unless given. */
async function booker(contactEmail = `${randomUUID().slice(0, 8)}@example.com`) {
  const cookie = await c.signUp();
  const party = [
    await c.save(cookie, traveller('张伟', '1985-03-02')),
    await c.save(cookie, traveller('李娜', '1987-06-12')),
    await c.save(cookie, traveller('王芳', '1990-09-21')),
  ];
  const contact = { ...CONTACT, email: contactEmail };
  const offers = new Map<string, BookingOffer>();
  const offer = async (searchId: string, id: string) => {
    const found = offers.get(id) ?? (await c.offerOf(cookie, searchId, id));
    offers.set(id, found);
    return found;
  };
  return {
    cookie,
    train: async (r: SearchResult) =>
      c.create(cookie, orderBody(await offer(trains.searchId, r.id), trains.searchId, party, {}, contact)),
    flight: async () => {
      const nonstop = flights.results.find((x) => x.agent === 'own' && x.legs.length === 1) as SearchResult;
      return c.create(
        cookie,
        orderBody(
          await offer(flights.searchId, nonstop.id),
          flights.searchId,
          [party[0] as (typeof party)[0]],
          {},
          contact,
        ),
      );
    },
  };
}

const ok = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  return orderSchema.parse(JSON.parse(res.body));
};

describe('unpaid orders', () => {
  it('hold at most the seats an account may hold, on one train and in all, and are themselves capped', async () => {
    const b = await booker();
    const [a, second, third] = trains.results.filter((r) => r.kind === 'train' && r.legs.length === 1);
    if (!a || !second || !third) throw new Error('fewer than three trains');
    // Five orders of three at once on one train: the train's cap of four seats lets one through.
    const burst = await Promise.all(Array.from({ length: 5 }, () => b.train(a)));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(burst.filter((r) => r.statusCode !== 200).map(errorCode)).toEqual([2018, 2018, 2018, 2018]);
    const onSecond = ok(await b.train(second));
    // Six seats held in all: a third train is refused for the account's seats, not the train's.
    expect(errorCode(await b.train(third))).toBe(2017);
    ok(await b.flight());
    // Three unpaid orders: the fourth is refused whatever it holds.
    expect(errorCode(await b.flight())).toBe(2016);
    // Paying or cancelling one makes room again.
    expect((await c.cancel(b.cookie, onSecond.id)).statusCode).toBe(200);
    ok(await b.flight());
  });

  it('naming one contact address are capped over every account, whatever the letters’ case', async () => {
    ok(await (await booker('stranger@example.com')).flight());
    ok(await (await booker('Stranger@Example.com')).flight());
    ok(await (await booker('stranger@EXAMPLE.com')).flight());
    expect(errorCode(await (await booker('STRANGER@example.com')).flight())).toBe(2019);
  });
});

describe('order mail', () => {
  it("goes to a contact address at a bounded rate, and to the account's own verified address only", async () => {
    const mailsTo = (to: string) => t.mailbox.received.filter((m) => m.to.includes(to));
    const b = await booker('victim@example.com');
    for (let i = 0; i < 4; i++) {
      const order = ok(await b.flight());
      expect((await c.cancel(b.cookie, order.id)).statusCode).toBe(200);
    }
    await t.app.jobs?.runDueJobs();
    expect(mailsTo('victim@example.com')).toHaveLength(2);

    // An account with a verified address: its order mail goes there, never to the contact named.
    const own = await booker('someone.else@example.com');
    const email = `owner.${Date.now()}@example.com`;
    await t.app.inject({
      method: 'POST',
      url: '/code',
      payload: { type: 'email', target: email, purpose: 'bind' },
      headers: { cookie: own.cookie },
    });
    const code = /code is (\d{6})/.exec(decodeQuotedPrintable(mailsTo(email).at(-1)?.raw ?? ''))?.[1] ?? '';
    const bound = await t.app.inject({
      method: 'POST',
      url: '/bind',
      payload: { type: 'email', target: email, code },
      headers: { cookie: own.cookie },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const order = ok(await own.flight());
    await t.app.jobs?.runDueJobs();
    expect(mailsTo(email).filter((m) => decodeQuotedPrintable(m.raw).includes(order.orderNumber))).toHaveLength(1);
    expect(mailsTo('someone.else@example.com')).toHaveLength(0);
  });
});

describe('the reproduction, with the default caps', () => {
  it('19 unpaid orders of 9 travellers from one account no longer empty a train class', async () => {
    const d = await createTestApp({ ...QUIET_SETTINGS, ...DEFAULT_CAPS }, () => now);
    try {
      const dc = bookingClient(d);
      const cookie = await dc.signUp();
      const names = ['张伟', '李娜', '王芳', '刘洋', '陈静', '杨磊', '赵敏', '黄强', '周杰'];
      const party = [];
      for (const [i, name] of names.entries())
        party.push(await dc.save(cookie, traveller(name, `198${i}-0${i + 1}-1${i}`)));
      const found = await dc.search({ type: 1, mode: 'train', legs: [{ ...leg, departure_date: date() }] });
      const ride = found.results.find((r) => r.kind === 'train' && r.legs.length === 1) as SearchResult;
      const offer = await dc.offerOf(cookie, found.searchId, ride.id);
      const before = offer.remaining.find((r) => r.leg === 0)?.remaining ?? 0;
      expect(before).toBeGreaterThan(9);
      const codes: number[] = [];
      for (let i = 0; i < 19; i++) {
        const res = await dc.create(
          cookie,
          orderBody(offer, found.searchId, party, {}, { ...CONTACT, email: 'own.address@example.com' }),
        );
        codes.push(res.statusCode === 200 ? 200 : errorCode(res));
      }
      // One order of nine, then the train's cap of nine seats for one account refuses the rest.
      expect(codes).toEqual([200, ...Array(18).fill(2018)]);
      const after = await dc.offerOf(cookie, found.searchId, ride.id);
      expect(after.remaining.find((r) => r.leg === 0)?.remaining).toBe(before - 9);
    } finally {
      await d.close();
    }
  });
});
