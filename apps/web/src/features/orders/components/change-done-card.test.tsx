import type { TicketChange } from '@junction/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { json, renderApp, stubApi } from '../../../testing/render-app';
import { ChangeDoneCard } from './change-done-card';

const trip = (number: string, seatClass: string) => ({
  number,
  from: { en: 'Beijing South', 'zh-CN': '北京南' },
  to: { en: 'Shanghai Hongqiao', 'zh-CN': '上海虹桥' },
  departureTime: '2030-05-01T08:00:00+08:00',
  arrivalTime: '2030-05-01T12:30:00+08:00',
  seatClass,
});
const cny = (amount: number) => ({ amount, currency: 'CNY' as const });
const change = (status: TicketChange['status'], refundTo: TicketChange['refundTo']): TicketChange => ({
  id: '00000000-0000-4000-8000-000000000001',
  status,
  oldSubOrderId: '00000000-0000-4000-8000-000000000002',
  newSubOrderId: '00000000-0000-4000-8000-000000000003',
  from: trip('G1', 'O'),
  to: trip('G7', 'O'),
  oldFare: cny(62_700),
  newFare: cny(55_300),
  fee: cny(0),
  due: cny(0),
  refund: cny(7_400),
  refundTo,
  createdAt: '2030-04-20T08:00:00+08:00',
  travellers: null,
  doneAt: null,
});
const wallet = { method: 'wallet' as const, last4: null };

/** The card as the order's record has it now (the confirmation answered `issuing`). */
function show(now: TicketChange, language: 'en' | 'zh-CN') {
  stubApi({
    'GET /api/order/fulfilment': () =>
      json({
        orderId: '00000000-0000-4000-8000-0000000000a1',
        ticketingHours: 2,
        ticketingBy: null,
        paidAt: null,
        tickets: [],
        refunds: [],
        changes: [now],
        receipt: null,
      }),
  });
  renderApp(
    [
      {
        path: '/',
        element: (
          <ChangeDoneCard orderId="00000000-0000-4000-8000-0000000000a1" confirmed={change('issuing', wallet)} rail />
        ),
      },
    ],
    { language },
  );
}

describe('the result of a change confirmed with nothing to pay', () => {
  it.each(['en', 'zh-CN'] as const)('has a title of its own for every status (%s)', async (language) => {
    const t = i18next.getFixedT(language, 'orders');
    for (const [status, key] of [
      ['issuing', 'change.issuingTitle'],
      ['done', 'change.doneTitle'],
      ['failed', 'change.failedTitle'],
      ['lapsed', 'change.lapsedTitle'],
    ] as const) {
      show(change(status, status === 'failed' || status === 'lapsed' ? null : wallet), language);
      await waitFor(() => expect(screen.getByTestId('change-done').dataset.status).toBe(status));
      expect(screen.getByTestId('change-done').textContent).toContain(t(key));
      cleanup();
    }
  });

  it.each(['en', 'zh-CN'] as const)('tells of a refund only when the money moves (%s)', async (language) => {
    const t = i18next.getFixedT(language, 'orders');
    show(change('done', wallet), language);
    await waitFor(() => expect(screen.getByTestId('change-done').dataset.status).toBe('done'));
    expect(screen.getByTestId('change-done-refund').textContent).toContain(t('change.refundTo.wallet'));
    cleanup();
    for (const status of ['failed', 'lapsed'] as const) {
      // Even an older answer that still names a destination shows none for money that never moves.
      show(change(status, wallet), language);
      await waitFor(() => expect(screen.getByTestId('change-done').dataset.status).toBe(status));
      expect(screen.queryByTestId('change-done-refund')).toBeNull();
      expect(screen.getByTestId('change-done').textContent).not.toContain(t('change.refundTo.wallet'));
      expect(screen.getByTestId('change-done').textContent).not.toContain(t('change.refundNote'));
      cleanup();
    }
  });
});
