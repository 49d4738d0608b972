import fs from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AliyunSmsFake } from '../../../../test/fakes/aliyun-sms-fake';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { AliyunSmsProvider, aliyunPhoneNumber, SmsRejected } from './aliyun-sms';

/*
 * The Aliyun SMS adapter: first against Aliyun's answers as its documentation publishes them
 * (aliyun-recorded/), served by a stand-in that keeps the request the SDK sent; then against a local fake
 * of SendSms that checks the V3 signature (ACS3-HMAC-SHA256) with the account's secret.
 */

const recorded = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'aliyun-recorded', name), 'utf8');
const TEMPLATES = { code: 'SMS_465900001', notice: 'SMS_465900002' };
const code = { name: 'code' as const, params: { code: '482913' } };

describe('Aliyun SMS adapter (recorded answers)', () => {
  let server: Server;
  let endpoint = '';
  let answer = { status: 200, body: recorded('send-sms-ok.json') };
  const seen: { req: IncomingMessage; url: URL; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        seen.push({ req, url: new URL(req.url ?? '/', 'http://localhost'), body });
        res.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const adapter = () =>
    new AliyunSmsProvider({
      accessKeyId: 'LTAI5tRecordedKey',
      accessKeySecret: 'recorded-secret',
      signName: '联程旅行',
      templates: TEMPLATES,
      endpoint,
      timeoutMs: 3000,
    });

  it('sends SendSms of API 2017-05-25 as an RPC call signed ACS3-HMAC-SHA256, the template filled as JSON', async () => {
    answer = { status: 200, body: recorded('send-sms-ok.json') };
    await adapter().send({ to: '+8613800138000', text: 'Your code is 482913', template: code });
    const { req, url, body } = seen.at(-1) as (typeof seen)[number];
    expect(req.method).toBe('POST');
    expect(url.pathname).toBe('/');
    expect(req.headers['x-acs-action']).toBe('SendSms');
    expect(req.headers['x-acs-version']).toBe('2017-05-25');
    expect(req.headers['x-acs-date']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(req.headers.authorization).toMatch(
      /^ACS3-HMAC-SHA256 Credential=LTAI5tRecordedKey,SignedHeaders=host;x-acs-action;.*,Signature=[0-9a-f]{64}$/,
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      PhoneNumbers: '13800138000',
      SignName: '联程旅行',
      TemplateCode: TEMPLATES.code,
      TemplateParam: '{"code":"482913"}',
    });
    expect(body).toBe('');
  });

  it('refuses what Aliyun refuses, with its code: a rate limit answered 200, a bad signature answered 400', async () => {
    answer = { status: 200, body: recorded('send-sms-business-limit.json') };
    await expect(adapter().send({ to: '+8613800138000', text: 'x', template: code })).rejects.toMatchObject({
      name: 'SmsRejected',
      code: 'isv.BUSINESS_LIMIT_CONTROL',
    });
    answer = { status: 400, body: recorded('signature-does-not-match.json') };
    await expect(adapter().send({ to: '+8613800138000', text: 'x', template: code })).rejects.toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
  });
});

describe('Aliyun SMS adapter against the SendSms fake', () => {
  const fake = new AliyunSmsFake({
    accessKeyId: 'LTAI5tFakeKey',
    accessKeySecret: 'fake-secret-0123456789',
    signNames: ['联程旅行'],
    templates: [
      { code: TEMPLATES.code, content: `您的验证码为\${code}，10分钟内有效，请勿泄露。` },
      { code: TEMPLATES.notice, content: `您的订单\${order}有新动态：\${title}。` },
    ],
  });
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  const adapter = (secret = 'fake-secret-0123456789') =>
    new AliyunSmsProvider({
      accessKeyId: 'LTAI5tFakeKey',
      accessKeySecret: secret,
      signName: '联程旅行',
      templates: TEMPLATES,
      endpoint: fake.endpoint,
      timeoutMs: 3000,
    });

  it('delivers codes and order notices to mainland and Hong Kong numbers with a valid signature', async () => {
    await adapter().send({ to: '+8613800138000', text: '', template: code });
    await adapter().send({
      to: '+85291234567',
      text: '',
      template: { name: 'notice', params: { title: 'Tickets issued', order: 'JT2612011234' } },
    });
    expect(fake.texts.slice(-2).map((t) => [t.phone, t.text])).toEqual([
      ['13800138000', '【联程旅行】您的验证码为482913，10分钟内有效，请勿泄露。'],
      ['85291234567', '【联程旅行】您的订单JT2612011234有新动态：Tickets issued。'],
    ]);
  });

  it('a request signed with another secret is refused and sends nothing', async () => {
    const before = fake.texts.length;
    const error = await adapter('forged-secret-0000000000')
      .send({ to: '+8613800138000', text: '', template: code })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsRejected);
    expect((error as SmsRejected).code).toBe('SignatureDoesNotMatch');
    expect(fake.texts.length).toBe(before);
  });

  describe('through the site', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({}, undefined, { gatewaySms: adapter() });
    }, 120_000);
    afterAll(() => t?.close());

    it('a code asked for on the site reaches the phone through Aliyun, in the template Aliyun approved', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/code',
        headers: { 'content-type': 'application/json' },
        payload: { type: 'mobile', target: '13912345678', country: 'CN', purpose: 'register' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const text = fake.texts.find((x) => x.phone === '13912345678');
      expect(text?.text).toMatch(/^【联程旅行】您的验证码为\d{6}，10分钟内有效，请勿泄露。$/);
      // Nothing went to the logging stand-in.
      expect(t.sms.sent).toHaveLength(0);
    });
  });
});

describe('numbers as SendSms takes them', () => {
  it('a mainland mobile loses +86; any other keeps its country code without the plus sign', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^1[3-9]\d{9}$/), (mobile) => aliyunPhoneNumber(`+86${mobile}`) === mobile),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('852', '853', '886', '1', '44', '65'),
        fc.stringMatching(/^[2-9]\d{7}$/),
        (cc, rest) => aliyunPhoneNumber(`+${cc}${rest}`) === `${cc}${rest}`,
      ),
    );
  });
});

const live = {
  id: process.env.ALIYUN_SMS_ACCESS_KEY_ID,
  secret: process.env.ALIYUN_SMS_ACCESS_KEY_SECRET,
  sign: process.env.ALIYUN_SMS_SIGN_NAME,
  template: process.env.ALIYUN_SMS_TEMPLATE_CODE,
  notice: process.env.ALIYUN_SMS_TEMPLATE_NOTICE,
  to: process.env.ALIYUN_SMS_LIVE_TO,
};
const hasLive = Object.values(live).every(Boolean);
describe.skipIf(!hasLive)(
  `Aliyun SMS, live${hasLive ? '' : ' (skipped: set ALIYUN_SMS_ACCESS_KEY_ID, _SECRET, _SIGN_NAME, _TEMPLATE_CODE, _TEMPLATE_NOTICE and ALIYUN_SMS_LIVE_TO)'}`,
  () => {
    it('sends one verification code to ALIYUN_SMS_LIVE_TO', async () => {
      const real = new AliyunSmsProvider({
        accessKeyId: live.id ?? '',
        accessKeySecret: live.secret ?? '',
        signName: live.sign ?? '',
        templates: { code: live.template ?? '', notice: live.notice ?? '' },
        endpoint: process.env.ALIYUN_SMS_ENDPOINT ?? 'https://dysmsapi.aliyuncs.com',
        timeoutMs: 10_000,
      });
      await real.send({ to: live.to ?? '', text: '', template: { name: 'code', params: { code: '246810' } } });
    });
  },
);
