import type { PayDevice } from '@junction/domain';

/** The wallet apps travellers pay with beside cards: their own page takes the money, their notice tells us. */
export const CHANNEL_NAMES = ['alipay', 'wechat'] as const;
export type ChannelName = (typeof CHANNEL_NAMES)[number];

/** A trade as the wallet app tells it: waiting for the buyer (or not opened yet), paid, or closed unpaid. */
export type ChannelTrade = { tradeNo: string; status: 'waiting' | 'paid' | 'closed'; amountMinor: number };

/** A refund as the app answers it, under our refund number. */
export type ChannelRefund = { refundNo: string; status: 'succeeded' | 'pending' | 'failed' };

/** What a verified notification is about: our trade number, and the notification's own id. */
export type ChannelNotice = { tradeNo: string; noticeId: string };

/**
 * A wallet app (Alipay; docs/going-live.md), as our payment code sees it. The trade number is ours and
 * names the trade at the app, so asking again after a lost answer finds it. Every call may fail with
 * `GatewayUnavailable` (no answer) or `GatewayRefused` (an answer refusing it).
 */
export interface PaymentChannel {
  readonly name: ChannelName;
  /**
   * The app's page the traveller pays on, built and signed here, which comes back to `returnUrl`; or, for
   * WeChat Pay on a desktop, the `weixin://` link its QR code carries, scanned with the phone's app.
   */
  start(request: {
    tradeNo: string;
    amountMinor: number;
    subject: string;
    returnUrl: string;
    device: PayDevice;
    /** The traveller's IP address, as the request came (WeChat Pay's H5 payment sends it). */
    clientIp: string;
    expiresAt: Date;
  }): Promise<{ actionUrl: string }>;
  /** The trade now; one the buyer never opened is `waiting`. */
  query(tradeNo: string): Promise<ChannelTrade>;
  /**
   * Returns money of a paid trade; the same refund number refunds once: `succeeded` once the app has taken it,
   * `pending` while it has not decided, `failed` when it never will (the buyer's account closed or frozen).
   */
  refund(request: { tradeNo: string; amountMinor: number; refundNo: string }): Promise<ChannelRefund>;
  /** Closes an unpaid trade so it can no longer be paid; refused (`intent_captured`) once paid. */
  close(tradeNo: string): Promise<void>;
  /**
   * Checks a notification as it arrived (its exact body and headers): its signature (throws
   * `WebhookSignatureInvalid`), and reads what it is about.
   */
  verifyNotice(received: { body: string; headers: Record<string, string | undefined> }): ChannelNotice;
}
