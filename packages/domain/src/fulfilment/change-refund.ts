import type { ChangeRefundTo } from './change.schema';
import type { ReceiptPayment } from './fulfilment.schema';

/**
 * Where a change's refund goes back: the order's own payment that can take it (as payments refund a
 * cheaper change's difference), the first order payment otherwise; null when the order was never paid.
 */
export function changeRefundTo(payments: readonly ReceiptPayment[], amountMinor: number): ChangeRefundTo | null {
  const own = payments.filter((p) => p.purpose === 'order');
  const paid = own.find((p) => p.amount.amount >= amountMinor) ?? own[0] ?? payments[0];
  if (!paid) return null;
  return { method: paid.method, last4: paid.method === 'card' ? paid.last4 : null };
}
