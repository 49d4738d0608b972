import { GatewayRefused, GatewayUnavailable, WebhookSignatureInvalid } from '../../gateway/gateway';
import type { ChannelNotice, ChannelRefund, ChannelTrade, PaymentChannel } from '../channel';
import { authorization, decryptResource, verifyPlatform } from './wechat-sign';

export type WechatPaySettings = {
  mchId: string;
  appId: string;
  /** The merchant's API certificate's private key (PEM), signing every request. */
  privateKey: string;
  /** The serial number of the merchant's API certificate. */
  serialNo: string;
  /** The APIv3 key (32 characters), opening notifications' resources. */
  apiV3Key: string;
  /** WeChat Pay's public key (PEM) and its id, checking answers and notifications. */
  platformKeyId: string;
  platformPublicKey: string;
  /** `https://api.mch.weixin.qq.com` (a local fake in tests). */
  baseUrl: string;
  /** Where WeChat Pay posts its notifications: our `/api/payment/wechat/notify`. */
  notifyUrl: string;
  timeoutMs: number;
};

const STATES: Record<string, ChannelTrade['status']> = {
  NOTPAY: 'waiting',
  USERPAYING: 'waiting',
  PAYERROR: 'waiting',
  SUCCESS: 'paid',
  REFUND: 'paid',
  CLOSED: 'closed',
  REVOKED: 'closed',
};

/** A refund's status: CLOSED and ABNORMAL (the buyer's card or account gone) never return the money. */
const REFUND_STATES: Record<string, ChannelRefund['status']> = {
  SUCCESS: 'succeeded',
  PROCESSING: 'pending',
  CLOSED: 'failed',
  ABNORMAL: 'failed',
};

/** A moment as WeChat Pay's `time_expire` takes it: RFC 3339 in Beijing time. */
const rfc3339Beijing = (at: Date) => `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

/**
 * WeChat Pay API v3 over its documented HTTP interface: Native payment (a `weixin://` link shown as a QR
 * code) on a desktop, H5 payment (a page that opens WeChat) on a phone; every request signed
 * SHA256withRSA with the merchant's key and every answer's and notification's signature checked with
 * WeChat Pay's public key; the notification's resource opened with the APIv3 key (AEAD_AES_256_GCM);
 * query, close and refunds by our trade number.
 */
export class WechatPayChannel implements PaymentChannel {
  readonly name = 'wechat' as const;

  constructor(private readonly settings: WechatPaySettings) {}

  async start(request: Parameters<PaymentChannel['start']>[0]): Promise<{ actionUrl: string }> {
    const { mchId, appId, notifyUrl } = this.settings;
    const phone = request.device === 'phone';
    const body = {
      appid: appId,
      mchid: mchId,
      description: request.subject.slice(0, 127),
      out_trade_no: request.tradeNo,
      time_expire: rfc3339Beijing(request.expiresAt),
      notify_url: notifyUrl,
      amount: { total: request.amountMinor, currency: 'CNY' },
      ...(phone ? { scene_info: { payer_client_ip: request.clientIp, h5_info: { type: 'Wap' } } } : {}),
    };
    const answer = await this.call('POST', `/v3/pay/transactions/${phone ? 'h5' : 'native'}`, body);
    if (phone) {
      const url = new URL(String(answer.h5_url ?? ''));
      url.searchParams.set('redirect_url', request.returnUrl);
      return { actionUrl: url.toString() };
    }
    return { actionUrl: String(answer.code_url ?? '') };
  }

  async query(tradeNo: string): Promise<ChannelTrade> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(tradeNo)}?mchid=${this.settings.mchId}`;
    const answer = await this.call('GET', path, undefined, ['ORDER_NOT_EXIST', 'ORDERNOTEXIST']);
    if (answer.code) return { tradeNo, status: 'waiting', amountMinor: 0 };
    const status = STATES[String(answer.trade_state)];
    if (!status) throw new GatewayRefused('unknown_status', `WeChat Pay trade state ${answer.trade_state}`);
    const amount = answer.amount as { total?: number } | undefined;
    return { tradeNo, status, amountMinor: amount?.total ?? 0 };
  }

  async refund(request: { tradeNo: string; amountMinor: number; refundNo: string }): Promise<ChannelRefund> {
    const refundNo = request.refundNo.replace(/[^A-Za-z0-9_\-|*@]/g, '_').slice(0, 64);
    const trade = await this.query(request.tradeNo);
    const answer = await this.call('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: request.tradeNo,
      out_refund_no: refundNo,
      amount: { refund: request.amountMinor, total: trade.amountMinor, currency: 'CNY' },
    });
    return { refundNo, status: REFUND_STATES[String(answer.status)] ?? 'pending' };
  }

  async close(tradeNo: string): Promise<void> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(tradeNo)}/close`;
    const answer = await this.call('POST', path, { mchid: this.settings.mchId }, ['ORDER_NOT_EXIST', 'ORDERPAID']);
    if (answer.code === 'ORDERPAID') throw new GatewayRefused('intent_captured', 'the WeChat Pay trade is paid');
  }

  verifyNotice(received: { body: string; headers: Record<string, string | undefined> }): ChannelNotice {
    const platform = { keyId: this.settings.platformKeyId, publicKey: this.settings.platformPublicKey };
    if (!verifyPlatform(received.headers, received.body, platform))
      throw new WebhookSignatureInvalid('the WeChat Pay signature does not match');
    let tradeNo: string | undefined;
    let id = '';
    try {
      const notice = JSON.parse(received.body) as { id?: string; resource?: { ciphertext: string; nonce: string } };
      if (!notice.resource) throw new Error('no resource');
      const opened = JSON.parse(decryptResource(notice.resource, this.settings.apiV3Key)) as Record<string, unknown>;
      if (opened.mchid !== this.settings.mchId) throw new Error('another merchant');
      tradeNo = typeof opened.out_trade_no === 'string' ? opened.out_trade_no : undefined;
      id = notice.id ?? '';
    } catch (e) {
      throw new WebhookSignatureInvalid(`the WeChat Pay notification cannot be opened: ${(e as Error).message}`);
    }
    if (!tradeNo) throw new WebhookSignatureInvalid('the notification names no trade');
    return { tradeNo, noticeId: id || tradeNo };
  }

  /** One signed call; the answer's signature checked. Refusals other than `allowed` are refused. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
    allowed: string[] = [],
  ): Promise<Record<string, unknown>> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const { mchId, serialNo, privateKey, baseUrl } = this.settings;
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${baseUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: authorization({ method, path, body, mchId, serialNo }, privateKey),
        },
        ...(payload === undefined ? {} : { body }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      text = await res.text();
    } catch (e) {
      throw new GatewayUnavailable(`WeChat Pay ${path}: ${(e as Error).message}`);
    }
    const headers = Object.fromEntries(res.headers.entries());
    const platform = { keyId: this.settings.platformKeyId, publicKey: this.settings.platformPublicKey };
    // A system error (5xx) or the rate limit (429, FREQUENCY_LIMITED): no decision yet, asked again later.
    if (res.status >= 500 || res.status === 429) throw new GatewayUnavailable(`WeChat Pay ${path}: ${res.status}`);
    if (!verifyPlatform(headers, text, platform)) throw new GatewayUnavailable(`WeChat Pay ${path}: unsigned answer`);
    const answer = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    if (res.ok) return answer;
    const code = String(answer.code ?? res.status);
    if (allowed.includes(code)) return { code };
    throw new GatewayRefused(code, `WeChat Pay ${path}: ${String(answer.message ?? '')}`);
  }
}
