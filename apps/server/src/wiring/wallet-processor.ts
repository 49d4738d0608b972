import { GatewayRefused, GatewayUnavailable, type PaymentGateway } from '../features/payment/gateway/gateway';
import { type CardProcessor, ProcessorRefused, ProcessorUnavailable } from '../features/wallet/ports';

/** A payment call whose gateway errors become the wallet port's: unavailable stays unavailable, a refusal keeps its code. */
export async function asWalletCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof GatewayUnavailable) throw new ProcessorUnavailable(e.message);
    if (e instanceof GatewayRefused) throw new ProcessorRefused(e.code, e.message);
    throw e;
  }
}

/** The wallet reaches the card processor through its own port; the gateway's errors become the port's. */
export function walletProcessor(gateway: PaymentGateway): CardProcessor {
  const call = asWalletCall;
  const setup = gateway.setupCard?.bind(gateway);
  const remove = gateway.removeCard?.bind(gateway);
  return {
    describeToken: (token) => call(() => gateway.describeToken(token)),
    createCustomer: (request) => call(() => gateway.createCustomer(request)),
    saveCard: (request) => call(() => gateway.saveCard(request)),
    cardToken: (request) => call(() => gateway.cardToken(request)),
    ...(setup ? { setupCard: (request) => call(() => setup(request)) } : {}),
    ...(remove ? { removeCard: (request) => call(() => remove(request)) } : {}),
    createIntent: (request) => call(() => gateway.createIntent(request)),
    confirm: (intentId, request) => call(() => gateway.confirm(intentId, request)),
    retrieve: (intentId) => call(() => gateway.retrieve(intentId)),
    cancel: (intentId, request) => call(() => gateway.cancel(intentId, request)),
    refund: (request) => call(async () => ({ status: (await gateway.refund(request)).status })),
  };
}
