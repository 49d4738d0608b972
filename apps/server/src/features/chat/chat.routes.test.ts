import {
  agentQueueSchema,
  apiErrorSchema,
  chatMessageSchema,
  chatSummarySchema,
  conversationListSchema,
  messagesPageSchema,
  noticePageSchema,
} from '@junction/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { isMessage, SocketClient, signInAgent, signUp } from './chat.test-support';

/** 12:00 in Beijing: agents are in. */
const clock = { now: new Date('2026-11-26T04:00:00Z') };
const advance = (ms: number) => {
  clock.now = new Date(clock.now.getTime() + ms);
};

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp(
    { CHAT_RATE_PER_MINUTE: '6', CHAT_MAX_CONNECTIONS: '2', RATE_LIMIT_MAX: '100000' },
    () => clock.now,
  );
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);
afterAll(() => t.close());

let n = 0;
const clientId = () => `c${Date.now().toString(36)}x${(n++).toString(36).padStart(6, '0')}`;
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const code = (res: LightMyRequestResponse) => apiErrorSchema.parse(res.json()).errorCode;
const say = async (cookie: string, text: string, conversationId?: string) => {
  const res = await post('/api/chat/message', { kind: 'text', clientId: clientId(), text, conversationId }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return chatMessageSchema.parse(res.json());
};
const answer = async (cookie: string, conversationId: string, text: string) =>
  post('/api/service/message', { kind: 'text', clientId: clientId(), text, conversationId }, cookie);
const summary = async (cookie: string) => chatSummarySchema.parse((await get('/api/chat', cookie)).json());
const queue = async (cookie: string) => agentQueueSchema.parse((await get('/api/service/queue', cookie)).json());
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('who may read and write which conversation', () => {
  it('a visitor is asked to sign in; a traveller is refused the console', async () => {
    expect(code(await get('/api/chat'))).toBe(1401);
    expect(code(await post('/api/chat/message', { kind: 'text', clientId: clientId(), text: 'hi' }))).toBe(1401);
    const traveller = await signUp(t);
    const res = await get('/api/service/queue', traveller);
    expect(res.statusCode).toBe(400);
    expect(code(res)).toBe(7001);
  });

  it('a traveller reads only their own conversation; another traveller is told it does not exist', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const first = await say(alice, 'My flight to Shanghai is delayed');
    expect(first.seq).toBe(1);
    const page = messagesPageSchema.parse(
      (await get(`/api/chat/messages?conversationId=${first.conversationId}`, alice)).json(),
    );
    expect(page.messages.map((m) => m.text)).toEqual(['My flight to Shanghai is delayed']);
    expect(page.conversation.status).toBe('waiting');

    const peek = await get(`/api/chat/messages?conversationId=${first.conversationId}`, bob);
    expect(peek.statusCode).toBe(404);
    expect(code(peek)).toBe(7002);
    const intrude = await post(
      '/api/chat/message',
      { kind: 'text', clientId: clientId(), text: 'hello', conversationId: first.conversationId },
      bob,
    );
    expect(code(intrude)).toBe(7002);
    expect(code(await post('/api/chat/read', { conversationId: first.conversationId, seq: 1 }, bob))).toBe(7002);
    expect((await summary(bob)).conversation).toBeNull();
    // Bob's own message starts a conversation of his own.
    expect((await say(bob, 'hello')).conversationId).not.toBe(first.conversationId);
  });

  it('agents take, answer, transfer and close; only the holder answers; unread counts rise and clear', async () => {
    const alice = await signUp(t);
    const lin = await signInAgent(t, t.db, 'Lin');
    const wang = await signInAgent(t, t.db, 'Wang');
    const question = await say(alice, 'Can I add a bag?');
    const c = question.conversationId;

    const waiting = (await queue(lin.cookie)).waiting.find((w) => w.id === c);
    expect(waiting).toMatchObject({
      status: 'waiting',
      unread: 1,
      preview: 'Can I add a bag?',
      previewKind: 'text',
      agentId: null,
    });
    expect(waiting?.traveller.mobileMasked).toMatch(/^\*+\d{4}$/);
    expect(waiting?.waitingSince).toBe(question.createdAt);

    // Nobody answers before taking it.
    expect(code(await answer(lin.cookie, c, 'Hello'))).toBe(7010);
    expect((await post('/api/service/take', { conversationId: c }, lin.cookie)).statusCode).toBe(200);
    expect(code(await post('/api/service/take', { conversationId: c }, wang.cookie))).toBe(7002);
    expect(code(await answer(wang.cookie, c, 'Hi'))).toBe(7002);
    expect((await queue(lin.cookie)).mine.map((m) => m.id)).toContain(c);
    expect((await queue(wang.cookie)).waiting.map((m) => m.id)).not.toContain(c);

    expect((await answer(lin.cookie, c, 'Yes, from the order page.')).statusCode).toBe(200);
    const s1 = await summary(alice);
    // The answer counts; the "taken" notice does not.
    expect(s1.unread).toBe(1);
    expect(s1.conversation).toMatchObject({ status: 'active', agentName: 'Lin' });
    expect(
      (await post('/api/chat/read', { conversationId: c, seq: s1.conversation?.lastSeq ?? 0 }, alice)).statusCode,
    ).toBe(200);
    expect((await summary(alice)).unread).toBe(0);

    // The agent's unread count of the traveller's words.
    await say(alice, 'Thanks! And seats?');
    expect((await queue(lin.cookie)).mine.find((m) => m.id === c)?.unread).toBeGreaterThan(0);
    const lastSeq = (await summary(alice)).conversation?.lastSeq ?? 0;
    expect((await post('/api/service/read', { conversationId: c, seq: lastSeq }, lin.cookie)).statusCode).toBe(200);
    expect((await queue(lin.cookie)).mine.find((m) => m.id === c)?.unread).toBe(0);

    // Transfer: Wang holds it now; Lin may no longer answer.
    expect(code(await post('/api/service/transfer', { conversationId: c, agentId: lin.id }, wang.cookie))).toBe(7002);
    expect(
      code(
        await post(
          '/api/service/transfer',
          { conversationId: c, agentId: '00000000-0000-4000-8000-000000000000' },
          lin.cookie,
        ),
      ),
    ).toBe(7011);
    expect((await post('/api/service/transfer', { conversationId: c, agentId: wang.id }, lin.cookie)).statusCode).toBe(
      200,
    );
    expect(code(await answer(lin.cookie, c, 'still me'))).toBe(7002);
    expect((await answer(wang.cookie, c, 'Wang here, about seats…')).statusCode).toBe(200);
    expect((await summary(alice)).conversation?.agentName).toBe('Wang');

    expect((await post('/api/service/close', { conversationId: c }, wang.cookie)).statusCode).toBe(200);
    expect(code(await post('/api/service/close', { conversationId: c }, wang.cookie))).toBe(7009);
    const closedSend = await post(
      '/api/chat/message',
      { kind: 'text', clientId: clientId(), text: 'one more', conversationId: c },
      alice,
    );
    expect(code(closedSend)).toBe(7009);
    // Writing again starts a new conversation; the old one stays in the history.
    const again = await say(alice, 'one more');
    expect(again.conversationId).not.toBe(c);
    const history = conversationListSchema.parse((await get('/api/chat/conversations', alice)).json());
    expect(history.items.map((i) => i.status)).toEqual(['waiting', 'closed']);
    const events = messagesPageSchema
      .parse((await get(`/api/chat/messages?conversationId=${c}`, alice)).json())
      .messages.filter((m) => m.kind === 'event')
      .map((m) => [m.event, m.senderName]);
    expect(events).toEqual([
      ['taken', 'Lin'],
      ['transferred', 'Wang'],
      ['closed', 'Wang'],
    ]);
  });

  it('a retried send with the same client id is stored once', async () => {
    const alice = await signUp(t);
    const id = clientId();
    const a = await post('/api/chat/message', { kind: 'text', clientId: id, text: 'twice?' }, alice);
    const b = await post('/api/chat/message', { kind: 'text', clientId: id, text: 'twice?' }, alice);
    expect(b.json()).toEqual(a.json());
    const page = messagesPageSchema.parse(
      (
        await get(`/api/chat/messages?conversationId=${chatMessageSchema.parse(a.json()).conversationId}`, alice)
      ).json(),
    );
    expect(page.messages).toHaveLength(1);
  });
});

describe('limits', () => {
  it('refuses empty and too long texts, and more than the rate per minute', async () => {
    const alice = await signUp(t);
    expect(
      code(await post('/api/chat/message', { kind: 'text', clientId: clientId(), text: '  \u0000 ' }, alice)),
    ).toBeOneOf([1000, 7004]);
    expect(code(await post('/api/chat/message', { kind: 'text', clientId: clientId(), text: '   ' }, alice))).toBe(
      7004,
    );
    const long = await post(
      '/api/chat/message',
      { kind: 'text', clientId: clientId(), text: '长'.repeat(1001) },
      alice,
    );
    expect(long.statusCode).toBe(400);
    expect(apiErrorSchema.parse(long.json())).toMatchObject({ errorCode: 7003, params: { max: 1000 } });
    await say(alice, '长'.repeat(1000));
    for (let i = 0; i < 5; i++) await say(alice, `message ${i}`);
    const limited = await post('/api/chat/message', { kind: 'text', clientId: clientId(), text: 'too fast' }, alice);
    expect(limited.statusCode).toBe(429);
    expect(code(limited)).toBe(7005);
    advance(61_000);
    await say(alice, 'a minute later');
  });

  it('stores images of the types their bytes show, up to 5 MB; nobody else may fetch them', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const sent = await post('/api/chat/image', { clientId: clientId(), data: PNG.toString('base64') }, alice);
    expect(sent.statusCode, sent.body).toBe(200);
    const image = chatMessageSchema.parse(sent.json());
    expect(image.kind).toBe('image');
    const bytes = await get(`/api/chat/image?id=${image.imageId}`, alice);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(bytes.rawPayload.equals(PNG)).toBe(true);
    expect((await get(`/api/chat/image?id=${image.imageId}`, bob)).statusCode).toBe(404);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect(code(await post('/api/chat/image', { clientId: clientId(), data: svg.toString('base64') }, alice))).toBe(
      7007,
    );
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect(code(await post('/api/chat/image', { clientId: clientId(), data: big.toString('base64') }, alice))).toBe(
      7008,
    );
  });

  it("an order card takes only the traveller's own orders", async () => {
    const alice = await signUp(t);
    const res = await post(
      '/api/chat/message',
      { kind: 'order', clientId: clientId(), orderId: crypto.randomUUID() },
      alice,
    );
    expect(res.statusCode).toBe(404);
    expect(code(res)).toBe(2009);
  });

  it('keeps text as text: markup is stored and sent back as written', async () => {
    advance(61_000);
    const alice = await signUp(t);
    const m = await say(alice, '<img src=x onerror=alert(1)> <b>bold</b>');
    expect(m.text).toBe('<img src=x onerror=alert(1)> <b>bold</b>');
  });
});

describe('service hours (spec §1) and the out-of-hours message', () => {
  it('outside 9:00–18:00 Beijing time the conversation is marked and the reply time is given', async () => {
    const saved = clock.now;
    clock.now = new Date('2026-11-26T13:30:00Z'); // 21:30 in Beijing
    try {
      const alice = await signUp(t);
      const before = await summary(alice);
      expect(before.hours).toEqual({ open: false, opensAt: '2026-11-27T01:00:00.000Z', closesAt: null });
      const m = await say(alice, 'Are you there?');
      const page = messagesPageSchema.parse(
        (await get(`/api/chat/messages?conversationId=${m.conversationId}`, alice)).json(),
      );
      expect(page.conversation.outOfHours).toBe(true);
      expect(page.messages.map((x) => x.event ?? x.text)).toEqual(['Are you there?', 'outOfHours']);

      // The next morning an agent answers: in the chat, and once by a notification.
      clock.now = new Date('2026-11-27T01:30:00Z');
      const lin = await signInAgent(t, t.db, 'Lin');
      expect((await post('/api/service/take', { conversationId: m.conversationId }, lin.cookie)).statusCode).toBe(200);
      expect((await answer(lin.cookie, m.conversationId, 'Good morning, we are here now.')).statusCode).toBe(200);
      expect((await answer(lin.cookie, m.conversationId, 'How can I help?')).statusCode).toBe(200);
      const notices = noticePageSchema.parse((await get('/notifications', alice)).json());
      expect(notices.items.filter((n) => n.kind === 'service-reply')).toEqual([
        expect.objectContaining({ params: { agent: 'Lin' }, orderId: null }),
      ]);
      // An answer in hours notifies nobody.
      const bob = await signUp(t);
      const q = await say(bob, 'Quick question');
      await post('/api/service/take', { conversationId: q.conversationId }, lin.cookie);
      expect((await answer(lin.cookie, q.conversationId, 'Sure')).statusCode).toBe(200);
      const none = noticePageSchema.parse((await get('/notifications', bob)).json());
      expect(none.items.filter((n) => n.kind === 'service-reply')).toEqual([]);
    } finally {
      clock.now = saved;
    }
  });
});

describe('the WebSocket', () => {
  it('needs a session and our own page, and bounds the connections per user', async () => {
    await expect(SocketClient.open(base, undefined)).rejects.toMatchObject({ status: 401 });
    const alice = await signUp(t);
    await expect(SocketClient.open(base, alice, { origin: 'https://evil.example' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(SocketClient.open(base, alice, { role: 'agent' })).rejects.toMatchObject({ status: 400 });
    const one = await SocketClient.open(base, alice);
    const two = await SocketClient.open(base, alice);
    const refused = await SocketClient.open(base, alice).catch((e: { status: number; body: string }) => e);
    expect(refused, JSON.stringify(refused)).toMatchObject({ status: 429 });
    expect(JSON.parse((refused as { body: string }).body).errorCode).toBe(7006);
    await one.close();
    // A closed connection frees its place.
    for (let i = 0; i < 50; i++) {
      const third = await SocketClient.open(base, alice).catch(() => undefined);
      if (third) {
        await third.close();
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
      if (i === 49) throw new Error('the closed connection never freed its place');
    }
    await two.close();
  });

  it('delivers messages, typing and marks to the traveller and the agent holding the conversation, and no one else', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const lin = await signInAgent(t, t.db, 'Lin');
    const wang = await signInAgent(t, t.db, 'Wang');
    const aliceWs = await SocketClient.open(base, alice);
    const bobWs = await SocketClient.open(base, bob);
    const linWs = await SocketClient.open(base, lin.cookie, { role: 'agent' });
    const wangWs = await SocketClient.open(base, wang.cookie, { role: 'agent' });

    const q = await say(alice, 'Hello from Alice');
    await aliceWs.next(isMessage('Hello from Alice'));
    // A waiting conversation shows in every agent's queue.
    await linWs.next((f) => f.type === 'conversation' && f.conversationId === q.conversationId);
    await wangWs.next((f) => f.type === 'conversation' && f.conversationId === q.conversationId);

    expect((await post('/api/service/take', { conversationId: q.conversationId }, lin.cookie)).statusCode).toBe(200);
    expect((await answer(lin.cookie, q.conversationId, 'Hello Alice, Lin here')).statusCode).toBe(200);
    const got = await aliceWs.next(isMessage('Hello Alice, Lin here'));
    expect(got.message).toMatchObject({ sender: 'agent', senderName: 'Lin' });
    await linWs.next(isMessage('Hello Alice, Lin here'));

    aliceWs.send({ type: 'delivered', conversationId: q.conversationId, seq: got.message.seq });
    await linWs.next((f) => f.type === 'marks' && f.travellerDeliveredSeq === got.message.seq);
    aliceWs.send({ type: 'read', conversationId: q.conversationId, seq: got.message.seq });
    await linWs.next((f) => f.type === 'marks' && f.travellerReadSeq === got.message.seq);

    aliceWs.send({ type: 'typing', conversationId: q.conversationId });
    await linWs.next((f) => f.type === 'typing' && f.by === 'traveller');
    linWs.send({ type: 'typing', conversationId: q.conversationId });
    await aliceWs.next((f) => f.type === 'typing' && f.by === 'agent');
    // Bob typing into Alice's conversation reaches nobody.
    bobWs.send({ type: 'typing', conversationId: q.conversationId });

    await say(bob, 'Bob is here too');
    await bobWs.next(isMessage('Bob is here too'));
    await say(alice, 'last words');
    await linWs.next(isMessage('last words'));

    const texts = (frames: typeof aliceWs.frames) =>
      frames.flatMap((f) => (f.type === 'message' ? [f.message.text] : []));
    expect(texts(bobWs.frames)).toEqual(['Bob is here too']);
    expect(texts(wangWs.frames)).toEqual([]);
    expect(texts(aliceWs.frames)).not.toContain('Bob is here too');
    expect(linWs.frames.filter((f) => f.type === 'typing')).toHaveLength(1);
    await Promise.all([aliceWs, bobWs, linWs, wangWs].map((s) => s.close()));
  });
});
