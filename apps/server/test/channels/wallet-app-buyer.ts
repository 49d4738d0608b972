import { expect } from 'vitest';
import type { AlipayFake } from '../fakes/alipay-fake';
import type { WechatPayFake } from '../fakes/wechatpay-fake';

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
