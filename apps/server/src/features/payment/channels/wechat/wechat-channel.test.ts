import { createCipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rsaPair, wechatTestKeys } from '../../../../../test/channels/wallet-app-keys';
import { GatewayRefused, GatewayUnavailable, WebhookSignatureInvalid } from '../../gateway/gateway';
import { WechatPayChannel } from './wechat-channel';

/*
 * The WeChat Pay adapter against the answers WeChat Pay's API v3 documentation publishes (Native and H5
 * orders, the query by out_trade_no, a refund, the close's empty answer, the documented error bodies),
 * served by a stand-in that keeps each request and signs each answer as WeChat Pay does (Wechatpay-*
 * headers, a platform key made for the test): the request's method, path, Authorization header and body,
 * and how each answer reads. Notifications are sealed (AEAD_AES_256_GCM) and signed as documented, and
 * forged ones refused. The live suite runs against WeChat Pay when the WECHATPAY_* keys are set.
 */

const keys = wechatTestKeys();
type Seen = { method: string; path: string; body: string; headers: IncomingMessage['headers'] };
const seen: Seen[] = [];
/** The stand-in's answers by `METHOD /path` (query string left out). */
let answers: Record<string, { status: number; body: string }> = {};
let platformKey = keys.platform.privateKey;
let server: Server;
let baseUrl = '';

/** Recorded from WeChat Pay's API v3 documentation. */
const DOC = {
  native: '{"code_url":"weixin://wxpay/bizpayurl?pr=p4lpSuKzz"}',
  h5: '{"h5_url":"https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx2916263004719461949c84457c735b0000&package=2150917749"}',
  paid: '{"amount":{"currency":"CNY","payer_currency":"CNY","payer_total":100,"total":100},"appid":"wxd678efh567hg6787","attach":"自定义数据","bank_type":"OTHERS","mchid":"1900000109","out_trade_no":"1217752501201407033233368018","payer":{"openid":"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"},"promotion_detail":[],"success_time":"2018-06-08T10:34:56+08:00","trade_state":"SUCCESS","trade_state_desc":"支付成功","trade_type":"NATIVE","transaction_id":"1217752501201407033233368018"}',
  refund:
    '{"refund_id":"50000000382019052709732678859","out_refund_no":"1217752501201407033233368018","transaction_id":"1217752501201407033233368018","out_trade_no":"1217752501201407033233368018","channel":"ORIGINAL","user_received_account":"招商银行信用卡0403","success_time":"2020-12-01T16:18:12+08:00","create_time":"2020-12-01T16:18:12+08:00","status":"SUCCESS","funds_account":"UNSETTLED","amount":{"total":100,"refund":100,"payer_total":90,"payer_refund":90,"settlement_refund":100,"settlement_total":100,"discount_refund":10,"currency":"CNY"}}',
  orderNotExist: '{"code":"ORDER_NOT_EXIST","message":"订单不存在"}',
  orderPaid: '{"code":"ORDERPAID","message":"订单已支付"}',
  systemError: '{"code":"SYSTEM_ERROR","message":"系统错误"}',
  notEnough: '{"code":"NOT_ENOUGH","message":"基本账户余额不足，请充值后重新发起"}',
  paramError: '{"code":"PARAM_ERROR","message":"参数错误"}',
  frequencyLimited: '{"code":"FREQUENCY_LIMITED","message":"频率超限"}',
};

const TRADE = '1217752501201407033233368018';
const QUERY = `/v3/pay/transactions/out-trade-no/${TRADE}`;

/** The Wechatpay-* headers WeChat Pay signs an answer or a notification with. */
function platformHeaders(body: string, opts: { key?: string; serial?: string; at?: number } = {}) {
  const timestamp = String(opts.at ?? Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8')
    .sign(opts.key ?? platformKey, 'base64');
  return {
    'wechatpay-serial': opts.serial ?? keys.keyId,
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature,
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      seen.push({ method: req.method ?? '', path, body: Buffer.concat(chunks).toString(), headers: req.headers });
      const answer = answers[`${req.method} ${path.split('?')[0]}`] ?? { status: 404, body: DOC.orderNotExist };
      const headers = { 'content-type': 'application/json', ...platformHeaders(answer.body) };
      res.writeHead(answer.status, headers).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const channel = () =>
  new WechatPayChannel({
    mchId: keys.mchId,
    appId: keys.appId,
    privateKey: keys.merchant.privateKey,
    serialNo: keys.serial,
    apiV3Key: keys.apiV3Key,
    platformKeyId: keys.keyId,
    platformPublicKey: keys.platform.publicKey,
    baseUrl,
    notifyUrl: 'https://junction.example/api/payment/wechat/notify',
    timeoutMs: 5000,
  });

const lastCall = () => seen.at(-1) as Seen;

/** The Authorization header's fields, and whether its signature is the merchant's over this very request. */
function authorizationOf(call: Seen) {
  const header = String(call.headers.authorization ?? '');
  const [scheme, params = ''] = header.split(' ', 2);
  const fields = Object.fromEntries([...params.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  const message = `${call.method}\n${call.path}\n${fields.timestamp}\n${fields.nonce_str}\n${call.body}\n`;
  const signed = createVerify('RSA-SHA256')
    .update(message, 'utf8')
    .verify(keys.merchant.publicKey, fields.signature ?? '', 'base64');
  return { scheme, names: [...params.matchAll(/(\w+)="/g)].map((m) => m[1]), fields, signed };
}

const start = (device: 'desktop' | 'phone') =>
  channel().start({
    tradeNo: TRADE,
    amountMinor: 100,
    subject: 'Image形象店-深圳腾大-QQ公仔',
    returnUrl: 'https://junction.example/payment?id=o1&attempt=a1',
    device,
    clientIp: '203.0.113.9',
    expiresAt: new Date('2026-03-02T08:15:00Z'),
  });

describe('WeChat Pay adapter, recorded answers', () => {
  it('orders a Native payment signed WECHATPAY2-SHA256-RSA2048 and answers the documented code_url', async () => {
    answers = { 'POST /v3/pay/transactions/native': { status: 200, body: DOC.native } };
    expect(await start('desktop')).toEqual({ actionUrl: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' });
    const call = lastCall();
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/v3/pay/transactions/native');
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.headers.accept).toBe('application/json');
    const auth = authorizationOf(call);
    expect(auth.scheme).toBe('WECHATPAY2-SHA256-RSA2048');
    expect(auth.names).toEqual(['mchid', 'nonce_str', 'signature', 'timestamp', 'serial_no']);
    expect(auth.fields).toMatchObject({ mchid: keys.mchId, serial_no: keys.serial });
    expect(auth.fields.timestamp).toMatch(/^\d{10}$/);
    expect(auth.signed).toBe(true);
    expect(call.body).toBe(
      JSON.stringify({
        appid: keys.appId,
        mchid: keys.mchId,
        description: 'Image形象店-深圳腾大-QQ公仔',
        out_trade_no: TRADE,
        time_expire: '2026-03-02T16:15:00+08:00',
        notify_url: 'https://junction.example/api/payment/wechat/notify',
        amount: { total: 100, currency: 'CNY' },
      }),
    );
  });

  it('orders an H5 payment with the traveller’s IP and sends the browser to the documented h5_url, back to us', async () => {
    answers = { 'POST /v3/pay/transactions/h5': { status: 200, body: DOC.h5 } };
    const { actionUrl } = await start('phone');
    const url = new URL(actionUrl);
    expect(`${url.origin}${url.pathname}`).toBe('https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      prepay_id: 'wx2916263004719461949c84457c735b0000',
      package: '2150917749',
      redirect_url: 'https://junction.example/payment?id=o1&attempt=a1',
    });
    const call = lastCall();
    expect(call.path).toBe('/v3/pay/transactions/h5');
    expect(JSON.parse(call.body)).toMatchObject({
      out_trade_no: TRADE,
      amount: { total: 100, currency: 'CNY' },
      scene_info: { payer_client_ip: '203.0.113.9', h5_info: { type: 'Wap' } },
    });
    expect(authorizationOf(call).signed).toBe(true);
  });

  it('queries by out_trade_no with the merchant id, signing the path with its query, and reads every state', async () => {
    answers = { [`GET ${QUERY}`]: { status: 200, body: DOC.paid } };
    expect(await channel().query(TRADE)).toEqual({ tradeNo: TRADE, status: 'paid', amountMinor: 100 });
    const call = lastCall();
    expect(call.method).toBe('GET');
    expect(call.path).toBe(`${QUERY}?mchid=${keys.mchId}`);
    expect(call.body).toBe('');
    expect(authorizationOf(call).signed).toBe(true);
    const read = async (state: string) => {
      answers = { [`GET ${QUERY}`]: { status: 200, body: DOC.paid.replace('"SUCCESS"', `"${state}"`) } };
      return (await channel().query(TRADE)).status;
    };
    expect(await read('NOTPAY')).toBe('waiting');
    expect(await read('USERPAYING')).toBe('waiting');
    expect(await read('REFUND')).toBe('paid');
    expect(await read('CLOSED')).toBe('closed');
    expect(await read('REVOKED')).toBe('closed');
    await expect(read('SOMETHING_NEW')).rejects.toMatchObject({ code: 'unknown_status' });
  });

  it('reads ORDER_NOT_EXIST as a trade still waiting for the buyer', async () => {
    answers = { [`GET ${QUERY}`]: { status: 404, body: DOC.orderNotExist } };
    expect(await channel().query(TRADE)).toEqual({ tradeNo: TRADE, status: 'waiting', amountMinor: 0 });
  });

  it('refunds under out_refund_no with the trade’s total, reading the documented statuses', async () => {
    const refundWith = (status: string) => ({ status: 200, body: DOC.refund.replace('"SUCCESS"', `"${status}"`) });
    answers = {
      [`GET ${QUERY}`]: { status: 200, body: DOC.paid },
      'POST /v3/refund/domestic/refunds': { status: 200, body: DOC.refund },
    };
    const before = seen.length;
    const ask = () => channel().refund({ tradeNo: TRADE, amountMinor: 60, refundNo: 'refund:7f3c 01' });
    expect(await ask()).toEqual({ refundNo: 'refund_7f3c_01', status: 'succeeded' });
    expect(seen.slice(before).map((s) => `${s.method} ${s.path.split('?')[0]}`)).toEqual([
      `GET ${QUERY}`,
      'POST /v3/refund/domestic/refunds',
    ]);
    expect(lastCall().body).toBe(
      '{"out_trade_no":"1217752501201407033233368018","out_refund_no":"refund_7f3c_01","amount":{"refund":60,"total":100,"currency":"CNY"}}',
    );
    expect(authorizationOf(lastCall()).signed).toBe(true);
    answers['POST /v3/refund/domestic/refunds'] = refundWith('PROCESSING');
    expect((await ask()).status).toBe('pending');
    answers['POST /v3/refund/domestic/refunds'] = refundWith('ABNORMAL');
    expect((await ask()).status).toBe('failed');
    answers['POST /v3/refund/domestic/refunds'] = refundWith('CLOSED');
    expect((await ask()).status).toBe('failed');
    answers['POST /v3/refund/domestic/refunds'] = { status: 403, body: DOC.notEnough };
    await expect(ask()).rejects.toMatchObject({ name: 'GatewayRefused', code: 'NOT_ENOUGH' });
  });

  it('closes with the merchant id in the body; never opened is nothing to close; ORDERPAID is refused', async () => {
    const close = `POST ${QUERY}/close`;
    answers = { [close]: { status: 204, body: '' } };
    await channel().close(TRADE);
    expect(lastCall().path).toBe(`${QUERY}/close`);
    expect(lastCall().body).toBe(`{"mchid":"${keys.mchId}"}`);
    expect(authorizationOf(lastCall()).signed).toBe(true);
    answers = { [close]: { status: 404, body: DOC.orderNotExist } };
    await channel().close(TRADE);
    answers = { [close]: { status: 400, body: DOC.orderPaid } };
    const refused = await channel()
      .close(TRADE)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GatewayRefused);
    expect((refused as GatewayRefused).code).toBe('intent_captured');
    answers = { [close]: { status: 400, body: DOC.paramError } };
    await expect(channel().close(TRADE)).rejects.toMatchObject({ name: 'GatewayRefused', code: 'PARAM_ERROR' });
  });

  it('takes SYSTEM_ERROR, FREQUENCY_LIMITED and an answer not signed by WeChat Pay’s key as no answer', async () => {
    answers = { [`GET ${QUERY}`]: { status: 500, body: DOC.systemError } };
    await expect(channel().query(TRADE)).rejects.toBeInstanceOf(GatewayUnavailable);
    answers = { [`POST ${QUERY}/close`]: { status: 429, body: DOC.frequencyLimited } };
    await expect(channel().close(TRADE)).rejects.toBeInstanceOf(GatewayUnavailable);
    answers = { [`GET ${QUERY}`]: { status: 200, body: DOC.paid } };
    platformKey = rsaPair().privateKey;
    try {
      await expect(channel().query(TRADE)).rejects.toBeInstanceOf(GatewayUnavailable);
    } finally {
      platformKey = keys.platform.privateKey;
    }
  });
});

describe('WeChat Pay adapter, the payment notification', () => {
  /** The documented resource of TRANSACTION.SUCCESS, for our merchant. */
  const paidTrade = { ...JSON.parse(DOC.paid), mchid: keys.mchId };
  const seal = (plain: object, apiV3Key = keys.apiV3Key) => {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from('transaction', 'utf8'));
    const data = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: data.toString('base64'),
      associated_data: 'transaction',
      nonce,
    };
  };
  const envelope = (resource: object) =>
    JSON.stringify({
      id: 'EV-2018022511223320873',
      create_time: '2015-05-20T13:29:35+08:00',
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource,
    });
  const received = (body: string, opts: Parameters<typeof platformHeaders>[1] = {}) => ({
    body,
    headers: platformHeaders(body, opts),
  });

  it('checks the signature, opens the resource with the APIv3 key, and names our trade and the event', () => {
    expect(channel().verifyNotice(received(envelope(seal(paidTrade))))).toEqual({
      tradeNo: TRADE,
      noticeId: 'EV-2018022511223320873',
    });
  });

  it('refuses a notification forged, changed, from another key id, too old, sealed with another key or for another merchant', () => {
    const refuse = (r: { body: string; headers: Record<string, string> }) =>
      expect(() => channel().verifyNotice(r)).toThrow(WebhookSignatureInvalid);
    const body = envelope(seal(paidTrade));
    refuse(received(body, { key: rsaPair().privateKey }));
    const signed = received(body);
    refuse({ ...signed, body: body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCES') });
    refuse(received(body, { serial: 'PUB_KEY_ID_0114232134912410000000000001' }));
    refuse(received(body, { at: Math.floor(Date.now() / 1000) - 600 }));
    refuse({ body, headers: { ...signed.headers, 'wechatpay-signature': '' } });
    refuse(received(envelope(seal(paidTrade, randomBytes(16).toString('hex')))));
    refuse(received(envelope(seal({ ...paidTrade, mchid: '1230000109' }))));
    const { out_trade_no: _, ...nameless } = paidTrade;
    refuse(received(envelope(seal(nameless))));
  });
});

const env = process.env;
const live = {
  mchId: env.WECHATPAY_MCH_ID,
  appId: env.WECHATPAY_APP_ID,
  privateKey: env.WECHATPAY_PRIVATE_KEY?.replaceAll('\\n', '\n'),
  serialNo: env.WECHATPAY_CERT_SERIAL,
  apiV3Key: env.WECHATPAY_API_V3_KEY,
  platformPublicKey: env.WECHATPAY_PUBLIC_KEY?.replaceAll('\\n', '\n'),
  platformKeyId: env.WECHATPAY_PUBLIC_KEY_ID,
};
const hasLive = Object.values(live).every(Boolean);
describe.skipIf(!hasLive)(
  `WeChat Pay, live${hasLive ? '' : ' (skipped: set the seven WECHATPAY_* keys, and WECHATPAY_BASE_URL if not api.mch.weixin.qq.com)'}`,
  () => {
    it('orders a Native payment of 0.01 yuan, finds it waiting, and closes it unpaid', async () => {
      const merchant = new WechatPayChannel({
        mchId: live.mchId ?? '',
        appId: live.appId ?? '',
        privateKey: live.privateKey ?? '',
        serialNo: live.serialNo ?? '',
        apiV3Key: live.apiV3Key ?? '',
        platformKeyId: live.platformKeyId ?? '',
        platformPublicKey: live.platformPublicKey ?? '',
        baseUrl: env.WECHATPAY_BASE_URL ?? 'https://api.mch.weixin.qq.com',
        notifyUrl: 'https://junction.example/api/payment/wechat/notify',
        timeoutMs: 30_000,
      });
      const tradeNo = `JTLIVE${Date.now()}`;
      const { actionUrl } = await merchant.start({
        tradeNo,
        amountMinor: 1,
        subject: '联程旅行 live test',
        returnUrl: 'https://junction.example/payment',
        device: 'desktop',
        clientIp: '203.0.113.9',
        expiresAt: new Date(Date.now() + 15 * 60_000),
      });
      expect(actionUrl).toMatch(/^weixin:\/\//);
      expect(await merchant.query(tradeNo)).toMatchObject({ status: 'waiting', amountMinor: 1 });
      await merchant.close(tradeNo);
      expect((await merchant.query(tradeNo)).status).toBe('closed');
    }, 90_000);
  },
);
