/** A captured payment as a refund sees it: how much it took and how much of it went back already. */
export type Refundable = { amountMinor: number; refundedMinor: number; purpose: string };

/**
 * The payment a refund goes back through, the one rule for refunds and for quotes that say where money
 * will go: of the order's captured payments (oldest first), the first with enough left after its earlier
 * refunds; for money paid for one purpose (a change's `difference`), that purpose's latest such payment.
 */
export function refundSource<P extends Refundable>(payments: readonly P[], amountMinor: number, purpose?: string) {
  const paid = purpose ? payments.filter((p) => p.purpose === purpose).reverse() : payments;
  return paid.find((p) => p.amountMinor - p.refundedMinor >= amountMinor);
}
