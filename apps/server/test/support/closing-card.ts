import { sql } from 'kysely';
import { expect } from 'vitest';
import { TEST_CARDS } from '../../src/features/payment/gateway/simulator/test-cards';
import type { payingTraveller } from '../../src/features/payment/payment.test-support';
import type { TestApp } from '../harness';
import { payingSuite } from './paying-app';
import { SURE_GATEWAY, SURE_TICKETING } from './settings';

/** The fixed instant of the refund tests' clock. */
export const REFUNDS_AT = new Date('2026-12-03T04:00:00Z');

/**
 * A file's app on a clock fixed at `REFUNDS_AT`, with a traveller ready to pay: tickets issued at once, a card
 * simulator that never fails on its own, and a refund paid out as soon as it is asked for.
 */
export function refundingSuite() {
  const now = () => REFUNDS_AT;
  return { ...payingSuite({ ...SURE_TICKETING, ...SURE_GATEWAY, REFUND_PROCESSING_SECONDS: '0' }, now), now };
}

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
