import type { TopUpRefund } from '@junction/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderApp, stubApi } from '../../../testing/render-app';
import { TopUpRefunds } from './topup-refunds';

const refund = (over: Partial<TopUpRefund>): TopUpRefund => ({
  id: '00000000-0000-4000-8000-0000000000c1',
  topupId: '00000000-0000-4000-8000-0000000000d1',
  method: 'alipay',
  last4: null,
  amount: { amount: 7_700, currency: 'CNY' },
  state: 'failed',
  createdAt: '2026-12-03T12:00:00+08:00',
  ...over,
});

function show(items: TopUpRefund[], language: 'en' | 'zh-CN') {
  stubApi({ 'GET /api/wallet/topup-refunds': () => json({ items }) });
  renderApp([{ path: '/', element: <TopUpRefunds /> }], { language });
}

describe("the wallet page's late top-ups returned", () => {
  it.each([
    ['en', 'Could not be returned', 'Alipay', 'customer service will contact you'],
    ['zh-CN', '未能退回', '支付宝', '客服将与您联系'],
  ] as const)(
    'reads a refund Alipay refused as not returned, with customer service to follow (%s)',
    async (language, state, app, desk) => {
      show([refund({})], language);
      const row = await screen.findByTestId('topup-refund');
      expect(row.dataset.state).toBe('failed');
      expect(within(row).getByTestId('topup-refund-state').textContent).toBe(state);
      expect(row.textContent).toContain(app);
      expect(within(row).getByTestId('topup-refund-failed').textContent).toContain(desk);
    },
  );

  it.each([
    ['en', 'Returned', 'Bank card ending 3184', 'WeChat Pay', 'Being returned'],
    ['zh-CN', '已退回', '尾号 3184 的银行卡', '微信支付', '退回中'],
  ] as const)(
    'reads money back, or on its way, without a word of failure (%s)',
    async (language, back, card, wechat, onItsWay) => {
      show(
        [
          refund({ id: '00000000-0000-4000-8000-0000000000c2', method: 'card', last4: '3184', state: 'succeeded' }),
          refund({ id: '00000000-0000-4000-8000-0000000000c3', method: 'wechat', state: 'pending' }),
        ],
        language,
      );
      const [first, second] = await screen.findAllByTestId('topup-refund');
      expect(within(first as HTMLElement).getByTestId('topup-refund-state').textContent).toBe(back);
      expect(first?.textContent).toContain(card);
      expect(within(second as HTMLElement).getByTestId('topup-refund-state').textContent).toBe(onItsWay);
      expect(second?.textContent).toContain(wechat);
      expect(screen.queryByTestId('topup-refund-failed')).toBeNull();
    },
  );
});
