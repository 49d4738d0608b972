import { randomUUID } from 'node:crypto';
import { apiErrorSchema, ERRORS, orderSchema, paymentStateSchema } from '@junction/domain';
import { WalletLedger } from '../../src/features/wallet/wallet.ledger';
import { WalletRepository } from '../../src/features/wallet/wallet.repository';
import type { TestApp } from '../harness';

/**
 * Pays an order as its traveller does from the wallet balance, through `POST /api/order/pay`: the
 * balance is first topped up with the order's price, then the payment-success transaction moves the
 * order to paid and queues its ticketing. False when the order was already paid (2000).
 */
export async function payOrder(t: Pick<TestApp, 'app' | 'db'>, cookie: string, orderId: string): Promise<boolean> {
  const seen = await t.app.inject({ method: 'GET', url: `/api/order?id=${orderId}`, headers: { cookie } });
  const order = orderSchema.parse(seen.json());
  const { userId } = await t.db
    .selectFrom('orders')
    .select('userId')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const ledger = new WalletLedger(new WalletRepository(t.db), () => new Date());
  await t.db.transaction().execute((trx) =>
    ledger.credit(trx, {
      userId,
      kind: 'topup',
      amountMinor: order.payment.price.amount,
      idempotencyKey: `test-topup:${randomUUID()}`,
    }),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order/pay',
    payload: { orderId, method: { kind: 'wallet' } },
    headers: { cookie, 'idempotency-key': randomUUID() },
  });
  if (res.statusCode !== 200) {
    const error = apiErrorSchema.parse(res.json());
    if (error.errorCode === ERRORS.ORDER_ALREADY_PAID.errorCode) return false;
    throw new Error(`paying ${orderId} answered ${res.statusCode}: ${res.body}`);
  }
  const state = paymentStateSchema.parse(res.json());
  if (state.outcome !== 'succeeded') throw new Error(`paying ${orderId} ended ${state.outcome}`);
  return true;
}
