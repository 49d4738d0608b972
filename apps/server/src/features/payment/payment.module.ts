import type { Basics } from '../../feature-module';
import type { JobRegistry } from '../../jobs/jobs';
import type { PaymentChannel } from './channels/channel';
import { channelNoticeRoutes, type OtherTrades } from './channels/channel-notices';
import type { PaymentGateway } from './gateway/gateway';
import { registerPaymentJobs } from './payment.jobs';
import { PaymentsRepository } from './payment.repository';
import { paymentRoutes } from './payment.routes';
import { type CrashPoint, PaymentsService } from './payment.service';
import { webhookRoutes } from './payment.webhook';
import type {
  AfterPayment,
  LatePaymentNotice,
  PayableOrders,
  RefundDesk,
  RefundFailedNotice,
  SavedCards,
  WalletFunds,
} from './ports';

export type PaymentPorts = {
  gateway: PaymentGateway;
  orders: PayableOrders;
  afterPayment: AfterPayment;
  wallet: WalletFunds;
  savedCards: SavedCards;
  /** Tells the traveller of money that came after its order had ended, refunded at once. */
  latePayment?: LatePaymentNotice;
  /** Tells the traveller of a refund that could not go back where it was paid from. */
  refundFailed?: RefundFailedNotice;
  /** Puts that refund before customer service, who return the money by hand. */
  desk?: RefundDesk;
  /** The wallet apps configured (Alipay); none by default. */
  channels?: readonly PaymentChannel[];
  /** Notifications of trades that are not orders' (the wallet's top-ups): true when one was handled. */
  otherTrades?: OtherTrades;
  /** A captured intent that is not an order's (a card top-up's), told by the processor's webhook. */
  otherIntents?: (intentId: string) => Promise<boolean>;
};

/** Paying orders by card, saved card, wallet or a held payment; refunds of money; the processor's webhooks. */
export function paymentModule(basics: Basics, ports: PaymentPorts) {
  const { db, config, now } = basics;
  const service = new PaymentsService(
    new PaymentsRepository(db),
    ports.orders,
    ports.gateway,
    {
      returnPath: (orderId, attemptId) => `/payment?${new URLSearchParams({ id: orderId, attempt: attemptId })}`,
      publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
      settleAfterMs: config.PAYMENT_SETTLE_AFTER_MS,
      waitMs: config.PAYMENT_WAIT_MS,
      lateWindowMs: config.PAYMENT_LATE_WINDOW_HOURS * 3_600_000,
      ...(config.PAYMENT_PROCESSOR === 'stripe' && config.STRIPE_PUBLISHABLE_KEY
        ? { stripe: { publishableKey: config.STRIPE_PUBLISHABLE_KEY, jsUrl: config.STRIPE_JS_URL } }
        : {}),
      ...(config.PAYMENT_CRASH_AT && config.NODE_ENV !== 'production'
        ? { crashAt: config.PAYMENT_CRASH_AT as CrashPoint }
        : {}),
    },
    now,
    {
      afterPayment: ports.afterPayment,
      wallet: ports.wallet,
      savedCards: ports.savedCards,
      ...(ports.latePayment ? { latePayment: ports.latePayment } : {}),
      ...(ports.refundFailed ? { refundFailed: ports.refundFailed } : {}),
      ...(ports.desk ? { desk: ports.desk } : {}),
    },
    ports.channels ?? [],
  );
  return {
    service,
    routes: paymentRoutes(service),
    /** The processor's webhooks, outside the API scope: signed, not signed in. */
    webhook: webhookRoutes(ports.gateway, async (event) => {
      await service.onGatewayEvent(event);
      if (event.type === 'payment_intent.succeeded') await ports.otherIntents?.(event.intentId);
    }),
    /** The wallet apps' notifications, outside the API scope: signed by the app, not signed in. */
    notices: channelNoticeRoutes(service, ports.otherTrades),
    jobs: (registry: JobRegistry) => registerPaymentJobs(registry, service),
  };
}
