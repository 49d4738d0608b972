import type { Order, OrderWaitlist } from '@junction/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render-app';
import { WaitlistCard } from './waitlist-card';

const released = (reason: OrderWaitlist['reason']): OrderWaitlist => ({
  status: 'released',
  cutoffAt: '2030-05-01T06:50:00+08:00',
  held: null,
  train: 'G113',
  seatClass: 'O',
  reason,
});
/** The order as the card reads it: 3 when the hold was voided, 4 when a charge was refunded in full. */
const order = (paymentStatus: 3 | 4) =>
  ({ id: 'a1', paymentStatus, payment: { price: { amount: 62_700, currency: 'CNY' } } }) as unknown as Order;

describe('a waiting list that ended without tickets', () => {
  it.each(['en', 'zh-CN'] as const)('says nothing was charged when the hold was voided (%s)', async (language) => {
    stubApi({});
    const t = i18next.getFixedT(language, 'orders');
    for (const [reason, key] of [
      ['cutoff', 'waitlist.released'],
      ['traveller', 'waitlist.cancelled'],
      ['hold_lost', 'waitlist.holdLost'],
    ] as const) {
      renderApp([{ path: '/', element: <WaitlistCard order={order(3)} waitlist={released(reason)} /> }], { language });
      await waitFor(() => expect(screen.getByTestId('waitlist-ended').textContent).toContain(t(key)));
      cleanup();
    }
  });

  it.each(['en', 'zh-CN'] as const)('says the charge was refunded in full when it was (%s)', async (language) => {
    stubApi({});
    const t = i18next.getFixedT(language, 'orders');
    for (const [reason, key] of [
      ['cutoff', 'waitlist.releasedRefunded'],
      ['traveller', 'waitlist.cancelledRefunded'],
      ['hold_lost', 'waitlist.releasedRefunded'],
    ] as const) {
      renderApp([{ path: '/', element: <WaitlistCard order={order(4)} waitlist={released(reason)} /> }], { language });
      await waitFor(() => expect(screen.getByTestId('waitlist-ended').textContent).toContain(t(key)));
      const text = screen.getByTestId('waitlist-ended').textContent ?? '';
      expect(text).not.toContain(t('waitlist.released'));
      expect(text).not.toContain(t('waitlist.cancelled'));
      cleanup();
    }
  });
});
