import { GatewayRefused, type PaymentGateway, type PaymentIntent } from '../gateway/gateway';
import type { ChannelTrade, PaymentChannel } from './channel';

/** The calls settling, reconciling and refunding make about an attempt's money, whoever holds it. */
export type IntentCalls = Pick<PaymentGateway, 'retrieve' | 'cancel' | 'capture' | 'refund'>;

const STATUS = { waiting: 'requires_action', paid: 'succeeded', closed: 'canceled' } as const;

/** A wallet app's trade read as an intent: waiting is an action the buyer takes, paid is captured. */
export function intentOfTrade(trade: ChannelTrade): PaymentIntent {
  const paid = trade.status === 'paid';
  return {
    id: trade.tradeNo,
    status: STATUS[trade.status],
    amount: trade.amountMinor,
    currency: 'CNY',
    amountCaptured: paid ? trade.amountMinor : 0,
    amountRefunded: 0,
    metadata: {},
    nextActionUrl: null,
    declineCode: null,
    card: null,
    savedCard: null,
  };
}

/**
 * A wallet app behind the same calls as the card processor, so one settling, one reconciler and one
 * refund path serve every way of paying: the intent's id is our trade number, cancelling closes the trade,
 * and there is nothing to capture (the app takes the money when the buyer pays).
 */
export function channelIntents(channel: PaymentChannel): IntentCalls {
  const retrieve = async (tradeNo: string) => intentOfTrade(await channel.query(tradeNo));
  return {
    retrieve,
    capture: retrieve,
    async cancel(tradeNo) {
      await channel.close(tradeNo);
      const trade = await channel.query(tradeNo);
      if (trade.status === 'paid') throw new GatewayRefused('intent_captured', `${channel.name} trade paid`);
      return intentOfTrade({ ...trade, status: 'closed' });
    },
    async refund({ intentId, amount, idempotencyKey }) {
      const done = await channel.refund({ tradeNo: intentId, amountMinor: amount, refundNo: idempotencyKey });
      return { id: done.refundNo, intentId, amount, status: done.status };
    },
  };
}
