import { createCipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';

/*
 * A local stand-in for WeChat Pay API v3, as its documentation describes it: every request's
 * `Authorization` (WECHATPAY2-SHA256-RSA2048) checked with the merchant's public key; Native payment
 * answering a `weixin://` code and H5 payment a page that pays; answers and notifications signed with the
 * platform's key (Wechatpay-Timestamp, -Nonce, -Signature, -Serial); a notification's resource sealed
 * AEAD_AES_256_GCM with the APIv3 key; query, close and domestic refunds by out_trade_no.
 */

export type FakeWechatTrade = {
  outTradeNo: string;
  transactionId: string;
  total: number;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  kind: 'native' | 'h5';
  /** The payer's IP an H5 payment was asked from (`scene_info.payer_client_ip`, which H5 requires). */
  clientIp: string | null;
  code: string;
  notifyUrl: string;
  refunds: Map<string, number>;
};

export class WechatPayFake {
  readonly trades = new Map<string, FakeWechatTrade>();
  readonly calls: { path: string; signed: boolean }[] = [];
  readonly notices: { outTradeNo: string; status: number }[] = [];
  dropNotices = false;
  /** How a notification reaches the site: over HTTP by default (an API test hands it to `app.inject`). */
  deliver = async (url: string, body: string, headers: Record<string, string>) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    return { status: res.status, body: await res.text() };
  };
  private server?: Server;
  port = 0;

  constructor(
    private readonly account: {
      mchId: string;
      merchantPublicKey: string;
      merchantSerial: string;
      platformPrivateKey: string;
      platformKeyId: string;
      apiV3Key: string;
    },
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => res.writeHead(500).end(String(e)));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Headers signing a body as WeChat Pay does (Wechatpay-Timestamp, -Nonce, -Signature, -Serial). */
  signed(body: string): Record<string, string> {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8')
      .sign(this.account.platformPrivateKey, 'base64');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': this.account.platformKeyId,
    };
  }

  /** The buyer pays (scanning the Native code, or on the H5 page): the notification goes out. */
  async pay(outTradeNo: string): Promise<FakeWechatTrade> {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no WeChat Pay trade ${outTradeNo}`);
    if (trade.state !== 'NOTPAY') return trade;
    trade.state = 'SUCCESS';
    if (!this.dropNotices) await this.notify(trade);
    return trade;
  }

  /**
   * A payment that crossed our close: the buyer confirmed it as the trade was being closed, and WeChat Pay
   * reports the trade paid after all, its notification going out.
   */
  async payAfterClose(outTradeNo: string): Promise<FakeWechatTrade> {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no WeChat Pay trade ${outTradeNo}`);
    trade.state = 'SUCCESS';
    if (!this.dropNotices) await this.notify(trade);
    return trade;
  }

  /** Scanning a Native code with WeChat pays its trade. */
  scan(code: string): Promise<FakeWechatTrade> {
    const trade = [...this.trades.values()].find((t) => t.code === code);
    if (!trade) throw new Error(`no WeChat Pay trade for ${code}`);
    return this.pay(trade.outTradeNo);
  }

  /** Posts the TRANSACTION.SUCCESS notification, its resource sealed; `forge` changes the body after signing. */
  async notify(trade: FakeWechatTrade, forge?: (body: string) => string) {
    const plain = JSON.stringify({
      mchid: this.account.mchId,
      out_trade_no: trade.outTradeNo,
      transaction_id: trade.transactionId,
      trade_state: trade.state,
      amount: { total: trade.total, payer_total: trade.total, currency: 'CNY', payer_currency: 'CNY' },
    });
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv(
      'aes-256-gcm',
      Buffer.from(this.account.apiV3Key, 'utf8'),
      Buffer.from(nonce, 'utf8'),
    );
    cipher.setAAD(Buffer.from('transaction', 'utf8'));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: sealed.toString('base64'),
        associated_data: 'transaction',
        nonce,
      },
    });
    const answer = await this.deliver(trade.notifyUrl, forge ? forge(body) : body, this.signed(body));
    this.notices.push({ outTradeNo: trade.outTradeNo, status: answer.status });
    return answer;
  }

  private verified(req: IncomingMessage, path: string, body: string): boolean {
    const auth = String(req.headers.authorization ?? '');
    const field = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(auth)?.[1] ?? '';
    if (!auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') || field('mchid') !== this.account.mchId) return false;
    if (field('serial_no') !== this.account.merchantSerial) return false;
    const message = `${req.method}\n${path}\n${field('timestamp')}\n${field('nonce_str')}\n${body}\n`;
    return createVerify('RSA-SHA256')
      .update(message, 'utf8')
      .verify(this.account.merchantPublicKey, field('signature'), 'base64');
  }

  private answer(res: ServerResponse, status: number, payload?: unknown): void {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    res.writeHead(status, { 'content-type': 'application/json', ...this.signed(body) }).end(body);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = req.url ?? '/';
    const url = new URL(path, this.baseUrl);
    const body = req.method === 'POST' ? await text(req) : '';
    if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
    if (url.pathname === '/h5pay') return this.h5Page(url, res);
    if (url.pathname === '/h5pay/pay') return this.h5Pay(body, res);
    const signed = this.verified(req, path, body);
    this.calls.push({ path: url.pathname, signed });
    if (!signed) return this.answer(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    const input = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
    const m = /^\/v3\/pay\/transactions\/(native|h5)$/.exec(url.pathname);
    if (m) return this.create(m[1] as 'native' | 'h5', input, res);
    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    const trade = byNo ? this.trades.get(decodeURIComponent(byNo[1] ?? '')) : undefined;
    if (byNo && !trade) return this.answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
    if (byNo && trade && byNo[2]) {
      if (trade.state === 'SUCCESS' || trade.state === 'REFUND')
        return this.answer(res, 400, { code: 'ORDERPAID', message: '订单已支付' });
      trade.state = 'CLOSED';
      return this.answer(res, 204);
    }
    if (byNo && trade)
      return this.answer(res, 200, {
        mchid: this.account.mchId,
        out_trade_no: trade.outTradeNo,
        transaction_id: trade.transactionId,
        trade_state: trade.state,
        amount: { total: trade.total, currency: 'CNY' },
      });
    if (url.pathname === '/v3/refund/domestic/refunds') return this.refund(input, res);
    return this.answer(res, 404, { code: 'NOT_FOUND', message: path });
  }

  private create(kind: 'native' | 'h5', input: Record<string, unknown>, res: ServerResponse): void {
    const outTradeNo = String(input.out_trade_no ?? '');
    const amount = input.amount as { total?: number } | undefined;
    const clientIp = (input.scene_info as { payer_client_ip?: string } | undefined)?.payer_client_ip ?? null;
    if (kind === 'h5' && !clientIp) {
      this.answer(res, 400, { code: 'PARAM_ERROR', message: '缺少参数 scene_info.payer_client_ip' });
      return;
    }
    let trade = this.trades.get(outTradeNo);
    if (!trade) {
      const prepay = randomBytes(10).toString('hex');
      trade = {
        outTradeNo,
        transactionId: `4200${randomBytes(12).toString('hex')}`.slice(0, 28),
        total: amount?.total ?? 0,
        state: 'NOTPAY',
        kind,
        clientIp,
        code: kind === 'native' ? `weixin://wxpay/bizpayurl?pr=${prepay}` : `${this.baseUrl}/h5pay?prepay_id=${prepay}`,
        notifyUrl: String(input.notify_url ?? ''),
        refunds: new Map(),
      };
      this.trades.set(outTradeNo, trade);
    }
    this.answer(res, 200, kind === 'native' ? { code_url: trade.code } : { h5_url: trade.code });
  }

  private refund(input: Record<string, unknown>, res: ServerResponse): void {
    const trade = this.trades.get(String(input.out_trade_no ?? ''));
    if (!trade) return void this.answer(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
    const amount = input.amount as { refund: number; total: number };
    if (trade.state !== 'SUCCESS' && trade.state !== 'REFUND')
      return void this.answer(res, 403, { code: 'NOT_ENOUGH', message: '交易未支付' });
    if (amount.total !== trade.total)
      return void this.answer(res, 400, { code: 'PARAM_ERROR', message: '订单金额不符' });
    const no = String(input.out_refund_no ?? '');
    if (!trade.refunds.has(no)) {
      const done = [...trade.refunds.values()].reduce((s, a) => s + a, 0);
      if (done + amount.refund > trade.total)
        return void this.answer(res, 403, { code: 'NOT_ENOUGH', message: '退款金额超限' });
      trade.refunds.set(no, amount.refund);
      trade.state = 'REFUND';
    }
    this.answer(res, 200, { refund_id: `5030${randomBytes(8).toString('hex')}`, out_refund_no: no, status: 'SUCCESS' });
  }

  private h5Page(url: URL, res: ServerResponse): void {
    const trade = [...this.trades.values()].find((t) =>
      t.code.endsWith(`prepay_id=${url.searchParams.get('prepay_id')}`),
    );
    const back = url.searchParams.get('redirect_url') ?? '';
    const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>微信支付</title></head>
<body style="font-family:sans-serif;padding:16px"><h1 style="color:#07c160">微信支付 WeChat Pay</h1>
<p>¥<strong data-testid="wechat-amount">${((trade?.total ?? 0) / 100).toFixed(2)}</strong></p>
<form method="post" action="/h5pay/pay"><input type="hidden" name="out_trade_no" value="${trade?.outTradeNo ?? ''}">
<input type="hidden" name="back" value="${back.replace(/"/g, '&quot;')}"><button data-testid="wechat-pay" type="submit">确认支付 Pay</button></form></body></html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  }

  private async h5Pay(body: string, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(body);
    await this.pay(form.get('out_trade_no') ?? '');
    res.writeHead(302, { location: form.get('back') ?? '/' }).end();
  }
}
