import { randomUUID } from 'node:crypto';
import { apiErrorSchema, chatMessageSchema, orderSchema, travellerOrdersSchema } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAgent } from '../src/features/chat/chat.test-support';
import { beijingShanghai, bookingClient, orderBody, traveller } from './booking-client';
import { createTestApp, QUIET_SETTINGS, type TestApp } from './harness';

/** Order cards in the chat and the traveller's orders beside the console's conversation: own orders only. */
let t: TestApp;
let c: ReturnType<typeof bookingClient>;
beforeAll(async () => {
  t = await createTestApp(
    {
      ...QUIET_SETTINGS,
    },
    () => new Date('2026-11-26T04:00:00Z'),
  );
  c = bookingClient(t);
}, 120_000);
afterAll(() => t.close());

const post = (url: string, payload: object, cookie: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie } });

describe('order cards', () => {
  it("a traveller attaches their own order, never another's; the holding agent sees their orders beside it", async () => {
    const alice = await c.signUp();
    const bob = await c.signUp();
    const wei = await c.save(alice, traveller('张伟', '1985-03-02'));
    const flights = await c.search(beijingShanghai('flight'));
    const result = flights.results.find((r) => r.agent === 'own' && r.legs.length === 1) ?? flights.results[0];
    if (!result) throw new Error('no flight');
    const offer = await c.offerOf(alice, flights.searchId, result.id);
    const created = await c.create(alice, orderBody(offer, flights.searchId, [wei]));
    expect(created.statusCode, created.body).toBe(200);
    const order = orderSchema.parse(created.json());

    const refused = await post('/api/chat/message', { kind: 'order', clientId: randomUUID(), orderId: order.id }, bob);
    expect(refused.statusCode).toBe(404);
    expect(apiErrorSchema.parse(refused.json()).errorCode).toBe(2009);

    const sent = await post('/api/chat/message', { kind: 'order', clientId: randomUUID(), orderId: order.id }, alice);
    expect(sent.statusCode, sent.body).toBe(200);
    const card = chatMessageSchema.parse(sent.json());
    expect(card.kind).toBe('order');
    expect(card.order).toMatchObject({ id: order.id, orderNumber: order.orderNumber, status: 0 });

    const lin = await signInAgent(t, t.db, 'Lin');
    const wang = await signInAgent(t, t.db, 'Wang');
    expect((await post('/api/service/take', { conversationId: card.conversationId }, lin.cookie)).statusCode).toBe(200);
    const beside = await t.app.inject({
      method: 'GET',
      url: `/api/service/orders?conversationId=${card.conversationId}`,
      headers: { cookie: lin.cookie },
    });
    expect(travellerOrdersSchema.parse(beside.json()).items.map((o) => o.orderNumber)).toEqual([order.orderNumber]);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/service/orders?conversationId=${card.conversationId}`,
      headers: { cookie: wang.cookie },
    });
    expect(apiErrorSchema.parse(other.json()).errorCode).toBe(7002);
  }, 120_000);
});
