import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { OrderDates } from './order-dates';

const booked = { departureTime: '2026-12-01T08:00:00+08:00', arrivalTime: '2026-12-01T12:30:00+08:00' };

describe('an order header’s times', () => {
  it.each([
    ['en', 'Dec 1, 2026', '12:30'],
    ['zh-CN', '2026年12月1日', '12:30'],
  ] as const)('shows the trip as booked while everyone rides one train (%s)', (language, day, arrival) => {
    renderApp([{ path: '/', element: <OrderDates order={{ ...booked, separateTrains: false }} /> }], { language });
    const text = screen.getByTestId('travel-dates').textContent ?? '';
    expect(text).toContain(day);
    expect(text).toContain(arrival);
    expect(screen.queryByTestId('separate-trains')).toBeNull();
  });

  it.each([
    ['en', 'Dec 1, 2026', 'travellers ride different trains'],
    ['zh-CN', '2026年12月1日', '乘车人分乘不同车次'],
  ] as const)(
    'says when the travellers ride different trains, with the earliest departure and no arrival (%s)',
    (language, day, words) => {
      renderApp([{ path: '/', element: <OrderDates order={{ ...booked, separateTrains: true }} /> }], { language });
      const text = screen.getByTestId('separate-trains').textContent ?? '';
      expect(text).toContain(day);
      expect(text).toContain('08:00');
      expect(text).toContain(words);
      expect(text).not.toContain('12:30');
    },
  );
});
