import { ORDER_STATUS } from '@junction/domain';
import { expect } from 'vitest';
import type { AlipayFake } from '../fakes/alipay-fake';
import type { WechatPayFake } from '../fakes/wechatpay-fake';
import type { TestApp } from '../harness';
import type { PayingTraveller } from '../support/paying-app';

/** The buyer's browser opening our page link at the local Alipay's cashier; the trade number the link carries. */
export async function openAlipayPage(actionUrl: string | null | undefined): Promise<{ link: URL; tradeNo: string }> {
  const link = new URL(actionUrl ?? '');
  expect((await fetch(link)).status).toBe(200);
  const tradeNo = JSON.parse(link.searchParams.get('biz_content') ?? '{}').out_trade_no as string;
  return { link, tradeNo };
}

/** A buyer's payment at a local wallet app while the app holds back its notifications (lost, or for the test to send). */
export async function untold<T>(fake: AlipayFake | WechatPayFake, pay: () => Promise<T>): Promise<T> {
  fake.dropNotices = true;
  try {
    return await pay();
  } finally {
    fake.dropNotices = false;
  }
}

/**
 * Fifty at once: the wallet app's notification of the paid trade sent again and again, and the traveller's
 * page asking where the attempt stands; the order is paid, its payment captured once.
 */
export async function paidOnceAmidReturns(
  t: TestApp,
  p: PayingTraveller,
  order: { orderId: string; attemptId: string },
  notify: () => Promise<unknown>,
): Promise<void> {
  const { orderId, attemptId } = order;
  await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0 ? notify() : p.state(orderId, attemptId).then((r) => r.statusCode),
    ),
  );
  expect((await p.get(orderId)).status).toBe(ORDER_STATUS.PAID);
  const captured = await t.db
    .selectFrom('paymentEvents')
    .select('kind')
    .where('attemptId', '=', attemptId)
    .where('kind', '=', 'captured')
    .execute();
  expect(captured).toHaveLength(1);
}
