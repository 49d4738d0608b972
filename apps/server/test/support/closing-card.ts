import { sql } from 'kysely';
import { expect } from 'vitest';
import { TEST_CARDS } from '../../src/features/payment/gateway/simulator/test-cards';
import type { payingTraveller } from '../../src/features/payment/payment.test-support';
import type { TestApp } from '../harness';

/** An order of `p`'s traveller, now speaking `language`, paid with the card whose refunds the bank refuses. */
export async function paidWithClosingCard(
  t: TestApp,
  p: Awaited<ReturnType<typeof payingTraveller>>,
  language: 'en' | 'zh-CN',
) {
  const order = await p.order();
  expect((await p.pay(order.id, await p.token(TEST_CARDS.refundFails))).statusCode).toBe(200);
  const { userId } = await t.db
    .selectFrom('orders')
    .select('userId')
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  await sql`update users set language = ${language} where id = ${userId}`.execute(t.db);
  return { order, userId };
}
