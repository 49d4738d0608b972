import type { Order, ProtectionCase } from '@junction/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { formatTravelTime } from '../../../shared/lib/format';
import { json, renderApp, stubApi } from '../../../testing/render-app';
import { ProtectionCard } from './protection-card';

const shanghai = { en: 'Shanghai Hongqiao', 'zh-CN': '上海虹桥' };
const beijing = { en: 'Beijing Capital', 'zh-CN': '北京首都' };
const hangzhou = { en: 'Hangzhou East', 'zh-CN': '杭州东' };

/** A flight the airline cancelled before the train on: a later flight still makes the train, or none does. */
const cancelled = (next: boolean, status: ProtectionCase['status'] = 'offered'): ProtectionCase => {
  const flight = {
    kind: 'air' as const,
    number: 'MU5101',
    from: beijing,
    to: shanghai,
    departureTime: '2026-12-10T08:00:00+08:00',
    arrivalTime: '2026-12-10T10:10:00+08:00',
  };
  return {
    id: '6f1c3c8e-4f7a-4b7e-9a51-3c1f0b8e2d10',
    status,
    cause: 'cancellation',
    delayed: flight,
    delayMinutes: 0,
    missed: flight,
    next: next
      ? {
          ...flight,
          number: 'MU5103',
          departureTime: '2026-12-10T09:00:00+08:00',
          arrivalTime: '2026-12-10T11:10:00+08:00',
        }
      : null,
    onward: null,
    refund: { amount: 98_000, currency: 'CNY' },
  };
};
const train = { ...cancelled(false).missed, kind: 'land' as const, number: 'G7301', from: shanghai, to: hangzhou };
const order = { id: 'b7d1', subOrders: [{}, {}] } as unknown as Order;
const answer = (c: ProtectionCase) => () => json({ cases: [c] });

afterEach(cleanup);

describe('the protection card after an operator cancelled the first ride', () => {
  it.each(['en', 'zh-CN'] as const)(
    'says the ride was cancelled and offers the later departure or the refund (%s)',
    async (language) => {
      stubApi({ 'GET /api/order/protection': answer(cancelled(true)) });
      const t = i18next.getFixedT(language, 'orders');
      renderApp([{ path: '/', element: <ProtectionCard order={order} /> }], { language });
      const cause = await screen.findByTestId('protection-cause');
      expect(cause.dataset.cause).toBe('cancellation');
      expect(cause.textContent).toContain('MU5101');
      // A cancellation is told as one, never as a delay of no minutes.
      expect(cause.textContent).toBe(
        t('protection.cancelled', {
          trip: 'MU5101',
          departure: formatTravelTime('2026-12-10T08:00:00+08:00', language),
        }),
      );
      expect(screen.getByTestId('protection-choose').textContent).toBe(t('protection.choose'));
      expect(screen.getByTestId('protection-case').textContent).toContain('MU5103');
      expect(screen.getByTestId('protection-rebook')).not.toHaveProperty('disabled', true);
      expect(screen.getByTestId('protection-refund').textContent).toContain(t('protection.refundCancelled'));
    },
  );

  it.each(['en', 'zh-CN'] as const)(
    'offers only the refund when no later departure makes the change (%s)',
    async (language) => {
      stubApi({ 'GET /api/order/protection': answer(cancelled(false)) });
      const t = i18next.getFixedT(language, 'orders');
      renderApp([{ path: '/', element: <ProtectionCard order={order} /> }], { language });
      await waitFor(() =>
        expect(screen.getByTestId('protection-case').textContent).toContain(t('protection.noNextCancelled')),
      );
      expect(screen.getByTestId('protection-rebook')).toHaveProperty('disabled', true);
    },
  );

  it.each(['en', 'zh-CN'] as const)(
    'asks once before refunding the cancelled ticket, then shows it refunded (%s)',
    async (language) => {
      let chosen = false;
      const calls = stubApi({
        'GET /api/order/protection': () => json({ cases: [cancelled(true, chosen ? 'refunded' : 'offered')] }),
        'POST /api/order/protection': () => {
          chosen = true;
          return json({ cases: [cancelled(true, 'refunded')] });
        },
      });
      const t = i18next.getFixedT(language, 'orders');
      renderApp([{ path: '/', element: <ProtectionCard order={order} /> }], { language });
      fireEvent.click(await screen.findByTestId('protection-refund'));
      expect(await screen.findByText(t('protection.confirm.refundCancelledText'))).toBeTruthy();
      fireEvent.click(screen.getByTestId('protection-confirm'));
      await waitFor(() =>
        expect(screen.getByTestId('protection-outcome').textContent).toContain(t('protection.refundedCancelled')),
      );
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        {
          method: 'POST',
          path: '/api/order/protection',
          body: { orderId: 'b7d1', caseId: cancelled(true).id, choice: 'refund' },
        },
      ]);
    },
  );

  it.each(['en', 'zh-CN'] as const)(
    'offers the next flight with a later train it makes when no later flight makes the train, and rebooks both (%s)',
    async (language) => {
      const both = (status: ProtectionCase['status']): ProtectionCase => ({
        ...cancelled(true, status),
        onward: {
          missed: train,
          next: {
            ...train,
            number: 'G7311',
            departureTime: '2026-12-10T12:30:00+08:00',
            arrivalTime: '2026-12-10T13:30:00+08:00',
          },
        },
      });
      let chosen = false;
      const calls = stubApi({
        'GET /api/order/protection': () => json({ cases: [both(chosen ? 'rebooked' : 'offered')] }),
        'POST /api/order/protection': () => {
          chosen = true;
          return json({ cases: [both('rebooked')] });
        },
      });
      const t = i18next.getFixedT(language, 'orders');
      renderApp([{ path: '/', element: <ProtectionCard order={order} /> }], { language });
      const rebook = await screen.findByTestId('protection-rebook');
      expect(rebook.textContent).toBe(t('protection.rebookBoth'));
      const offered = screen.getByTestId('protection-case').textContent;
      expect(offered).toContain(t('protection.onward'));
      expect(offered).toContain(t('protection.insteadOf', { trip: 'G7301' }));
      expect(offered).toContain('MU5103');
      expect(offered).toContain('G7311');
      fireEvent.click(rebook);
      expect(await screen.findAllByText(t('protection.confirm.rebookBothTitle'))).not.toHaveLength(0);
      fireEvent.click(screen.getByTestId('protection-confirm'));
      await waitFor(() => expect(screen.getByTestId('protection-outcome').textContent).toContain('G7311'));
      expect(screen.getByTestId('protection-outcome').textContent).toContain('MU5103');
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { orderId: 'b7d1', caseId: cancelled(true).id, choice: 'rebook' },
      ]);
    },
  );

  it.each(['en', 'zh-CN'] as const)(
    'once rebooked, tells the new departure and no longer asks to choose (%s)',
    async (language) => {
      stubApi({ 'GET /api/order/protection': answer({ ...cancelled(true), status: 'rebooked' }) });
      const t = i18next.getFixedT(language, 'orders');
      renderApp([{ path: '/', element: <ProtectionCard order={order} /> }], { language });
      const outcome = await screen.findByTestId('protection-outcome');
      expect(outcome.textContent).toContain(t('protection.rebooked'));
      expect(outcome.textContent).toContain('MU5103');
      expect(screen.getByTestId('protection-case').textContent).not.toContain(t('protection.choose'));
      expect(screen.queryByTestId('protection-rebook')).toBeNull();
    },
  );

  it.each(['en', 'zh-CN'] as const)('still tells a delay as a delay (%s)', async (language) => {
    const delayed: ProtectionCase = { ...cancelled(true), cause: 'delay', delayMinutes: 600, missed: train };
    stubApi({ 'GET /api/order/protection': answer(delayed) });
    const t = i18next.getFixedT(language, 'orders');
    renderApp([{ path: '/', element: <ProtectionCard order={order} /> }], { language });
    const cause = await screen.findByTestId('protection-cause');
    expect(cause.dataset.cause).toBe('delay');
    expect(cause.textContent).toContain('G7301');
    // Ten hours late reads as such, not as "10 h 0 min".
    expect(cause.textContent).toContain(language === 'en' ? 'runs 10 h late' : '延误 10小时，');
    expect(screen.getByTestId('protection-refund').textContent).toContain(t('protection.refund'));
  });
});
