import type { ChangeQuote, TicketChange } from '@junction/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderApp, stubApi } from '../../../testing/render-app';
import { ChangeQuoteCard } from './change-quote-card';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const trip = (number: string) => ({
  number,
  from: { en: 'Beijing Capital', 'zh-CN': '北京首都' },
  to: { en: 'Shanghai Hongqiao', 'zh-CN': '上海虹桥' },
  departureTime: '2030-05-01T08:00:00+08:00',
  arrivalTime: '2030-05-01T10:15:00+08:00',
  seatClass: 'Y',
});
const cny = (amount: number) => ({ amount, currency: 'CNY' as const });
const quote: ChangeQuote = {
  orderId: id(1),
  subOrderId: id(2),
  type: 'flight',
  from: trip('CA1501'),
  to: trip('CA1503'),
  oldFare: cny(98_000),
  newFare: cny(98_000),
  fee: cny(0),
  due: cny(0),
  refund: cny(0),
  refundTo: null,
  rule: 'free',
  percent: null,
  arrivalChanged: false,
  travellers: [0],
};
const change: TicketChange = {
  id: id(3),
  status: 'issuing',
  oldSubOrderId: id(2),
  newSubOrderId: id(4),
  from: quote.from,
  to: quote.to,
  oldFare: quote.oldFare,
  newFare: quote.newFare,
  fee: quote.fee,
  due: quote.due,
  refund: quote.refund,
  refundTo: null,
  createdAt: '2030-04-20T08:00:00+08:00',
  travellers: null,
  doneAt: null,
};

describe('confirming a change with nothing to pay', () => {
  it('hands the result on with the kind of ticket changed, which the reloaded options no longer have', async () => {
    // The page's layout is not drawn here: bringing the card into view does nothing.
    Element.prototype.scrollIntoView = vi.fn();
    stubApi({ 'POST /api/change': () => json(change) });
    const onDone = vi.fn();
    const card = (
      <ChangeQuoteCard
        orderId={id(1)}
        searchId="s1"
        resultId="r1"
        seatClass={undefined}
        travellers={undefined}
        quote={quote}
        error={null}
        onDone={onDone}
      />
    );
    renderApp([{ path: '/', element: card }], { language: 'en' });
    fireEvent.click(screen.getByTestId('change-confirm'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onDone).toHaveBeenCalledWith(change, 'flight');
  });
  it('confirms for the travellers ticked, as they were quoted', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    const calls = stubApi({ 'POST /api/change': () => json(change) });
    const card = (
      <ChangeQuoteCard
        orderId={id(1)}
        searchId="s1"
        resultId="r1"
        seatClass="M"
        travellers="1"
        quote={quote}
        error={null}
        onDone={vi.fn()}
      />
    );
    renderApp([{ path: '/', element: card }], { language: 'zh-CN' });
    fireEvent.click(screen.getByTestId('change-confirm'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/change')).toBe(true));
    expect(calls.find((c) => c.path === '/api/change')?.body).toMatchObject({ seatClass: 'M', travellers: '1' });
  });
});
