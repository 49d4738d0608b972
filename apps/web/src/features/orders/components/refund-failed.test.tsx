import type { Order, OrderFulfilment, Refund } from '@junction/domain';
import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { json, renderApp, stubApi, yuanAndDollars } from '../../../testing/render-app';
import { RefundDetailPage } from '../pages/refund-detail-page';
import { TicketRefund } from './ticket-list';

const cny = (amount: number) => ({ amount, currency: 'CNY' as const });
const ID = '00000000-0000-4000-8000-0000000000f1';
const refund = (moneyBack: Refund['moneyBack'], more: Partial<Refund> = {}): Refund => ({
  id: ID,
  orderId: '00000000-0000-4000-8000-0000000000a1',
  orderNumber: 'JN2612030001',
  subOrderId: '00000000-0000-4000-8000-0000000000b1',
  travellerPosition: 0,
  traveller: '张伟',
  trip: 'MU5101',
  type: 'flight',
  status: 'done',
  reason: 'traveller',
  paid: cny(120_000),
  fee: cny(10_000),
  serviceFee: cny(0),
  refunded: cny(110_000),
  rule: 'air-before-2h',
  channel: 'card',
  moneyBack,
  requestedAt: '2026-12-03T12:00:00+08:00',
  deadline: '2026-12-10T12:00:00+08:00',
  doneAt: '2026-12-03T12:05:00+08:00',
  withdrawnAt: null,
  withdrawable: false,
  timeline: [
    { status: 'processing', at: '2026-12-03T12:00:00+08:00' },
    { status: 'done', at: '2026-12-03T12:05:00+08:00' },
  ],
  ...more,
});

/** The processor refused the money: the ticket is given up, the money still owed to the traveller. */
const owed = refund('failed', {
  status: 'owed',
  doneAt: null,
  timeline: [
    { status: 'processing', at: '2026-12-03T12:00:00+08:00' },
    { status: 'owed', at: '2026-12-03T12:05:00+08:00' },
  ],
});
/** …and customer service paid it back another way. */
const paidByDesk = refund('failed', {
  channel: 'desk',
  doneAt: '2026-12-04T10:00:00+08:00',
  timeline: [...owed.timeline, { status: 'done', at: '2026-12-04T10:00:00+08:00' }],
});

/** The traveller's refund line on the order page, as the order's record has it. */
function showLine(r: Refund, language: 'en' | 'zh-CN') {
  const fulfilment = { refunds: [r] } as unknown as OrderFulfilment;
  renderApp(
    [
      {
        path: '/',
        element: (
          <TicketRefund
            order={{} as Order}
            fulfilment={fulfilment}
            subOrderId={r.subOrderId}
            position={0}
            onRefund={() => {}}
          />
        ),
      },
    ],
    { language },
  );
}

describe('a refund whose money could not go back', () => {
  it.each(['en', 'zh-CN'] as const)('reads as failed on the order page, never as refunded (%s)', async (language) => {
    const t = i18next.getFixedT(language, 'orders');
    showLine(refund('failed'), language);
    const line = await screen.findByTestId('ticket-refund');
    expect(line.dataset.status).toBe('failed');
    expect(line.textContent).toBe(t('refund.ticketStatus.failed'));
    expect(line.textContent).not.toBe(t('refund.ticketStatus.done'));
    expect(line.textContent).toContain(language === 'en' ? 'customer service will contact you' : '客服将与您联系');
  });

  it.each(['en', 'zh-CN'] as const)('reads as refunded once its money went back (%s)', async (language) => {
    const t = i18next.getFixedT(language, 'orders');
    showLine(refund('succeeded'), language);
    const line = await screen.findByTestId('ticket-refund');
    expect(line.textContent).toBe(t('refund.ticketStatus.done'));
  });

  it.each(['en', 'zh-CN'] as const)('reads as failed on its own page (%s)', async (language) => {
    const t = i18next.getFixedT(language, 'orders');
    stubApi({ 'GET /api/refund': () => json(refund('failed')) });
    renderApp([{ path: '/refund-detail', element: <RefundDetailPage /> }], { language, at: `/refund-detail?id=${ID}` });
    await waitFor(() => expect(screen.getByTestId('refund-status').textContent).toBe(t('refund.status.failed')));
    expect(t('refund.status.failed')).not.toBe(t('refund.status.done'));
  });

  it.each(['en', 'zh-CN'] as const)('reads as owed, never refunded, on the order page (%s)', async (language) => {
    const t = i18next.getFixedT(language, 'orders');
    showLine(owed, language);
    const line = await screen.findByTestId('ticket-refund');
    expect(line.dataset.status).toBe('failed');
    expect(line.textContent).toBe(t('refund.ticketStatus.failed'));
    expect(line.textContent).toContain(language === 'en' ? 'customer service will contact you' : '客服将与您联系');
  });

  it.each(['en', 'zh-CN'] as const)('explains the money owed on its own page (%s)', async (language) => {
    const t = i18next.getFixedT(language, 'orders');
    stubApi({ 'GET /api/refund': () => json(owed) });
    renderApp([{ path: '/refund-detail', element: <RefundDetailPage /> }], { language, at: `/refund-detail?id=${ID}` });
    await waitFor(() => expect(screen.getByTestId('refund-status').textContent).toBe(t('refund.status.failed')));
    expect(screen.getByTestId('refund-owed').textContent).toContain(
      language === 'en' ? 'could not go back to your original payment method' : '退款未能原路退回',
    );
    expect(screen.queryByTestId('received-before')).toBeNull();
  });

  it.each(['en', 'zh-CN'] as const)('reads as refunded once customer service paid it back (%s)', async (language) => {
    const t = i18next.getFixedT(language, 'orders');
    showLine(paidByDesk, language);
    expect((await screen.findByTestId('ticket-refund')).textContent).toBe(t('refund.ticketStatus.done'));
    stubApi({ 'GET /api/refund': () => json(paidByDesk) });
    renderApp([{ path: '/refund-detail', element: <RefundDetailPage /> }], { language, at: `/refund-detail?id=${ID}` });
    await waitFor(() => expect(screen.getByTestId('refund-status').textContent).toBe(t('refund.status.done')));
    expect(screen.getByTestId('refund-channel').textContent).toBe(
      language === 'en' ? 'Returned by customer service' : '客服已退还',
    );
    expect(screen.queryByTestId('refund-owed')).toBeNull();
  });
});

describe('the amounts of a refund on its page', () => {
  /** A Duffel ticket given back: its price whole yuan, the airline's refund converted from dollars, with fen. */
  const converted = refund('succeeded', { fee: cny(38_763), refunded: cny(81_237), rule: 'air-seller-quote' });

  it.each(['en', 'zh-CN'] as const)(
    'read as the order and payment pages read them: whole yuan, or two decimals with fen, never converted (%s)',
    async (language) => {
      stubApi({
        'GET /api/refund': () => json(converted),
        // Prices shown in dollars: money that moved still reads in yuan, as it moved.
        'GET /api/currencies': yuanAndDollars(0.1371, '2026-12-01'),
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
