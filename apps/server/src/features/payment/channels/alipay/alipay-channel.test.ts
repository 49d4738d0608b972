import { createSign, createVerify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alipayTestKeys, rsaPair } from '../../../../../test/channels/wallet-app-keys';
import { alipaySign } from '../../../../../test/fakes/alipay-fake';
import { GatewayRefused, GatewayUnavailable, WebhookSignatureInvalid } from '../../gateway/gateway';
import { AlipayChannel } from './alipay-channel';

/*
 * The Alipay adapter against the answers Alipay's documentation publishes for alipay.trade.query, .refund,
 * .fastpay.refund.query and .close (success and error bodies, re-signed with a key made for the test, as
 * Alipay signs the exact JSON of each answer), served by a stand-in that keeps the request the official
 * client sent: its common fields in the query string, biz_content in the form body, all signed RSA2 over
 * the sorted pairs. The page and wap payment links and the asynchronous notification are checked the same
 * way. The live suite runs against Alipay's sandbox when the ALIPAY_* keys are set.
 */

const keys = alipayTestKeys();
type Seen = { method: string; url: URL; body: string; headers: IncomingMessage['headers'] };
const seen: Seen[] = [];
/** What the stand-in answers per Alipay method: the JSON of `<method>_response`, or an HTTP status. */
let answers: Record<string, string | number> = {};
let signingKey = keys.alipay.privateKey;
let server: Server;
let gateway = '';

/** Recorded from Alipay's documentation (trade numbers and amounts as published). */
const DOC = {
  queryPaid:
    '{"code":"10000","msg":"Success","trade_no":"2013112011001004330000121536","out_trade_no":"6823789339978248","buyer_logon_id":"159****5620","trade_status":"TRADE_SUCCESS","total_amount":"88.88","buyer_pay_amount":"8.88","point_amount":"10","invoice_amount":"12.11","send_pay_date":"2014-11-27 15:45:57","receipt_amount":"15.25","store_id":"NJ_S_001","terminal_id":"NJ_T_001","store_name":"证大五道口店","buyer_user_id":"2088101117955611","buyer_user_type":"PRIVATE"}',
  tradeNotExist: '{"code":"40004","msg":"Business Failed","sub_code":"ACQ.TRADE_NOT_EXIST","sub_msg":"交易不存在"}',
  refunded:
    '{"code":"10000","msg":"Success","trade_no":"2013112011001004330000121536","out_trade_no":"6823789339978248","buyer_logon_id":"159****5620","fund_change":"Y","refund_fee":"88.88","gmt_refund_pay":"2014-11-27 15:45:57","buyer_user_id":"2088101117955611"}',
  refundNoChange:
    '{"code":"10000","msg":"Success","trade_no":"2013112011001004330000121536","out_trade_no":"6823789339978248","buyer_logon_id":"159****5620","fund_change":"N","refund_fee":"88.88","gmt_refund_pay":"2014-11-27 15:45:57","buyer_user_id":"2088101117955611"}',
  refundQuery:
    '{"code":"10000","msg":"Success","trade_no":"2014112611001004680073956707","out_trade_no":"20150320010101001","out_request_no":"20150320010101001","total_amount":"100.20","refund_amount":"12.33","refund_status":"REFUND_SUCCESS"}',
  tradeHasClose: '{"code":"40004","msg":"Business Failed","sub_code":"ACQ.TRADE_HAS_CLOSE","sub_msg":"交易已经关闭"}',
  closed: '{"code":"10000","msg":"Success","trade_no":"2013112111001004500000675971","out_trade_no":"YX_001"}',
  closeStatusError:
    '{"code":"40004","msg":"Business Failed","sub_code":"ACQ.TRADE_STATUS_ERROR","sub_msg":"交易状态不合法"}',
  systemBusy:
    '{"code":"20000","msg":"Service Currently Unavailable","sub_code":"isp.unknown-error","sub_msg":"系统繁忙"}',
  invalidParameter: '{"code":"40004","msg":"Business Failed","sub_code":"ACQ.INVALID_PARAMETER","sub_msg":"参数无效"}',
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      seen.push({ method: req.method ?? '', url, body: Buffer.concat(chunks).toString(), headers: req.headers });
      const method = url.searchParams.get('method') ?? '';
      const answer = answers[method] ?? 500;
      if (typeof answer === 'number') return void res.writeHead(answer).end('Bad Gateway');
      const sign = createSign('RSA-SHA256').update(answer, 'utf8').sign(signingKey, 'base64');
      const key = `${method.replaceAll('.', '_')}_response`;
      res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' }).end(`{"${key}":${answer},"sign":"${sign}"}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const channel = () =>
  new AlipayChannel({
    appId: keys.appId,
    privateKey: keys.app.privateKey,
    alipayPublicKey: keys.alipay.publicKey,
    gateway,
    notifyUrl: 'https://junction.example/api/payment/alipay/notify',
    timeoutMs: 5000,
  });

/** Every field of a request to the gateway: the query string's and the form body's. */
function fieldsOf(call: Seen | URL): Record<string, string> {
  const url = call instanceof URL ? call : call.url;
  const body = call instanceof URL ? '' : call.body;
  return { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
}

/** Whether the fields carry the app's RSA2 signature over their sorted `key=value` pairs (`sign` left out). */
function signedByApp(fields: Record<string, string>): boolean {
  const { sign = '', ...rest } = fields;
  const text = Object.keys(rest)
    .sort()
    .map((k) => `${k}=${rest[k]}`)
    .join('&');
  return createVerify('RSA-SHA256').update(text, 'utf8').verify(keys.app.publicKey, sign, 'base64');
}

const lastCall = () => seen.at(-1) as Seen;

describe('Alipay adapter, recorded answers', () => {
  it('links a desktop to page payment, signed RSA2 over the sorted fields, biz_content as Alipay documents it', async () => {
    const { actionUrl } = await channel().start({
      tradeNo: 'JT20260302A1',
      amountMinor: 128_050,
      subject: '联程旅行订单 Junction order 1A2B3C4D',
      returnUrl: 'https://junction.example/payment?id=o1&attempt=a1',
      device: 'desktop',
      clientIp: '203.0.113.9',
      expiresAt: new Date('2026-03-02T08:15:00Z'),
    });
    const url = new URL(actionUrl);
    expect(`${url.origin}${url.pathname}`).toBe(gateway);
    const fields = fieldsOf(url);
    expect(Object.keys(fields).sort()).toEqual([
      'alipay_sdk',
      'app_id',
      'biz_content',
      'charset',
      'method',
      'notify_url',
      'return_url',
      'sign',
      'sign_type',
      'timestamp',
      'version',
    ]);
    expect(fields).toMatchObject({
      app_id: keys.appId,
      method: 'alipay.trade.page.pay',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      notify_url: 'https://junction.example/api/payment/alipay/notify',
      return_url: 'https://junction.example/payment?id=o1&attempt=a1',
    });
    expect(fields.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(fields.biz_content).toBe(
      '{"out_trade_no":"JT20260302A1","total_amount":"1280.50","subject":"联程旅行订单 Junction order 1A2B3C4D","product_code":"FAST_INSTANT_TRADE_PAY","time_expire":"2026-03-02 16:15:00"}',
    );
    expect(signedByApp(fields)).toBe(true);
    expect(signedByApp({ ...fields, biz_content: (fields.biz_content ?? '').replace('1280.50', '1.00') })).toBe(false);
  });

  it('links a phone to wap payment with its quit address, the same trade and deadline', async () => {
    const { actionUrl } = await channel().start({
      tradeNo: 'JT20260302A2',
      amountMinor: 3,
      subject: '联程旅行订单',
      returnUrl: 'https://junction.example/payment?id=o2',
      device: 'phone',
      clientIp: '203.0.113.9',
      expiresAt: new Date('2026-03-02T23:59:59Z'),
    });
    const fields = fieldsOf(new URL(actionUrl));
    expect(fields.method).toBe('alipay.trade.wap.pay');
    expect(JSON.parse(fields.biz_content ?? '')).toEqual({
      out_trade_no: 'JT20260302A2',
      total_amount: '0.03',
      subject: '联程旅行订单',
      product_code: 'QUICK_WAP_WAY',
      time_expire: '2026-03-03 07:59:59',
      quit_url: 'https://junction.example/payment?id=o2',
    });
    expect(signedByApp(fields)).toBe(true);
  });

  it('asks alipay.trade.query by our trade number and reads Alipay’s example of a paid trade', async () => {
    answers = { 'alipay.trade.query': DOC.queryPaid };
    expect(await channel().query('6823789339978248')).toEqual({
      tradeNo: '6823789339978248',
      status: 'paid',
      amountMinor: 8888,
    });
    const call = lastCall();
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe('/gateway.do');
    expect(call.headers['content-type']).toContain('application/x-www-form-urlencoded');
    const fields = fieldsOf(call);
    expect(call.url.searchParams.has('biz_content')).toBe(false);
    expect(fields).toMatchObject({
      app_id: keys.appId,
      method: 'alipay.trade.query',
      sign_type: 'RSA2',
      biz_content: '{"out_trade_no":"6823789339978248"}',
    });
    expect(signedByApp(fields)).toBe(true);
  });

  it('reads every documented trade status, and a trade never opened (ACQ.TRADE_NOT_EXIST) as waiting', async () => {
    const withStatus = (status: string) => DOC.queryPaid.replace('"TRADE_SUCCESS"', `"${status}"`);
    const read = async (answer: string) => {
      answers = { 'alipay.trade.query': answer };
      return (await channel().query('6823789339978248')).status;
    };
    expect(await read(withStatus('WAIT_BUYER_PAY'))).toBe('waiting');
    expect(await read(withStatus('TRADE_FINISHED'))).toBe('paid');
    expect(await read(withStatus('TRADE_CLOSED'))).toBe('closed');
    answers = { 'alipay.trade.query': DOC.tradeNotExist };
    expect(await channel().query('6823789339978248')).toEqual({
      tradeNo: '6823789339978248',
      status: 'waiting',
      amountMinor: 0,
    });
    answers = { 'alipay.trade.query': withStatus('TRADE_SOMETHING_NEW') };
    await expect(channel().query('6823789339978248')).rejects.toMatchObject({ code: 'unknown_status' });
  });

  it('refunds under out_request_no and reads fund_change Y as done', async () => {
    answers = { 'alipay.trade.refund': DOC.refunded };
    expect(
      await channel().refund({ tradeNo: '6823789339978248', amountMinor: 8888, refundNo: 'refund:7f3c-01' }),
    ).toEqual({ refundNo: 'refund_7f3c_01', status: 'succeeded' });
    const fields = fieldsOf(lastCall());
    expect(fields.method).toBe('alipay.trade.refund');
    expect(fields.biz_content).toBe(
      '{"out_trade_no":"6823789339978248","refund_amount":"88.88","out_request_no":"refund_7f3c_01"}',
    );
    expect(signedByApp(fields)).toBe(true);
  });

  it('reads a refund that moved no money from alipay.trade.fastpay.refund.query', async () => {
    answers = { 'alipay.trade.refund': DOC.refundNoChange, 'alipay.trade.fastpay.refund.query': DOC.refundQuery };
    const before = seen.length;
    const ask = () => channel().refund({ tradeNo: '6823789339978248', amountMinor: 8888, refundNo: 'r1' });
    expect(await ask()).toEqual({ refundNo: 'r1', status: 'succeeded' });
    const asked = seen.slice(before).map((s) => fieldsOf(s));
    expect(asked.map((f) => f.method)).toEqual(['alipay.trade.refund', 'alipay.trade.fastpay.refund.query']);
    expect(asked[1]?.biz_content).toBe('{"out_trade_no":"6823789339978248","out_request_no":"r1"}');
    answers['alipay.trade.fastpay.refund.query'] = DOC.refundQuery.replace(',"refund_status":"REFUND_SUCCESS"', '');
    expect((await ask()).status).toBe('pending');
  });

  it('reads a refund of a closed trade (ACQ.TRADE_HAS_CLOSE) as failed, and other refusals as refused', async () => {
    const ask = () => channel().refund({ tradeNo: '6823789339978248', amountMinor: 8888, refundNo: 'r2' });
    answers = { 'alipay.trade.refund': DOC.tradeHasClose };
    expect(await ask()).toEqual({ refundNo: 'r2', status: 'failed' });
    answers = { 'alipay.trade.refund': DOC.invalidParameter };
    await expect(ask()).rejects.toMatchObject({ name: 'GatewayRefused', code: 'ACQ.INVALID_PARAMETER' });
  });

  it('closes by alipay.trade.close; a trade never opened has nothing to close; one paid meanwhile is refused', async () => {
    answers = { 'alipay.trade.close': DOC.closed };
    await channel().close('YX_001');
    expect(fieldsOf(lastCall())).toMatchObject({
      method: 'alipay.trade.close',
      biz_content: '{"out_trade_no":"YX_001"}',
    });
    answers = { 'alipay.trade.close': DOC.tradeNotExist };
    await channel().close('YX_001');
    answers = { 'alipay.trade.close': DOC.closeStatusError, 'alipay.trade.query': DOC.queryPaid };
    const refused = await channel()
      .close('YX_001')
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GatewayRefused);
    expect((refused as GatewayRefused).code).toBe('intent_captured');
    answers = {
      'alipay.trade.close': DOC.closeStatusError,
      'alipay.trade.query': DOC.queryPaid.replace('"TRADE_SUCCESS"', '"TRADE_CLOSED"'),
    };
    await channel().close('YX_001');
  });

  it('takes Alipay’s system error (20000) and an answer lost or unsigned as no answer', async () => {
    answers = { 'alipay.trade.query': DOC.systemBusy, 'alipay.trade.close': DOC.systemBusy };
    await expect(channel().query('6823789339978248')).rejects.toBeInstanceOf(GatewayUnavailable);
    await expect(channel().close('6823789339978248')).rejects.toBeInstanceOf(GatewayUnavailable);
    answers = { 'alipay.trade.query': 502 };
    await expect(channel().query('6823789339978248')).rejects.toBeInstanceOf(GatewayUnavailable);
    answers = { 'alipay.trade.query': DOC.queryPaid };
    signingKey = rsaPair().privateKey;
    try {
      await expect(channel().query('6823789339978248')).rejects.toBeInstanceOf(GatewayUnavailable);
    } finally {
      signingKey = keys.alipay.privateKey;
    }
  });
});

describe('Alipay adapter, the asynchronous notification', () => {
  /** Alipay's documented example of a page payment's notification, for our app. */
  const notice: Record<string, string> = {
    gmt_create: '2015-04-27 15:45:57',
    charset: 'UTF-8',
    seller_email: 'zhuzhanghu@alitest.com',
    subject: '测试订单',
    buyer_id: '2088102122524333',
    invoice_amount: '10.00',
    notify_id: '4a91b7a78a503640467525113fb7d8bg8e',
    fund_bill_list: '[{"amount":"10.00","fundChannel":"ALIPAYACCOUNT"}]',
    notify_type: 'trade_status_sync',
    trade_status: 'TRADE_SUCCESS',
    receipt_amount: '10.00',
    app_id: keys.appId,
    buyer_pay_amount: '10.00',
    seller_id: '2088102119685838',
    gmt_payment: '2015-04-27 15:45:57',
    notify_time: '2015-04-27 15:45:57',
    version: '1.0',
    out_trade_no: '20150423001001',
    total_amount: '10.00',
    trade_no: '2015042321001004720200028594',
    auth_app_id: keys.appId,
    buyer_logon_id: 'alipay@alipay.com',
    point_amount: '0.00',
  };
  const posted = (fields: Record<string, string>, key = keys.alipay.privateKey, after: Record<string, string> = {}) => {
    const sign = alipaySign(fields, key, ['sign', 'sign_type']);
    return { body: new URLSearchParams({ ...fields, sign_type: 'RSA2', sign, ...after }).toString(), headers: {} };
  };

  it('reads a notification signed RSA2 by Alipay: our trade number and the notification’s id', () => {
    expect(channel().verifyNotice(posted(notice))).toEqual({
      tradeNo: '20150423001001',
      noticeId: '4a91b7a78a503640467525113fb7d8bg8e',
    });
  });

  it('refuses a notification signed by another key, changed after signing, for another app or naming no trade', () => {
    const refuse = (received: { body: string; headers: Record<string, string> }) =>
      expect(() => channel().verifyNotice(received)).toThrow(WebhookSignatureInvalid);
    refuse(posted(notice, rsaPair().privateKey));
    refuse(posted(notice, keys.alipay.privateKey, { total_amount: '0.01' }));
    refuse(posted(notice, keys.alipay.privateKey, { out_trade_no: '20150423001002' }));
    refuse(posted({ ...notice, app_id: '2016080600180695' }));
    const { out_trade_no: _, ...nameless } = notice;
    refuse(posted(nameless));
    refuse({ body: new URLSearchParams(notice).toString(), headers: {} });
  });
});

const live = {
  appId: process.env.ALIPAY_APP_ID,
  privateKey: process.env.ALIPAY_PRIVATE_KEY?.replaceAll('\\n', '\n'),
  publicKey: process.env.ALIPAY_PUBLIC_KEY?.replaceAll('\\n', '\n'),
  gateway: process.env.ALIPAY_GATEWAY ?? 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
};
const hasLive = Boolean(live.appId && live.privateKey && live.publicKey);
describe.skipIf(!hasLive)(
  `Alipay, live${hasLive ? '' : ' (skipped: set ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY of a sandbox app, and ALIPAY_GATEWAY if not the sandbox)'}`,
  () => {
    it('links a page payment, finds the unopened trade waiting, and closes it', async () => {
      const sandbox = new AlipayChannel({
        appId: live.appId ?? '',
        privateKey: live.privateKey ?? '',
        alipayPublicKey: live.publicKey ?? '',
        gateway: live.gateway,
        notifyUrl: 'https://junction.example/api/payment/alipay/notify',
        timeoutMs: 30_000,
      });
      const tradeNo = `JTLIVE${Date.now()}`;
      const { actionUrl } = await sandbox.start({
        tradeNo,
        amountMinor: 100,
        subject: '联程旅行 live test',
        returnUrl: 'https://junction.example/payment',
        device: 'desktop',
        clientIp: '203.0.113.9',
        expiresAt: new Date(Date.now() + 15 * 60_000),
      });
      expect(new URL(actionUrl).searchParams.get('method')).toBe('alipay.trade.page.pay');
      expect((await sandbox.query(tradeNo)).status).toBe('waiting');
      await sandbox.close(tradeNo);
      expect(['waiting', 'closed']).toContain((await sandbox.query(tradeNo)).status);
    }, 90_000);
  },
);
