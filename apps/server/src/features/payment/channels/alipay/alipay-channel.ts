import { AlipayRequestError, AlipaySdk } from 'alipay-sdk';
import { GatewayRefused, GatewayUnavailable, WebhookSignatureInvalid } from '../../gateway/gateway';
import type { ChannelNotice, ChannelRefund, ChannelTrade, PaymentChannel } from '../channel';
import { beijingTime, minorOfYuan, yuanOf } from './alipay-money';

export type AlipaySettings = {
  appId: string;
  /** The application's private key (PEM, PKCS#1 or PKCS#8), signing every request (RSA2). */
  privateKey: string;
  /** Alipay's public key (PEM), checking its answers and notifications. */
  alipayPublicKey: string;
  /** Alipay's gateway, `https://openapi.alipay.com/gateway.do` (a local fake in tests). */
  gateway: string;
  /** Where Alipay posts its asynchronous notifications: our `/api/payment/alipay/notify`. */
  notifyUrl: string;
  timeoutMs: number;
};

type Answer = {
  code?: string;
  msg?: string;
  subCode?: string;
  tradeStatus?: string;
  totalAmount?: string;
  fundChange?: string;
  refundStatus?: string;
};

/** Refusals of a refund that asking again never changes: the buyer's account closed or frozen, the trade closed. */
const REFUND_NEVER = ['ACQ.BUYER_ERROR', 'ACQ.TRADE_HAS_CLOSE', 'ACQ.TRADE_HAS_FINISHED'];

const TRADE_STATUS: Record<string, ChannelTrade['status']> = {
  WAIT_BUYER_PAY: 'waiting',
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
};

/**
 * Alipay through its own SDK (`alipay-sdk`): page payment (alipay.trade.page.pay) on a desktop and wap
 * payment (alipay.trade.wap.pay) on a phone, both a signed link to Alipay's cashier; the asynchronous
 * notification checked with Alipay's public key (RSA2); alipay.trade.query, .refund and .close, each
 * answer's signature checked.
 */
export class AlipayChannel implements PaymentChannel {
  readonly name = 'alipay' as const;
  private readonly sdk: AlipaySdk;

  constructor(private readonly settings: AlipaySettings) {
    this.sdk = new AlipaySdk({
      appId: settings.appId,
      privateKey: settings.privateKey,
      keyType: settings.privateKey.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
      alipayPublicKey: settings.alipayPublicKey,
      gateway: settings.gateway,
      signType: 'RSA2',
      timeout: settings.timeoutMs,
      camelcase: true,
    });
  }

  async start(request: Parameters<PaymentChannel['start']>[0]): Promise<{ actionUrl: string }> {
    const phone = request.device === 'phone';
    const actionUrl = this.sdk.pageExecute(phone ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', 'GET', {
      notifyUrl: this.settings.notifyUrl,
      returnUrl: request.returnUrl,
      bizContent: {
        outTradeNo: request.tradeNo,
        totalAmount: yuanOf(request.amountMinor),
        subject: request.subject.slice(0, 256),
        productCode: phone ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
        timeExpire: beijingTime(request.expiresAt),
        ...(phone ? { quitUrl: request.returnUrl } : {}),
      },
    });
    return { actionUrl };
  }

  async query(tradeNo: string): Promise<ChannelTrade> {
    const answer = await this.call('alipay.trade.query', { outTradeNo: tradeNo }, ['ACQ.TRADE_NOT_EXIST']);
    // A trade the buyer has not opened yet does not exist at Alipay: it waits for them.
    if (answer.subCode === 'ACQ.TRADE_NOT_EXIST') return { tradeNo, status: 'waiting', amountMinor: 0 };
    const status = TRADE_STATUS[answer.tradeStatus ?? ''];
    if (!status) throw new GatewayRefused('unknown_status', `Alipay trade status ${answer.tradeStatus}`);
    return { tradeNo, status, amountMinor: minorOfYuan(answer.totalAmount ?? '0') };
  }

  /**
   * Refunds under our number: money moved (`fund_change` Y) is done; an answer that moved none (the same
   * number asked again, or Alipay still deciding) is read from alipay.trade.fastpay.refund.query; a refusal
   * that no retry changes (the buyer's account closed or frozen, the trade closed) failed.
   */
  async refund(request: { tradeNo: string; amountMinor: number; refundNo: string }): Promise<ChannelRefund> {
    const refundNo = request.refundNo.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 64);
    const answer = await this.call(
      'alipay.trade.refund',
      { outTradeNo: request.tradeNo, refundAmount: yuanOf(request.amountMinor), outRequestNo: refundNo },
      REFUND_NEVER,
    );
    if (answer.subCode && REFUND_NEVER.includes(answer.subCode)) return { refundNo, status: 'failed' };
    if (answer.fundChange === 'Y') return { refundNo, status: 'succeeded' };
    const asked = await this.call('alipay.trade.fastpay.refund.query', {
      outTradeNo: request.tradeNo,
      outRequestNo: refundNo,
    });
    return { refundNo, status: asked.refundStatus === 'REFUND_SUCCESS' ? 'succeeded' : 'pending' };
  }

  async close(tradeNo: string): Promise<void> {
    const answer = await this.call('alipay.trade.close', { outTradeNo: tradeNo }, [
      'ACQ.TRADE_NOT_EXIST',
      'ACQ.TRADE_STATUS_ERROR',
    ]);
    // Never opened: nothing to close, and its link expires with the order. Paid meanwhile: it stays paid.
    if (answer.subCode === 'ACQ.TRADE_STATUS_ERROR') {
      const trade = await this.query(tradeNo);
      if (trade.status === 'paid') throw new GatewayRefused('intent_captured', 'the Alipay trade is paid');
    }
  }

  verifyNotice(received: { body: string }): ChannelNotice {
    const fields: Record<string, string> = Object.fromEntries(new URLSearchParams(received.body));
    if (!this.sdk.checkNotifySignV2(fields)) throw new WebhookSignatureInvalid('the Alipay signature does not match');
    if (fields.app_id !== this.settings.appId) throw new WebhookSignatureInvalid('the notification is for another app');
    const tradeNo = fields.out_trade_no;
    if (!tradeNo) throw new WebhookSignatureInvalid('the notification names no trade');
    return { tradeNo, noticeId: fields.notify_id ?? `${tradeNo}:${fields.gmt_payment ?? ''}` };
  }

  /** One signed call; its answer's signature checked. Business refusals other than `allowed` are refused. */
  private async call(method: string, bizContent: Record<string, string>, allowed: string[] = []): Promise<Answer> {
    let answer: Answer;
    try {
      answer = (await this.sdk.exec(method, { bizContent }, { validateSign: true })) as Answer;
    } catch (e) {
      if (e instanceof AlipayRequestError) throw new GatewayUnavailable(`Alipay ${method}: ${e.message}`);
      throw e;
    }
    // 20000: Alipay could not tell (its service unavailable); the call may or may not have taken effect.
    if (answer.code === '20000')
      throw new GatewayUnavailable(`Alipay ${method}: ${answer.subCode ?? answer.msg ?? ''}`);
    if (answer.code === '10000' || (answer.subCode && allowed.includes(answer.subCode))) return answer;
    throw new GatewayRefused(answer.subCode ?? answer.code ?? 'unknown', `Alipay ${method}: ${answer.msg ?? ''}`);
  }
}
