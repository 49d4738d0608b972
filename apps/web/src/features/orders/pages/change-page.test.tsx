import type { ChangeOptions, ChangeQuote, ResultLeg, SearchResult } from '@junction/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderApp, stubApi } from '../../../testing/render-app';
import { ChangePage } from './change-page';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const cny = (amount: number) => ({ amount, currency: 'CNY' as const });
const place = (code: string, en: string, zh: string) => ({
  code,
  name: { en, 'zh-CN': zh },
  kind: 'airport' as const,
  lat: 0,
  lon: 0,
});
const PEK = place('PEK', 'Beijing Capital', '北京首都');
const SHA = place('SHA', 'Shanghai Hongqiao', '上海虹桥');
const OWN_TIME = '2030-05-01T08:00:00+08:00';

const trip = (number: string, seatClass: string) => ({
  number,
  from: PEK.name,
  to: SHA.name,
  departureTime: OWN_TIME,
  arrivalTime: '2030-05-01T10:15:00+08:00',
  seatClass,
});

/** The economy ticket of CA1501 on 1 May 2030, which may be changed. */
const options: ChangeOptions = {
  tickets: [
    {
      subOrderId: id(2),
      type: 'flight',
      refusal: null,
      firstDay: '2030-04-20',
      lastDay: '2030-10-01',
      trip: trip('CA1501', 'Y'),
      travellers: [{ position: 0, name: '张伟', refunded: false }],
      departure: 'BJS',
      destination: 'SHA',
      carrier: 'CA',
    },
  ],
};

const cabin = (code: string, amount: number, remaining: number) => ({ code, price: cny(amount), remaining });
/** A flight of the ticket's airline that day, in economy as the change's search asks, listing its cabins. */
function flight(number: string, departureTime: string, seats: ReturnType<typeof cabin>[]): SearchResult {
  const leg: ResultLeg = {
    kind: 'air',
    carrier: 'CA',
    carrierName: { en: 'Air China', 'zh-CN': '中国国航' },
    number,
    from: PEK,
    to: SHA,
    departureTime,
    arrivalTime: departureTime.replace('T08', 'T10').replace('T12', 'T14'),
    durationMinutes: 135,
    cabin: 'Y',
    seats,
    price: cny(98_000),
    separateTicket: false,
  };
  return {
    id: number,
    kind: 'flight',
    price: cny(98_000),
    departureTime,
    arrivalTime: leg.arrivalTime,
    durationMinutes: 135,
    transfers: 0,
    date: '2030/05/01',
    legs: [leg],
    bounds: [{ start: 0, end: 0 }],
    agent: 'own',
    sellers: [{ supplier: 'sim', name: { en: 'Sim', 'zh-CN': '模拟' }, price: cny(98_000) }],
    fees: { cancelBefore: null, cancelAfter: null, changeBefore: cny(10_000), changeAfter: null, free24h: false },
  };
}
const OWN = flight('CA1501', OWN_TIME, [cabin('Y', 98_000, 80), cabin('S', 160_000, 3), cabin('C', 330_000, 12)]);
const LATER = flight('CA1503', '2030-05-01T12:00:00+08:00', [cabin('Y', 98_000, 80), cabin('C', 330_000, 0)]);

const quoteIn = (code: string, number: string, amount: number): ChangeQuote => ({
  orderId: id(1),
  subOrderId: id(2),
  type: 'flight',
  from: trip('CA1501', 'Y'),
  to: trip(number, code),
  oldFare: cny(98_000),
  newFare: cny(amount),
  fee: cny(10_000),
  due: cny(10_000 + amount - 98_000),
  refund: cny(0),
  refundTo: null,
  rule: 'air-before-2h',
  percent: null,
  arrivalChanged: false,
  travellers: [0],
});

function stubChange() {
  return stubApi({
    'GET /api/change/options': () => json(options),
    'POST /api/v2/search': () => json({ searchId: 's1' }),
    'POST /api/v2/pull': () =>
      json({ phase: 'pull', answered: 1, total: 1, done: true, cursor: 2, results: [LATER, OWN], failed: [] }),
    'GET /api/change/classes': () =>
      json({
        classes: [
          { seatClass: 'S', quote: quoteIn('S', 'CA1501', 160_000) },
          { seatClass: 'C', quote: quoteIn('C', 'CA1501', 330_000) },
        ],
      }),
    'POST /api/change': () =>
      json({
        ...quoteIn('C', 'CA1501', 330_000),
        id: id(3),
        status: 'awaiting-payment',
        oldSubOrderId: id(2),
        newSubOrderId: id(4),
        travellers: null,
        createdAt: '2030-04-20T08:00:00+08:00',
        doneAt: null,
      }),
  });
}

const option = (code: string) =>
  screen.getAllByTestId('change-class').find((el) => el.getAttribute('data-code') === code) as HTMLElement;
const labelOf = (code: string) => option(code).closest('label') as HTMLElement;
/** Chooses the flight of that number from the day's list. */
async function choose(number: string) {
  const rows = await screen.findAllByTestId('change-result');
  const row = rows.find((el) => el.getAttribute('data-number') === number) as HTMLElement;
  fireEvent.click(within(row).getByTestId('change-choose'));
}

describe('the cabin of a flight change', () => {
  it('lists each cabin of the flight with its fare and seats, starts in the ticket’s own, and confirms the one picked', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    const calls = stubChange();
    const router = renderApp(
      [
        { path: '/change', element: <ChangePage /> },
        { path: '/payment', element: <p /> },
      ],
      {
        at: `/change?order=${id(1)}&ticket=${id(2)}`,
      },
    );
    await choose('CA1503');

    // Another flight: economy, the ticket's cabin, is chosen; business is sold out on it.
    const picker = await screen.findByTestId('change-classes');
    expect(picker.textContent).toContain('Cabin on the new flight');
    expect(screen.getAllByTestId('change-class').map((el) => el.getAttribute('data-code'))).toEqual(['Y', 'C']);
    expect(labelOf('Y').textContent).toContain('Economy');
    expect((option('Y') as HTMLInputElement).checked).toBe(true);
    expect(labelOf('C').textContent).toContain('Business');
    expect(labelOf('C').textContent).toContain('Sold out');
    expect((option('C') as HTMLInputElement).disabled).toBe(true);

    // Its own flight says it is the traveller's, offered for another cabin only; the other flight says nothing.
    const rowOf = (number: string) =>
      screen.getAllByTestId('change-result').find((el) => el.getAttribute('data-number') === number) as HTMLElement;
    expect(rowOf('CA1501').textContent).toContain('Your current flight');
    expect(within(rowOf('CA1501')).getByTestId('change-choose').textContent).toBe('Change cabin');
    expect(rowOf('CA1503').textContent).not.toContain('Your current flight');
    expect(within(rowOf('CA1503')).getByTestId('change-choose').textContent).toBe('Choose');

    // Its own flight: economy is the ticket itself; premium economy and business may be taken.
    await choose('CA1501');
    await waitFor(() => expect(screen.getAllByTestId('change-class')).toHaveLength(3));
    expect(labelOf('Y').textContent).toContain("Your ticket's cabin");
    expect((option('Y') as HTMLInputElement).disabled).toBe(true);
    expect(labelOf('S').textContent).toContain('3 left');
    await waitFor(() => expect((option('S') as HTMLInputElement).checked).toBe(true));
    fireEvent.click(labelOf('C'));
    await waitFor(() => expect(screen.getByTestId('change-quote').textContent).toContain('Business'));
    fireEvent.click(screen.getByTestId('change-confirm'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/change')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/change')?.body).toMatchObject({
      resultId: 'CA1501',
      seatClass: 'C',
      expected: { dueMinor: 10_000 + 330_000 - 98_000, refundMinor: 0 },
    });
    // The difference is paid on the payment page.
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
  });

  it('names the cabins in Chinese', async () => {
    stubChange();
    renderApp([{ path: '/change', element: <ChangePage /> }], {
      at: `/change?order=${id(1)}&ticket=${id(2)}`,
      language: 'zh-CN',
    });
    await choose('CA1501');
    const own = screen.getAllByTestId('change-result').find((el) => el.getAttribute('data-number') === 'CA1501');
    expect(own?.textContent).toContain('当前航班');
    expect(own?.textContent).toContain('换舱位');
    expect((await screen.findByTestId('change-classes')).textContent).toContain('新航班舱位');
    expect(labelOf('C').textContent).toContain('公务舱');
    expect(labelOf('S').textContent).toContain('剩3张');
    expect(labelOf('Y').textContent).toContain('当前舱位');
  });
});
