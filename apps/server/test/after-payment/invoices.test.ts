import { orderInvoicesSchema, savedInvoiceTitleListSchema } from '@junction/domain';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../src/features/payment/gateway/simulator/test-cards';
import { payingTraveller } from '../../src/features/payment/payment.test-support';
import { createTestApp, QUIET_SETTINGS, type TestApp } from '../harness';
import { runAllJobs } from '../support/jobs';
import { refundAtQuote } from '../support/refund-at-quote';
import { SURE_TICKETING } from '../support/settings';

const NOW = new Date('2026-12-03T04:00:00Z');
const TENCENT = '9144030071526726XG';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ...QUIET_SETTINGS, ...SURE_TICKETING, INVOICE_SIM_LATENCY_MS: '0' }, () => NOW);
}, 120_000);
afterAll(() => t.close());

const textOf = async (body: Buffer) => {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  const { text } = await parser.getText();
  await parser.destroy();
  return text.replace(/\s+/g, '');
};

/** Runs every job due, those queued in the app's future included (its clock is fixed). */
const runJobs = () => runAllJobs(t);

describe('invoices', () => {
  it('issues a company e-ticket itinerary once the flight is ticketed, to its traveller only, and reverses it in red when refunded', async () => {
    const alice = await payingTraveller(t, NOW);
    const order = await alice.order();
    const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie = alice.cookie) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const request = (title: object) =>
      call('POST', '/api/invoices', { orderId: order.id, title, email: 'finance@example.com', saveTitle: true });
    const company = { kind: 'company', name: '深圳市腾讯计算机系统有限公司', creditCode: '9144 0300 7152 6726 xg' };

    // Not before the tickets stand.
    expect((await request(company)).json()).toMatchObject({ errorCode: 8002 });
    await alice.pay(order.id, await alice.token(TEST_CARDS.mastercard));
    await runJobs();
    const open = orderInvoicesSchema.parse((await call('GET', `/api/invoices?orderId=${order.id}`)).json());
    expect(open.canRequest).toBe(true);
    expect(open.available).toEqual([{ kind: 'airItinerary', count: 1, amount: order.payment.price }]);

    // A company's code is held to its checksum, one character off is refused with its own code.
    const wrong = await request({ ...company, creditCode: '9144030071526726XH' });
    expect([wrong.statusCode, wrong.json().errorCode]).toEqual([400, 8001]);
    const asked = await request(company);
    expect(asked.statusCode, asked.body).toBe(200);
    const [issuing] = orderInvoicesSchema.parse(asked.json()).items;
    expect(issuing).toMatchObject({ kind: 'airItinerary', status: 'issuing', travellerName: '张伟', number: null });
    expect(issuing?.title).toEqual({ kind: 'company', name: company.name, creditCode: TENCENT });
    expect((await request(company)).json()).toMatchObject({ errorCode: 8003 });

    // Nobody else sees it or its file.
    const bob = await alice.signUp();
    expect((await call('GET', `/api/invoices?orderId=${order.id}`, undefined, bob)).statusCode).toBe(404);
    expect((await call('GET', `/api/invoice/pdf?id=${issuing?.id}`, undefined, bob)).statusCode).toBe(404);
    expect((await call('GET', `/api/invoice/pdf?id=${issuing?.id}`)).json()).toMatchObject({ errorCode: 8004 });

    await runJobs();
    const issued = orderInvoicesSchema.parse((await call('GET', `/api/invoices?orderId=${order.id}`)).json()).items[0];
    expect(issued?.status).toBe('issued');
    expect(issued?.number).toMatch(/^\d{20}$/);
    expect(issued?.amount).toEqual(order.payment.price);
    expect(issued?.tax.amount).toBeGreaterThan(0);
    const pdf = await call('GET', `/api/invoice/pdf?id=${issued?.id}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await textOf(pdf.rawPayload);
    for (const shown of [issued?.number, company.name, TENCENT, '联程科技有限公司', '航空运输电子客票行程单', '样本']) {
      expect(text).toContain(shown);
    }
    // The sub-order's receipt is the document, the traveller is told, and the PDF went to the address given.
    const sub = (await alice.get(order.id)).subOrders[0];
    expect(sub?.receiptUrl).toBe(`/api/invoice/pdf?id=${issued?.id}`);
    expect(sub?.itineraryUrl).toBe(`/api/itinerary/pdf?id=${order.id}`);
    const notices = await t.db.selectFrom('notifications').select('kind').where('orderId', '=', order.id).execute();
    expect(notices.map((n) => n.kind)).toContain('invoice-issued');
    const mail = t.mailbox.received.find((m) => m.to.includes('finance@example.com'));
    expect(mail?.raw).toContain('application/pdf');
    expect(mail?.raw).toContain(`e-ticket-itinerary-${issued?.number}.pdf`);
    const titles = savedInvoiceTitleListSchema.parse((await call('GET', '/api/invoice-titles')).json());
    expect(titles.items.map((x) => [x.kind, x.name, x.creditCode])).toEqual([['company', company.name, TENCENT]]);

    // Refunded: a red-letter invoice of the same amounts reverses it, and both files stay downloadable.
    if (!sub) throw new Error('no sub-order');
    await refundAtQuote(t, alice.cookie, { orderId: order.id, subOrderId: sub.id });
    await runJobs();
    await runJobs();
    const reversed = orderInvoicesSchema.parse((await call('GET', `/api/invoices?orderId=${order.id}`)).json())
      .items[0];
    expect(reversed?.status).toBe('reversed');
    expect(reversed?.reversal?.number).toMatch(/^\d{20}$/);
    expect(reversed?.reversal?.number).not.toBe(reversed?.number);
    const red = await textOf((await call('GET', `/api/invoice/pdf?id=${issued?.id}&copy=red`)).rawPayload);
    expect(red).toContain('红字');
    expect(red).toContain(`被红冲蓝字数电发票号码：${issued?.number}`);
    expect(red).toContain(`（小写）¥-${(order.payment.price.amount / 100).toFixed(2)}`);
    expect((await alice.get(order.id)).subOrders[0]?.receiptUrl).toBeNull();
    const after = await t.db.selectFrom('notifications').select('kind').where('orderId', '=', order.id).execute();
    expect(after.map((n) => n.kind)).toContain('invoice-reversed');
  });
});
