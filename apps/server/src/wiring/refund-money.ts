import type { RefundMoney } from '../features/fulfilment/ports';
import type { PaymentsService } from '../features/payment/payment.service';

/** A traveller's refund pays money back to the channel that paid: the card through the processor, the wallet through its ledger. */
export function refundMoney(payments: Pick<PaymentsService, 'refund'>): RefundMoney {
  return async (r) => {
    const refunded = await payments.refund({
      orderId: r.orderId,
      subOrderId: r.subOrderId,
      amount: r.amountMinor,
      idempotencyKey: r.idempotencyKey,
      purpose: r.purpose,
    });
    return { channel: refunded.channel, state: refunded.state };
  };
}
