import type { PaymentChannel } from '../features/payment/channels/channel';
import { ProcessorRefused, type TopupApps } from '../features/wallet/ports';
import { asWalletCall } from './wallet-processor';

/** The wallet's top-ups reach the payment feature's wallet apps through their own port; errors become the port's. */
export function walletApps(channels: readonly PaymentChannel[]): TopupApps {
  const channelOf = (name: string) => {
    const channel = channels.find((c) => c.name === name);
    if (!channel) throw new ProcessorRefused('not_configured', `${name} is not configured`);
    return channel;
  };
  const call = asWalletCall;
  return {
    names: channels.map((c) => c.name),
    start: (app, request) => call(() => channelOf(app).start(request)),
    query: (app, tradeNo) =>
      call(async () => {
        const trade = await channelOf(app).query(tradeNo);
        return { status: trade.status, amountMinor: trade.amountMinor };
      }),
    close: (app, tradeNo) => call(() => channelOf(app).close(tradeNo)),
    // A refund the app has not decided is refused, so the top-up's refund is asked again, never taken as done;
    // one it answers it never will make is `failed`.
    refund: (app, request) =>
      call(async () => {
        const done = await channelOf(app).refund(request);
        if (done.status === 'pending') throw new ProcessorRefused('refund_pending', `${app} refund pending`);
        return done.status;
      }),
  };
}
