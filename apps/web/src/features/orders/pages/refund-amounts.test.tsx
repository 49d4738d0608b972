import type { Refund } from '@junction/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, renderApp, stubApi } from '../../../testing/render-app';
import { RefundDetailPage } from './refund-detail-page';

afterEach(cleanup);

const cny = (amount: number) => ({ amount, currency: 'CNY' as const });
const ID = '00000000-0000-4000-8000-0000000000f2';

/** A Duffel ticket given back: its price whole yuan, the airline's refund converted from dollars, with fen. */
const refund: Refund = {
  id: ID,
  orderId: '00000000-0000-4000-8000-0000000000a2',
  orderNumber: 'JN2612030002',
  subOrderId: '00000000-0000-4000-8000-0000000000b2',
  travellerPosition: 0,
  traveller: '张伟',
  trip: 'KE852',
  type: 'flight',
  status: 'done',
  reason: 'traveller',
  paid: cny(120_000),
  fee: cny(38_763),
  serviceFee: cny(0),
  refunded: cny(81_237),
  rule: 'air-seller-quote',
  channel: 'card',
  moneyBack: 'succeeded',
  requestedAt: '2026-12-03T12:00:00+08:00',
  deadline: '2026-12-10T12:00:00+08:00',
  doneAt: '2026-12-03T12:05:00+08:00',
  withdrawnAt: null,
  withdrawable: false,
  timeline: [
    { status: 'processing', at: '2026-12-03T12:00:00+08:00' },
    { status: 'done', at: '2026-12-03T12:05:00+08:00' },
  ],
};

describe('the amounts of a refund on its page', () => {
  it.each(['en', 'zh-CN'] as const)(
    'read as the order and payment pages read them: whole yuan, or two decimals with fen, never converted (%s)',
    async (language) => {
      stubApi({
        'GET /api/refund': () => json(refund),
        // Prices shown in dollars: money that moved still reads in yuan, as it moved.
        'GET /api/currencies': () =>
          json({
            data: [
              { code: 'CNY', symbol: '¥', position: 'left', nameEn: 'Yuan', nameZh: '人民币', country: 'CN' },
              { code: 'USD', symbol: 'US$', position: 'left', nameEn: 'US dollar', nameZh: '美元', country: 'US' },
            ],
            rates: { date: '2026-12-01', rates: { 'CNY:USD': 0.1371 } },
          }),
      });
      renderApp([{ path: '/refund-detail', element: <RefundDetailPage /> }], {
        language,
        currency: 'USD',
        at: `/refund-detail?id=${ID}`,
      });
      await waitFor(() => expect(screen.getByTestId('refund-amount').textContent).toBe('¥812.37'));
      expect(screen.getByTestId('refund-fee').textContent).toBe('¥387.63');
      expect(document.body.textContent).toContain('¥1,200');
      expect(document.body.textContent).not.toContain('¥1,200.00');
      expect(document.body.textContent).not.toContain('US$');
    },
  );
});
