import type { Order } from '@junction/domain';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp } from '../../../testing/render-app';
import type { RefundTickets } from '../api/fulfilment';
import { RefundDialog } from './refund-dialog';

afterEach(cleanup);

const ORDER = '00000000-0000-4000-8000-0000000000a1';
const SUB = '00000000-0000-4000-8000-0000000000b1';
const cny = (amount: number) => ({ amount, currency: 'CNY' });
const ticket = (position: number, traveller: string, paid: number) => ({
  subOrderId: SUB,
  travellerPosition: position,
  traveller,
  trip: 'CZ3802',
  type: 'flight',
  paid: cny(paid),
  fee: cny(0),
  serviceFee: cny(0),
  refunded: cny(paid),
  rule: 'free-24h',
  percent: null,
  departure: '2026-12-21T07:29:00+08:00',
});

/** The quote of one traveller alone is refused (a child left without an adult); everyone's is given. */
function stubQuotes(): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/refund/quote') return json({ errorCode: 4040, errorContent: 'Not found' }, 404);
      asked.push(url.searchParams);
      if (url.searchParams.has('traveller'))
        return json({ errorCode: 2206, errorContent: 'A child or an infant cannot travel without an adult' }, 422);
      const tickets = [ticket(0, '张伟', 91_800), ticket(1, '张小宝', 68_900)];
      return json({
        orderId: ORDER,
        tickets,
        paid: cny(160_700),
        fee: cny(0),
        serviceFee: cny(0),
        refunded: cny(160_700),
        deadline: '2026-12-07T17:46:00+08:00',
      });
    }),
  );
  return asked;
}

function Harness({ first }: { first: RefundTickets }) {
  const [tickets, setTickets] = useState<RefundTickets | null>(first);
  const order = { id: ORDER, subOrders: [{ id: SUB }] } as Pick<Order, 'id' | 'subOrders'>;
  return <RefundDialog order={order} tickets={tickets} onTickets={setTickets} onClose={() => setTickets(null)} />;
}

describe('the refund dialog of an adult travelling with a child', () => {
  it.each([
    ['en', 'Refund everyone on this booking instead'],
    ['zh-CN', '改为全部乘客一起退票'],
  ] as const)('offers everyone’s refund instead of a dead end, and quotes it (%s)', async (language, instead) => {
    const asked = stubQuotes();
    renderApp([{ path: '/', element: <Harness first={{ subOrderId: SUB, traveller: 0 }} /> }], { language });
    const button = await screen.findByTestId('refund-everyone-instead');
    expect(button.textContent).toBe(instead);
    expect(screen.getByTestId('confirm-refund').hasAttribute('disabled')).toBe(true);
    fireEvent.click(button);
    expect(await screen.findAllByTestId('quote-ticket')).toHaveLength(2);
    expect(screen.getByTestId('confirm-refund').hasAttribute('disabled')).toBe(false);
    expect(asked.at(-1)?.get('subOrderId')).toBe(SUB);
    expect(asked.at(-1)?.has('traveller')).toBe(false);
  });

  it('offers it too when the traveller was chosen on the travellers card, the order being one booking', async () => {
    const asked = stubQuotes();
    renderApp([{ path: '/', element: <Harness first={{ traveller: 0 }} /> }], { language: 'en' });
    fireEvent.click(await screen.findByTestId('refund-everyone-instead'));
    expect(await screen.findAllByTestId('quote-ticket')).toHaveLength(2);
    expect(asked.at(-1)?.get('subOrderId')).toBe(SUB);
  });
});
