import type { WaitlistPayments } from '../features/orders/ports';
import type { PaymentsService } from '../features/payment/payment.service';

/**
 * The waiting list's held card payment, captured or voided by payments.
 *
 * The one loop between features: payments move orders (a paid or held order), orders own the waiting
 * list, and the waiting list captures and voids its held payments through payments. Payments are built
 * after orders, so the waiting list reaches them through `payments()` when it calls, never while it is
 * built: a call before payments exist is a fault of the server's construction, and says so.
 */
export function waitlistPayments(
  payments: () => Pick<PaymentsService, 'captureHeld' | 'releaseHeld'> | undefined,
): WaitlistPayments {
  const built = () => {
    const p = payments();
    if (!p) throw new Error('the waiting list reached payments before they were built');
    return p;
  };
  return {
    capture: async (orderId) => built().captureHeld(orderId),
    release: async (orderId) => built().releaseHeld(orderId),
  };
}
