import { ORDER_STATUS, type Order, type OrderFulfilment, SUB_ORDER_STATUS } from '@junction/domain';
import { cleanup, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render-app';
import { TicketsCard } from './tickets-card';

afterEach(cleanup);

/** A flight then a train on tickets of their own, the flight's leg cancelled by its airline when `cancelled`. */
function order(cancelled: boolean): Order {
  const sub = (n: number, type: 'flight' | 'railway', number: string, status: number) => ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    type,
    status,
    legs: [n],
    flightNumber: number,
    confirmationCode: null,
    price: { amount: 90_000, currency: 'CNY' },
    ticketing: null,
    serviceFee: null,
  });
  return {
    id: '00000000-0000-4000-8000-000000000009',
    status: ORDER_STATUS.TICKETED,
    travellers: [],
    legs: [],
    scheduleChanges: [],
    cancelledLegs: cancelled ? [0] : [],
    subOrders: [
      sub(0, 'flight', 'MU5101', cancelled ? SUB_ORDER_STATUS.REFUNDING : SUB_ORDER_STATUS.TICKETED),
      sub(1, 'railway', 'G7301', SUB_ORDER_STATUS.TICKETED),
    ],
  } as unknown as Order;
}

const fulfilment = {
  orderId: '00000000-0000-4000-8000-000000000009',
  ticketingHours: 2,
  ticketingBy: null,
  paidAt: null,
  tickets: [],
  refunds: [],
  changes: [],
  receipt: null,
} satisfies OrderFulfilment;

const show = (cancelled: boolean, language: 'en' | 'zh-CN') => {
  stubApi({});
  renderApp(
    [
      {
        path: '/',
        element: <TicketsCard order={order(cancelled)} fulfilment={fulfilment} onRefund={() => undefined} />,
      },
    ],
    { language },
  );
};

describe('a ticket its operator cancelled', () => {
  it.each(['en', 'zh-CN'] as const)('is marked cancelled by the airline on its own row only (%s)', (language) => {
    show(true, language);
    const [flight, train] = screen.getAllByTestId('sub-order');
    const marks = screen.getAllByTestId('operator-cancelled');
    expect(marks).toHaveLength(1);
    expect(flight?.contains(marks[0] as HTMLElement)).toBe(true);
    expect(train?.contains(marks[0] as HTMLElement)).toBe(false);
    expect(marks[0]?.textContent).toBe(i18next.getFixedT(language, 'orders')('tickets.cancelled.flight'));
  });

  it.each(['en', 'zh-CN'] as const)('is not marked when nothing was cancelled (%s)', (language) => {
    show(false, language);
    expect(screen.getAllByTestId('sub-order')).toHaveLength(2);
    expect(screen.queryByTestId('operator-cancelled')).toBeNull();
  });
});
