import { randomUUID } from 'node:crypto';
import { cardTokenSchema, type Order, orderSchema, type TokenizeCardInput } from '@junction/domain';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { beijingShanghai, bookingClient, orderBody, traveller } from '../../../test/booking-client';
import type { TestApp } from '../../../test/harness';
import type { Db } from '../../db/database';
import { TEST_CARDS } from './gateway/simulator/test-cards';

/** Card details as a traveller types them into the payment page. */
export function cardDetails(number: string, extra: Partial<TokenizeCardInput> = {}): TokenizeCardInput {
  return {
    number,
    expMonth: 12,
    expYear: 2030,
    name: 'ZHANG WEI',
    cvc: number.length === 15 ? '1234' : '123',
    billing: {
      line1: '1 Jianguomenwai Avenue',
      line2: 'Floor 8',
      city: 'Beijing',
      region: 'Beijing',
      country: 'CN',
      zip: '100004',
      phone: '+8613800138000',
    },
    ...extra,
  };
}

/** What the card simulator holds for an order, from its own tables: captured, refunded, and how many captures took place. */
export async function chargedFor(db: Db, orderId: string) {
  const rows = await sql<{ captured: number; refunded: number; captures: number }>`
    select coalesce(sum(amount_captured), 0)::int as captured, coalesce(sum(amount_refunded), 0)::int as refunded,
      coalesce(sum(captures), 0)::int as captures
    from gateway_sim_intents where metadata->>'orderId' = ${orderId}`.execute(db);
  return rows.rows[0] as { captured: number; refunded: number; captures: number };
}

/** A search date some weeks after `now`, as the search form sends it. */
const searchDate = (now: Date) => {
  const d = new Date(now.getTime() + 21 * 86_400_000);
  return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}`;
};

/** A signed-in traveller with a bookable flight: makes orders, tokenises cards and pays, as the pages do. */
export async function payingTraveller(t: TestApp, now: Date) {
  const c = bookingClient(t);
  const cookie = await c.signUp();
  const mobile = c.lastMobile;
  const wei = await c.save(cookie, traveller('张伟', '1985-03-02'));
  const flights = await c.search(beijingShanghai('flight', searchDate(now)));
  const result = flights.results.find((x) => x.agent === 'own' && x.legs.length === 1);
  if (!result) throw new Error('no nonstop flight');
  const offer = await c.offerOf(cookie, flights.searchId, result.id);
  const body = orderBody(offer, flights.searchId, [wei]);
  const self = {
    cookie,
    /** The traveller's mobile number (national digits); the password is travel2026. */
    mobile,
    /** Signs the same traveller in again, with the headers given (an app sends its channel). */
    async signIn(headers: Record<string, string> = {}): Promise<string> {
      const res = await t.app.inject({
        method: 'POST',
        url: '/login',
        payload: { username: mobile, password: 'travel2026', identity: 'mobile', district: 'CN' },
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return `sid=${res.cookies.find((x) => x.name === 'sid')?.value}`;
    },
    async order(headers: Record<string, string> = {}): Promise<Order> {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: body,
        headers: { cookie, 'idempotency-key': randomUUID(), ...headers },
      });
      expect(res.statusCode, res.body).toBe(200);
      return orderSchema.parse(res.json());
    },
    async token(number: string = TEST_CARDS.visa): Promise<string> {
      const res = await t.app.inject({
        method: 'POST',
        url: '/gateway-sim/v1/tokens',
        payload: cardDetails(number),
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return cardTokenSchema.parse(res.json()).token;
    },
    pay: (
      orderId: string,
      token: string | null,
      key: string = randomUUID(),
      headers: Record<string, string> = {},
      as = cookie,
    ): Promise<LightMyRequestResponse> =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/pay',
        payload: token === null ? { orderId } : { orderId, method: { kind: 'card', token } },
        headers: { cookie: as, 'idempotency-key': key, ...headers },
      }),
    state: (orderId: string, attemptId: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/order/payment?${new URLSearchParams({ orderId, attemptId })}`,
        headers: { cookie },
      }),
    async get(orderId: string): Promise<Order> {
      const res = await c.get(cookie, orderId);
      return orderSchema.parse(res.json());
    },
    signUp: () => c.signUp(),
    cancel: (orderId: string) => c.cancel(cookie, orderId),
  };
  return self;
}
