import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for Aliyun SMS (dysmsapi, API version 2017-05-25), as its documentation describes it:
 * SendSms over HTTP with the V3 request signature (ACS3-HMAC-SHA256) checked against the account's secret,
 * registered signature names and templates with their variables, and Aliyun's answers and error bodies.
 */

export type FakeTemplate = { code: string; content: string };
export type FakeText = { phone: string; signName: string; templateCode: string; text: string; bizId: string };

const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * The V3 signature as Aliyun documents it: the canonical request (method, path, sorted encoded query,
 * the signed headers as `name:value` lines, their names, the payload's SHA-256), hashed, HMAC-SHA256
 * with the AccessKey secret, in hex.
 */
export function acs3Signature(p: {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  signedHeaders: string[];
  payloadHash: string;
  secret: string;
}): string {
  const query = [...p.query.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .join('&');
  const headers = p.signedHeaders.map((h) => `${h}:${(p.headers[h] ?? '').trim()}\n`).join('');
  const canonical = [p.method, p.path, query, headers, p.signedHeaders.join(';'), p.payloadHash].join('\n');
  const toSign = `ACS3-HMAC-SHA256\n${sha256(canonical)}`;
  return createHmac('sha256', p.secret).update(toSign).digest('hex');
}

export class AliyunSmsFake {
  readonly texts: FakeText[] = [];
  /** Every request as it arrived: the action, the query and the headers. */
  readonly requests: { action: string; query: URLSearchParams; headers: Record<string, string> }[] = [];
  private server?: Server;
  port = 0;

  constructor(
    private readonly account: {
      accessKeyId: string;
      accessKeySecret: string;
      signNames: string[];
      templates: FakeTemplate[];
    },
  ) {}

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.answer(req, Buffer.concat(chunks), res));
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    return this.endpoint;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Writes an answer; `true`, so a handler ends with `return this.send(…)`. */
  private send(res: ServerResponse, status: number, body: Record<string, unknown>): true {
    res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
    res.end(JSON.stringify({ RequestId: randomUUID().toUpperCase(), ...body }));
    return true;
  }

  private fail(res: ServerResponse, status: number, code: string, message: string): true {
    return this.send(res, status, { HostId: 'dysmsapi.aliyuncs.com', Code: code, Message: message });
  }

  /** The signature check: the key is known, the time is recent, the payload hash and the signature match. */
  private authentic(req: IncomingMessage, url: URL, body: Buffer): string | undefined {
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(
      headers.authorization ?? '',
    );
    if (!auth) return 'MissingAuthorization';
    const [, keyId = '', signed = '', signature = ''] = auth;
    if (keyId !== this.account.accessKeyId) return 'InvalidAccessKeyId.NotFound';
    const date = Date.parse(headers['x-acs-date'] ?? '');
    if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000) return 'InvalidTimeStamp.Expired';
    if (!headers['x-acs-signature-nonce']) return 'MissingSignatureNonce';
    const payloadHash = sha256(body);
    if (headers['x-acs-content-sha256'] !== payloadHash) return 'SignatureDoesNotMatch';
    const signedHeaders = signed.split(';');
    if (!['host', 'x-acs-action', 'x-acs-date'].every((h) => signedHeaders.includes(h))) return 'SignatureDoesNotMatch';
    const expected = acs3Signature({
      method: req.method ?? 'POST',
      path: url.pathname,
      query: url.searchParams,
      headers,
      signedHeaders,
      payloadHash,
      secret: this.account.accessKeySecret,
    });
    const a = Buffer.from(expected);
    const b = Buffer.from(signature);
    return a.length === b.length && timingSafeEqual(a, b) ? undefined : 'SignatureDoesNotMatch';
  }

  private answer(req: IncomingMessage, body: Buffer, res: ServerResponse): true {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const action = headers['x-acs-action'] ?? url.searchParams.get('Action') ?? '';
    this.requests.push({ action, query: url.searchParams, headers });
    const problem = this.authentic(req, url, body);
    if (problem === 'InvalidAccessKeyId.NotFound')
      return this.fail(res, 404, problem, 'Specified access key is not found.');
    if (problem === 'SignatureDoesNotMatch')
      return this.fail(res, 400, problem, 'Specified signature is not matched with our calculation.');
    if (problem) return this.fail(res, 400, problem, 'The request is not signed as required.');
    if (action !== 'SendSms' || headers['x-acs-version'] !== '2017-05-25')
      return this.fail(
        res,
        404,
        'InvalidAction.NotFound',
        'Specified api is not found, please check your url and method.',
      );
    return this.sendSms(url.searchParams, res);
  }

  private sendSms(q: URLSearchParams, res: ServerResponse): true {
    const phone = q.get('PhoneNumbers') ?? '';
    const signName = q.get('SignName') ?? '';
    const template = this.account.templates.find((t) => t.code === q.get('TemplateCode'));
    if (!/^(1\d{10}|[2-9]\d{6,14})$/.test(phone))
      return this.send(res, 200, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: `${phone}invalid` });
    if (!this.account.signNames.includes(signName))
      return this.send(res, 200, { Code: 'isv.SMS_SIGNATURE_ILLEGAL', Message: '该账号下找不到对应签名' });
    if (!template) return this.send(res, 200, { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '该账号下找不到对应模板' });
    let params: Record<string, unknown>;
    try {
      params = JSON.parse(q.get('TemplateParam') ?? '{}') as Record<string, unknown>;
    } catch {
      return this.send(res, 200, { Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法，只接受字符串值' });
    }
    const names = [...template.content.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1] as string);
    if (names.some((n) => typeof params[n] !== 'string' || params[n] === ''))
      return this.send(res, 200, { Code: 'isv.TEMPLATE_MISSING_PARAMETERS', Message: '模板缺少变量' });
    const bizId = `${Date.now()}${randomBytes(3).readUIntBE(0, 3)}^0`;
    const text = `【${signName}】${template.content.replace(/\$\{(\w+)\}/g, (_, n: string) => String(params[n]))}`;
    this.texts.push({ phone, signName, templateCode: template.code, text, bizId });
    return this.send(res, 200, { Code: 'OK', Message: 'OK', BizId: bizId });
  }
}
