import { type Order, orderSchema } from '@junction/domain';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingClient, orderBody, traveller } from '../booking-client';
import { createTestApp, QUIET_SETTINGS, type TestApp } from '../harness';

/** The app's clock, moved on by the tests: a PDF drawn again later says when it was issued. */
let now = new Date('2026-12-03T04:00:00Z');
const clock = () => now;
const later = () => {
  now = new Date(now.getTime() + 60_000);
};
let t: TestApp;
let c: ReturnType<typeof bookingClient>;
let alice: string;
let bob: string;
const orders: Order[] = [];

beforeAll(async () => {
  // One thread draws PDFs; all twenty fit in its queue.
  t = await createTestApp({ ...QUIET_SETTINGS, ITINERARY_PDF_WORKERS: '1', ITINERARY_PDF_QUEUE: '30' }, clock);
  c = bookingClient(t);
  alice = await c.signUp();
  bob = await c.signUp();
  const found = await c.search({
    type: 1,
    mode: 'flight',
    legs: [{ departure: 'BJS', destination: 'SHA', departure_date: '2026/12/10' }],
  });
  const result = found.results.find((r) => r.kind === 'flight' && r.legs.length === 1);
  if (!result) throw new Error('no flight to book');
  const offer = await c.offerOf(alice, found.searchId, result.id);
  // Ten orders, each drawn in two languages: twenty different PDFs.
  for (let i = 0; i < 10; i++) {
    const who = await c.save(alice, traveller(`张${'一二三四五六七八九十'[i]}`, `198${i}-03-02`));
    const res = await c.create(alice, orderBody(offer, found.searchId, [who]));
    expect(res.statusCode, res.body).toBe(200);
    orders.push(orderSchema.parse(res.json()));
  }
}, 180_000);
afterAll(() => t.close());

const pdf = (order: Order, language: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/itinerary/pdf?id=${order.id}`,
    headers: { cookie: `${alice}; lang=${language}` },
  });

const textOf = async (body: Buffer) => {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  const { text } = await parser.getText();
  await parser.destroy();
  return text;
};

describe('itinerary PDFs under load', () => {
  it("draws twenty PDFs at once off the main thread: another traveller's call is answered while they wait", async () => {
    let answered = 0;
    const downloads = orders.flatMap((order) =>
      ['en', 'zh-CN'].map((language) =>
        pdf(order, language).then((res) => {
          answered++;
          return res;
        }),
      ),
    );
    // Once the first PDF is answered the others are being drawn: Bob asks for his orders then.
    while (answered === 0) await new Promise((r) => setTimeout(r, 5));
    const before = answered;
    const other = await t.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: bob } });
    expect(other.statusCode).toBe(200);
    // Drawn on the main thread, the nineteen others were all answered before Bob's list; now his list comes
    // back while one thread draws them, one after another.
    expect(answered - before).toBeLessThanOrEqual(3);
    const files = await Promise.all(downloads);
    for (const file of files) {
      expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
    }
    const [first] = orders;
    if (!first) throw new Error('no order');
    expect(await textOf(files[1]?.rawPayload ?? Buffer.alloc(0))).toContain('行程单');
    expect(await textOf(files[0]?.rawPayload ?? Buffer.alloc(0))).toContain(first.orderNumber);
  }, 180_000);

  it('serves the second download of the same order version from the kept copy, and a new version once the order changes', async () => {
    const [order] = orders;
    if (!order) throw new Error('no order');
    const once = await pdf(order, 'en');
    later();
    const again = await pdf(order, 'en');
    expect(again.statusCode).toBe(200);
    // The clock moved on between them: a PDF drawn again would carry another time of issue.
    expect(Buffer.compare(again.rawPayload, once.rawPayload)).toBe(0);
    const kept = await t.db.selectFrom('itineraryPdfs').select(['language']).where('orderId', '=', order.id).execute();
    expect(kept.map((k) => k.language).sort()).toEqual(['en', 'zh-CN']);

    expect(await textOf(once.rawPayload)).toContain('Awaiting payment');
    expect((await c.cancel(alice, order.id)).statusCode).toBe(200);
    later();
    const cancelled = await pdf(order, 'en');
    expect(Buffer.compare(cancelled.rawPayload, once.rawPayload)).not.toBe(0);
    expect(await textOf(cancelled.rawPayload)).not.toContain('Awaiting payment');
    // Still one copy per language: the new version took the old one's place.
    expect(
      await t.db.selectFrom('itineraryPdfs').select('orderId').where('orderId', '=', order.id).execute(),
    ).toHaveLength(2);
    later();
    expect((await pdf(order, 'en')).rawPayload.equals(cancelled.rawPayload)).toBe(true);
  });
});
