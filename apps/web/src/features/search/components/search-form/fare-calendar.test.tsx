import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, stubApi } from '../../../../testing/render-app';
import { FareCalendar } from './fare-calendar';

afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

describe('the month of fares', () => {
  it('asks for its prices once when opened, not again while it stays open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi({
      'GET /api/v2/fare-calendar': () =>
        json({
          days: [
            {
              date: '2030/05/03',
              flight: { price: { amount: 60_000, currency: 'CNY' }, seenAt: '2030-04-20T02:00:00Z' },
            },
          ],
        }),
    });
    const asked = () => calls.filter((c) => c.path === '/api/v2/fare-calendar').length;
    renderApp([
      {
        path: '/',
        element: (
          <FareCalendar
            from="BJS"
            to="SHA"
            date="2030-05-01"
            min="2030-04-20"
            max="2030-06-30"
            onChoose={() => {}}
            onClose={() => {}}
          />
        ),
      },
    ]);
    await screen.findByTestId('fare-calendar');
    await vi.waitFor(() => expect(asked()).toBe(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5 * 60_000);
    });
    expect(asked()).toBe(1);
  });
});
