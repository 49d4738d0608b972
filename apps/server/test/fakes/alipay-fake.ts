import { createSign, createVerify, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';

/*
 * A local stand-in for Alipay's open platform gateway (gateway.do, API version 1.0), as its documentation
 * describes it: every request signed RSA2 by the app's private key and checked with the app's public key;
 * page and wap payment as a link to a cashier page where the buyer pays; the asynchronous notification
 * posted to notify_url as a form signed with Alipay's private key (the fields sorted, sign and sign_type
 * left out); alipay.trade.query, .refund and .close answered as `{"<method>_response": {...}, "sign": "…"}`,
 * the signature over the exact JSON of the answer.
 */

export type FakeTrade = {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  method: string;
  notifyUrl: string;
  returnUrl: string;
  timeExpire: string | null;
  refunds: Map<string, string>;
};

const sortedPairs = (fields: Record<string, string>, leave: string[]) =>
  Object.keys(fields)
    .filter((k) => !leave.includes(k) && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');

/** Alipay's RSA2 signature: SHA256withRSA over the sorted `key=value` pairs, base64. */
export function alipaySign(fields: Record<string, string>, privateKey: string, leave: string[]): string {
  return createSign('RSA-SHA256').update(sortedPairs(fields, leave), 'utf8').sign(privateKey, 'base64');
}

const cents = (yuan: string) => Math.round(Number(yuan) * 100);
const beijingNow = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

export class AlipayFake {
  readonly trades = new Map<string, FakeTrade>();
  /** Every gateway call as it arrived: its method and whether its signature held. */
  readonly calls: { method: string; signed: boolean }[] = [];
  /** Notifications posted and how our server answered each. */
  readonly notices: { outTradeNo: string; status: number; body: string }[] = [];
  /** While true, a paid trade's notification is not sent (a lost notification: the query finds it). */
  dropNotices = false;
  /** Refunds to answer with Alipay's system error (ACQ.SYSTEM_ERROR, to be asked again) before one succeeds. */
  failRefunds = 0;
  /** While true, every refund is refused for good: the buyer's account closed or frozen (ACQ.BUYER_ERROR). */
  refuseRefunds = false;
  /** How a notification reaches the site: over HTTP by default (an API test hands it to `app.inject`). */
  deliver = async (url: string, form: string): Promise<{ status: number; body: string }> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: form,
    });
    return { status: res.status, body: await res.text() };
  };
  private server?: Server;
  port = 0;

  constructor(private readonly account: { appId: string; appPublicKey: string; alipayPrivateKey: string }) {}

  get gateway(): string {
    return `http://127.0.0.1:${this.port}/gateway.do`;
  }

  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(e));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.gateway;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The buyer pays a waiting trade at the cashier: it succeeds, the notification goes out. */
  async pay(outTradeNo: string): Promise<FakeTrade> {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no Alipay trade ${outTradeNo}`);
    if (trade.status !== 'WAIT_BUYER_PAY') return trade;
    trade.status = 'TRADE_SUCCESS';
    if (!this.dropNotices) await this.notify(trade);
    return trade;
  }

  /** Posts a trade's notification as Alipay does, signed (or with `forge`, fields changed after signing). */
  async notify(trade: FakeTrade, forge?: Record<string, string>): Promise<{ status: number; body: string }> {
    const fields: Record<string, string> = {
      notify_time: beijingNow(),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: this.account.appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      trade_status: trade.status,
      total_amount: trade.totalAmount,
      receipt_amount: trade.totalAmount,
      buyer_pay_amount: trade.totalAmount,
      subject: trade.subject,
      gmt_create: beijingNow(),
      gmt_payment: beijingNow(),
    };
    const sign = alipaySign(fields, this.account.alipayPrivateKey, ['sign', 'sign_type']);
    const form = new URLSearchParams({ ...fields, sign_type: 'RSA2', sign, ...forge });
    const answer = await this.deliver(trade.notifyUrl, form.toString());
    this.notices.push({ outTradeNo: trade.outTradeNo, ...answer });
    return answer;
  }

  private verified(fields: Record<string, string>): boolean {
    const sign = fields.sign ?? '';
    const ok = createVerify('RSA-SHA256')
      .update(sortedPairs(fields, ['sign']), 'utf8')
      .verify(this.account.appPublicKey, sign, 'base64');
    return ok && fields.app_id === this.account.appId && fields.sign_type === 'RSA2';
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${this.port}`);
    const body = req.method === 'POST' ? await text(req) : '';
    // The cashier page's browser asks for an icon, as a browser does of any site.
    if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
    if (url.pathname === '/cashier/pay' && req.method === 'POST') return this.cashierPay(body, res);
    if (url.pathname !== '/gateway.do') return void res.writeHead(404).end();
    const fields: Record<string, string> = Object.fromEntries(url.searchParams);
    for (const [k, v] of new URLSearchParams(body)) fields[k] = v;
    const method = fields.method ?? '';
    const signed = this.verified(fields);
    this.calls.push({ method, signed });
    if (method === 'alipay.trade.page.pay' || method === 'alipay.trade.wap.pay') {
      if (!signed) return void res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid-signature');
      return this.cashier(fields, res);
    }
    const key = `${method.replaceAll('.', '_')}_response`;
    const answer = signed
      ? this.api(method, JSON.parse(fields.biz_content ?? '{}') as Record<string, string>)
      : { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' };
    const json = JSON.stringify(answer);
    const sign = createSign('RSA-SHA256').update(json, 'utf8').sign(this.account.alipayPrivateKey, 'base64');
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' }).end(`{"${key}":${json},"sign":"${sign}"}`);
  }

  private api(method: string, biz: Record<string, string>): Record<string, string> {
    const trade = this.trades.get(biz.out_trade_no ?? '');
    const failed = (subCode: string, subMsg: string) => ({
      code: '40004',
      msg: 'Business Failed',
      sub_code: subCode,
      sub_msg: subMsg,
    });
    if (!trade) return failed('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const ids = { trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo };
    if (method === 'alipay.trade.query')
      return {
        code: '10000',
        msg: 'Success',
        ...ids,
        trade_status: trade.status,
        total_amount: trade.totalAmount,
        buyer_logon_id: '159****5620',
      };
    if (method === 'alipay.trade.close') {
      if (trade.status !== 'WAIT_BUYER_PAY' && trade.status !== 'TRADE_CLOSED')
        return failed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      trade.status = 'TRADE_CLOSED';
      return { code: '10000', msg: 'Success', ...ids };
    }
    if (method === 'alipay.trade.refund') return this.refund(trade, biz, failed);
    return { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method', sub_msg: method };
  }

  private refund(
    trade: FakeTrade,
    biz: Record<string, string>,
    failed: (c: string, m: string) => Record<string, string>,
  ): Record<string, string> {
    if (trade.status !== 'TRADE_SUCCESS') return failed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    if (this.failRefunds > 0) {
      this.failRefunds--;
      return failed('ACQ.SYSTEM_ERROR', '系统错误');
    }
    if (this.refuseRefunds) return failed('ACQ.BUYER_ERROR', '买家状态非法');
    const requestNo = biz.out_request_no ?? trade.outTradeNo;
    if (!trade.refunds.has(requestNo)) {
      const refunded = [...trade.refunds.values()].reduce((sum, a) => sum + cents(a), 0);
      if (refunded + cents(biz.refund_amount ?? '0') > cents(trade.totalAmount))
        return failed('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
      trade.refunds.set(requestNo, biz.refund_amount ?? '0');
    }
    const total = [...trade.refunds.values()].reduce((sum, a) => sum + cents(a), 0);
    return {
      code: '10000',
      msg: 'Success',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      fund_change: 'Y',
      refund_fee: (total / 100).toFixed(2),
    };
  }

  /** The cashier: the trade opened (once) and a page with the amount and a button to pay. */
  private cashier(fields: Record<string, string>, res: ServerResponse): void {
    const biz = JSON.parse(fields.biz_content ?? '{}') as Record<string, string>;
    const outTradeNo = biz.out_trade_no ?? '';
    let trade = this.trades.get(outTradeNo);
    if (!trade) {
      trade = {
        outTradeNo,
        tradeNo: `2026${randomBytes(12).toString('hex')}`.slice(0, 28),
        totalAmount: biz.total_amount ?? '0',
        subject: biz.subject ?? '',
        status: 'WAIT_BUYER_PAY',
        method: fields.method ?? '',
        notifyUrl: fields.notify_url ?? '',
        returnUrl: fields.return_url ?? '',
        timeExpire: biz.time_expire ?? null,
        refunds: new Map(),
      };
      this.trades.set(outTradeNo, trade);
    }
    const phone = trade.method === 'alipay.trade.wap.pay';
    const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>支付宝 收银台</title></head>
<body style="font-family:sans-serif;max-width:${phone ? '100%' : '480px'};margin:24px auto;padding:0 16px">
<h1 style="color:#1677ff">支付宝 Alipay</h1><p data-testid="alipay-subject">${escapeHtml(trade.subject)}</p>
<p>¥<strong data-testid="alipay-amount">${escapeHtml(trade.totalAmount)}</strong></p>
<p data-testid="alipay-kind">${phone ? 'wap' : 'page'}</p>
${trade.status === 'WAIT_BUYER_PAY' ? `<form method="post" action="/cashier/pay"><input type="hidden" name="out_trade_no" value="${escapeHtml(outTradeNo)}"><button data-testid="alipay-pay" type="submit">确认付款 Pay</button></form>` : `<p data-testid="alipay-status">${trade.status}</p>`}
</body></html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  }

  /** The buyer paid: the trade succeeds, the notification is posted, the browser goes back to return_url. */
  private async cashierPay(body: string, res: ServerResponse): Promise<void> {
    const outTradeNo = new URLSearchParams(body).get('out_trade_no') ?? '';
    const trade = await this.pay(outTradeNo);
    const back: Record<string, string> = {
      app_id: this.account.appId,
      method: `${trade.method}.return`,
      out_trade_no: trade.outTradeNo,
      trade_no: trade.tradeNo,
      total_amount: trade.totalAmount,
      timestamp: beijingNow(),
      charset: 'utf-8',
      version: '1.0',
    };
    const sign = alipaySign(back, this.account.alipayPrivateKey, ['sign', 'sign_type']);
    const to = new URL(trade.returnUrl);
    for (const [k, v] of Object.entries({ ...back, sign, sign_type: 'RSA2' })) to.searchParams.set(k, v);
    res.writeHead(302, { location: to.toString() }).end();
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
