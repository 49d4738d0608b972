import { randomUUID } from 'node:crypto';
import { apiErrorSchema, ERRORS, type Order, orderSchema, paymentStateSchema } from '@junction/domain';
import { expect } from 'vitest';
import { WalletLedger } from '../../src/features/wallet/wallet.ledger';
import { WalletRepository } from '../../src/features/wallet/wallet.repository';
import type { bookingClient, orderBody } from '../booking-client';
import type { TestApp } from '../harness';

/** Tops up the wallet of an order's traveller by an amount, as a top-up settled by the card processor would. */
export async function topUpFor(t: Pick<TestApp, 'db'>, orderId: string, amountMinor: number): Promise<void> {
  const { userId } = await t.db
    .selectFrom('orders')
    .select('userId')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const ledger = new WalletLedger(new WalletRepository(t.db), () => new Date());
  await t.db
    .transaction()
    .execute((trx) =>
      ledger.credit(trx, { userId, kind: 'topup', amountMinor, idempotencyKey: `test-topup:${randomUUID()}` }),
    );
}

/**
 * Pays an order as its traveller does from the wallet balance, through `POST /api/order/pay`: the
 * balance is first topped up with the order's price, then the payment-success transaction moves the
 * order to paid and queues its ticketing. False when the order was already paid (2000).
 */
export async function payOrder(t: Pick<TestApp, 'app' | 'db'>, cookie: string, orderId: string): Promise<boolean> {
  const seen = await t.app.inject({ method: 'GET', url: `/api/order?id=${orderId}`, headers: { cookie } });
  await topUpFor(t, orderId, orderSchema.parse(seen.json()).payment.price.amount);
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

/**
 * Writes an order as its traveller does and pays it from the wallet (`payOrder`, which must take the
 * payment): the order as it was written, before its ticketing.
 */
export async function paidOrder(
  t: Pick<TestApp, 'app' | 'db'>,
  c: ReturnType<typeof bookingClient>,
  cookie: string,
  body: ReturnType<typeof orderBody>,
): Promise<Order> {
  const res = await c.create(cookie, body);
  expect(res.statusCode, res.body).toBe(200);
  const order = orderSchema.parse(res.json());
  expect(await payOrder(t, cookie, order.id)).toBe(true);
  return order;
}

/**
 * Writes an order as its traveller does, pays it from the wallet and runs the due jobs: the order as
 * its traveller then reads it, ticketed (5).
 */
export async function ticketedOrder(
  t: TestApp,
  c: ReturnType<typeof bookingClient>,
  cookie: string,
  body: ReturnType<typeof orderBody>,
): Promise<Order> {
  const order = await paidOrder(t, c, cookie, body);
  await t.app.jobs?.runDueJobs();
  const seen = orderSchema.parse((await c.get(cookie, order.id)).json());
  expect(seen.status).toBe(5);
  return seen;
}

/** An order's events in order, each as `kind:from→to`. */
export const orderEventsOf = async (t: Pick<TestApp, 'db'>, orderId: string) =>
  (
    await t.db
      .selectFrom('orderEvents')
      .select(['kind', 'fromStatus', 'toStatus'])
      .where('orderId', '=', orderId)
      .orderBy('id')
      .execute()
  ).map((e) => `${e.kind}:${e.fromStatus}→${e.toStatus}`);

/** What an order moved in and out of its traveller's wallet, in order: `[kind, amount]` pairs. */
export async function walletMovesOf(t: Pick<TestApp, 'db'>, orderId: string): Promise<[string, number][]> {
  const entries = await t.db
    .selectFrom('walletEntries')
    .select(['kind', 'amountMinor'])
    .where('orderId', '=', orderId)
    .orderBy('id')
    .execute();
  return entries.map((e) => [e.kind, e.amountMinor]);
}
