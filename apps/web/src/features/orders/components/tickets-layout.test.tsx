import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from '../../../testing/media-query';
import { renderApp, stubApi } from '../../../testing/render-app';
import { TICKETED_SUB_ORDER, ticketedOrder } from '../../../testing/ticketed-order';
import type { RefundTickets } from '../api/fulfilment';
import { TicketsCard } from './tickets-card';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The tickets card on a screen of that width: the phone's 390 px, or a desktop's 1280 px. */
function showAt(width: number, language: 'en' | 'zh-CN', onRefund: (tickets: RefundTickets) => void = () => {}) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query)?.[1];
    return mediaQueryList(query, max !== undefined && width <= Number(max));
  });
  stubApi({});
  // A train of one ride for two adults.
  const { order, fulfilment } = ticketedOrder('railway', {
    travellers: [
      ['张伟', 'ADULT'],
      ['李娜', 'ADULT'],
    ],
    gate: 'B12',
  });
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
        ['Ticket number', '781234567890'],
        ['Coach', 'Coach 05'],
        ['Seat / berth', '30A'],
        ['Check-in gate', 'B12'],
        ['Refund', 'Refund'],
      ],
    ],
    [
      'zh-CN',
      [
        ['乘客', '张伟'],
        ['车次', G1],
        ['票号', '781234567890'],
        ['车厢', '05 车'],
        ['座位 / 铺位', '30A'],
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
      expect(within(second).getByTestId('ticket-number').textContent).toBe('781234567891');
      // Each traveller's own ticket is refunded from its card.
      fireEvent.click(within(second).getByTestId('refund-ticket'));
      expect(asked).toEqual([{ subOrderId: TICKETED_SUB_ORDER, traveller: 1 }]);
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
