import {
  type IssuedTicketView,
  ORDER_STATUS,
  type Order,
  type OrderFulfilment,
  SUB_ORDER_STATUS,
} from '@junction/domain';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from '../../../testing/media-query';
import { renderApp, stubApi } from '../../../testing/render-app';
import type { RefundTickets } from '../api/fulfilment';
import { TicketsCard } from './tickets-card';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const SUB = '00000000-0000-4000-8000-000000000001';
const ORDER = '00000000-0000-4000-8000-000000000002';

/** A ticketed train of one ride for two adults, as the order page reads it, and its issued tickets. */
function ticketedTrain(): { order: Order; fulfilment: OrderFulfilment } {
  const traveller = (name: string) => ({
    passengerId: null,
    name,
    airType: 'ADULT',
    railType: 'ADULT',
    documentType: 'ID_CARD',
    documentMasked: '1101**********0015',
  });
  const ticket = (position: number): IssuedTicketView => ({
    subOrderId: SUB,
    legIndex: 0,
    travellerPosition: position,
    supplier: 'rail',
    bookingReference: 'E123456789',
    ticketNumber: `E12345678${position}`,
    seat: `0${position + 6}F`,
    coach: '05',
    berth: null,
    gate: 'B12',
  });
  const order = {
    id: ORDER,
    status: ORDER_STATUS.TICKETED,
    travellers: [traveller('张伟'), traveller('李娜')],
    legs: [
      {
        kind: 'land',
        number: 'G1',
        departureTime: '2030-05-01T08:00:00+08:00',
        arrivalTime: '2030-05-01T12:30:00+08:00',
      },
    ],
    scheduleChanges: [],
    cancelledLegs: [],
    subOrders: [
      {
        id: SUB,
        type: 'railway',
        status: SUB_ORDER_STATUS.TICKETED,
        legs: [0],
        flightNumber: 'G1',
        confirmationCode: 'E123456789',
        price: { amount: 110_000, currency: 'CNY' },
        ticketing: null,
        serviceFee: null,
      },
    ],
  } as unknown as Order;
  const fulfilment = {
    orderId: ORDER,
    ticketingHours: 2,
    ticketingBy: null,
    paidAt: null,
    tickets: [ticket(0), ticket(1)],
    refunds: [],
    changes: [],
    receipt: null,
  } satisfies OrderFulfilment;
  return { order, fulfilment };
}

/** The tickets card on a screen of that width: the phone's 390 px, or a desktop's 1280 px. */
function showAt(width: number, language: 'en' | 'zh-CN', onRefund: (tickets: RefundTickets) => void = () => {}) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query)?.[1];
    return mediaQueryList(query, max !== undefined && width <= Number(max));
  });
  stubApi({});
  const { order, fulfilment } = ticketedTrain();
  renderApp([{ path: '/', element: <TicketsCard order={order} fulfilment={fulfilment} onRefund={onRefund} /> }], {
    language,
  });
}

describe("the order's tickets on a phone", () => {
  const G1 = expect.stringMatching(/^G1 .*08:00$/);
  it.each([
    [
      'en',
      [
        ['Traveller', '张伟'],
        ['Train', G1],
        ['Ticket number', 'E123456780'],
        ['Coach', 'Coach 05'],
        ['Seat / berth', '06F'],
        ['Check-in gate', 'B12'],
        ['Refund', 'Refund'],
      ],
    ],
    [
      'zh-CN',
      [
        ['乘客', '张伟'],
        ['车次', G1],
        ['票号', 'E123456780'],
        ['车厢', '05 车'],
        ['座位 / 铺位', '06F'],
        ['检票口', 'B12'],
        ['退款', '退票'],
      ],
    ],
  ] as const)(
    'shows each ticket as a card of labelled lines, nothing left to scroll sideways to (%s)',
    (language, lines) => {
      const asked: RefundTickets[] = [];
      showAt(390, language, (x) => asked.push(x));
      expect(screen.queryByTestId('ticket-table')).toBeNull();
      const cards = within(screen.getByTestId('ticket-cards')).getAllByTestId('ticket-row');
      expect(cards).toHaveLength(2);
      const [first, second] = cards as [HTMLElement, HTMLElement];
      const labels = Array.from(first.querySelectorAll('dt')).map((el) => el.textContent);
      const values = Array.from(first.querySelectorAll('dd')).map((el) => el.textContent);
      expect(labels.map((label, i) => [label, values[i]])).toEqual(lines);
      expect(within(second).getByTestId('ticket-number').textContent).toBe('E123456781');
      // Each traveller's own ticket is refunded from its card.
      fireEvent.click(within(second).getByTestId('refund-ticket'));
      expect(asked).toEqual([{ subOrderId: SUB, traveller: 1 }]);
    },
  );

  it('keeps the table on a wide screen', () => {
    showAt(1280, 'en');
    expect(screen.queryByTestId('ticket-cards')).toBeNull();
    const table = screen.getByTestId('ticket-table');
    expect(within(table).getAllByTestId('ticket-row')).toHaveLength(2);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toContain('Ticket number');
  });
});
