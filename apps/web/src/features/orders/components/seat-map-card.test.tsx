import type { BookingExtras, BookingOffer, FlightSeatMap, Passenger, SeatMaps } from '@junction/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, renderApp, stubApi } from '../../../testing/render-app';
import { ONE_FLIGHT } from '../../../testing/search-fixtures';
import { ExtrasStep } from './extras-step';

afterEach(cleanup);

const offer = { result: ONE_FLIGHT, tickets: [{ type: 'flight', legs: [0] }] } as unknown as BookingOffer;
const person = (id: string, chineseName: string) =>
  ({ id, chineseName, surname: null, givenNames: null, documents: [] }) as unknown as Passenger;
const WEI = person('p-wei', '张伟');
const NA = person('p-na', '李娜');

const seat = (designator: string, priceMinor: number | null) => ({ kind: 'seat' as const, designator, priceMinor });
/** A short cabin: a galley, row 1 (1A taken, 1B free of charge), the exit, row 2 at 85 yuan. */
const MAP: FlightSeatMap = {
  leg: 0,
  cabins: [
    {
      deck: 0,
      aisles: 1,
      rows: [
        { sections: [[{ kind: 'galley' }], [{ kind: 'lavatory' }]] },
        { sections: [[seat('1A', null), seat('1B', 0)], [seat('1C', 8500)]] },
        { sections: [[{ kind: 'exit' }], [{ kind: 'exit' }]] },
        { sections: [[seat('2A', 8500), seat('2B', 8500)], [seat('2C', 8500)]] },
      ],
    },
  ],
};

/** The extras step of a flight for these travellers, the seat maps answered as given; the extras it holds. */
function show(language: 'en' | 'zh-CN', maps: SeatMaps, travellers: Passenger[]) {
  const calls = stubApi({ 'GET /api/booking/seat-maps': () => json(maps) });
  const held: { extras: BookingExtras } = { extras: { rail: [], baggage: [] } };
  function Step() {
    const [extras, setExtras] = useState<BookingExtras>(held.extras);
    held.extras = extras;
    return (
      <ExtrasStep
        offer={offer}
        searchId="s-1"
        travellers={travellers}
        types={{ air: travellers.map(() => 'ADULT' as const), rail: [] }}
        extras={extras}
        onChange={setExtras}
      />
    );
  }
  renderApp([{ path: '/', element: <Step /> }], { language });
  return { calls, held };
}

describe("a flight's seat map on the booking's extras step", () => {
  it.each(['en', 'zh-CN'] as const)(
    'shows rows, the exit and seats free, taken and priced, and chooses a seat per traveller (%s)',
    async (language) => {
      const t = i18next.getFixedT(language, 'orders');
      const { held } = show(language, { flights: [MAP] }, [WEI, NA]);
      const card = await screen.findByTestId('seat-map-card');
      expect(card.textContent).toContain('MU5101');
      expect(screen.getByTestId('seat-exit').textContent).toBe(t('booking.seats.exit'));
      expect(screen.getByRole('group', { name: t('booking.seats.row', { row: '2' }) })).toBeTruthy();
      const taken = screen.getByTestId('seat-1A');
      expect(taken.getAttribute('aria-label')).toBe(t('booking.seats.seatTaken', { seat: '1A' }));
      expect((taken as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getByTestId('seat-1B').getAttribute('aria-label')).toBe(
        t('booking.seats.seatFree', { seat: '1B' }),
      );
      expect(screen.getByTestId('seat-2A').getAttribute('aria-label')).toMatch(/2A.*85/);

      // The first traveller takes 2A; the choice moves on to the second, who takes 1B.
      fireEvent.click(screen.getByTestId('seat-2A'));
      expect(screen.getByTestId('seat-2A').getAttribute('aria-label')).toBe(
        t('booking.seats.seatChosen', { seat: '2A', name: '张伟' }),
      );
      expect((screen.getByTestId('seat-2A') as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(screen.getByTestId('seat-1B'));
      expect(screen.getByTestId('seat-1B').getAttribute('aria-pressed')).toBe('true');
      expect(held.extras.seats).toEqual([{ leg: 0, seats: ['2A', '1B'] }]);
      const chosen = screen.getAllByTestId('seat-chosen').map((x) => x.textContent);
      expect(chosen[0]).toContain(t('booking.seats.chosen', { seat: '2A' }));
      expect(chosen[1]).toContain(t('booking.seats.free'));

      // Chosen again, a seat is given back.
      fireEvent.click(screen.getByTestId('seat-1B'));
      expect(held.extras.seats).toEqual([{ leg: 0, seats: ['2A', null] }]);
      expect(screen.getAllByTestId('seat-chosen')[1]?.textContent).toContain(t('booking.seats.none'));
    },
  );

  it.each(['en', 'zh-CN'] as const)(
    'shows each traveller the price of a seat for them, and a seat not sold to them as taken (%s)',
    async (language) => {
      const t = i18next.getFixedT(language, 'orders');
      // 3A costs the first traveller 120 yuan and the second 60; 3B is sold to the first alone.
      const priced: FlightSeatMap = {
        leg: 0,
        cabins: [
          {
            deck: 0,
            aisles: 1,
            rows: [
              {
                sections: [
                  [{ ...seat('3A', 12_000), pricesMinor: [12_000, 6_000] }],
                  [{ ...seat('3B', 15_000), pricesMinor: [15_000, null] }],
                ],
              },
            ],
          },
        ],
      };
      const { held } = show(language, { flights: [priced] }, [WEI, NA]);
      await screen.findByTestId('seat-map-card');
      expect(screen.getByTestId('seat-3A').getAttribute('aria-label')).toMatch(/3A.*120/);
      // Choosing for the second traveller: 3A at their price, 3B not for them.
      fireEvent.click(screen.getByLabelText(/2\. 李娜/));
      expect(screen.getByTestId('seat-3A').getAttribute('aria-label')).toMatch(/3A.*60/);
      expect(screen.getByTestId('seat-3B').getAttribute('aria-label')).toBe(
        t('booking.seats.seatTaken', { seat: '3B' }),
      );
      fireEvent.click(screen.getByTestId('seat-3A'));
      expect(held.extras.seats).toEqual([{ leg: 0, seats: [null, '3A'] }]);
      expect(screen.getAllByTestId('seat-chosen')[1]?.textContent).toMatch(/60/);
    },
  );

  it('shows no seat choice when the seller shows no seat map', async () => {
    const { calls } = show('en', { flights: [] }, [WEI]);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/booking/seat-maps')).toBe(true));
    await waitFor(() => expect(screen.queryByText('Loading the seat map…')).toBeNull());
    expect(screen.queryByTestId('seat-map-card')).toBeNull();
  });
});
