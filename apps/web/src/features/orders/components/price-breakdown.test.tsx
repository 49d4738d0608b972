import {
  type PriceBreakdown as Breakdown,
  type Order,
  type PartyTypes,
  priceOrder,
  type SearchResult,
} from '@junction/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render-app';
import { TWO_FLIGHTS, TWO_TRAINS } from '../../../testing/search-fixtures';
import { PriceBreakdown } from './price-breakdown';

const breakdown: Breakdown = {
  fares: [{ ticket: 'railway', type: 'ADULT', count: 1, totalMinor: 106_600 }],
  taxesMinor: 0,
  extras: [],
  serviceFees: [],
  groundEstimateMinor: 0,
  totalMinor: 106_600,
} as unknown as Breakdown;
const cny = (amount: number) => ({ amount, currency: 'CNY' as const });

describe('the price box of an order whose ticket was changed', () => {
  it.each(['en', 'zh-CN'] as const)(
    'shows the difference and the refund as lines and the total paid in all (%s)',
    async (language) => {
      stubApi({});
      const t = i18next.getFixedT(language, 'orders');
      const changeMoney: Order['changeMoney'] = { difference: cny(12_000), refund: cny(5_300), total: cny(113_300) };
      renderApp([{ path: '/', element: <PriceBreakdown breakdown={breakdown} changeMoney={changeMoney} /> }], {
        language,
      });
      await waitFor(() => expect(screen.getByTestId('order-total').getAttribute('data-amount')).toBe('113300'));
      const box = screen.getByTestId('price-breakdown').textContent ?? '';
      expect(box).toContain(t('breakdown.changeDifference'));
      expect(box).toContain(t('breakdown.changeRefund'));
      expect(box).toContain(t('breakdown.paidInAll'));
      expect(screen.getByTestId('change-difference').textContent).toMatch(/120/);
      expect(screen.getByTestId('change-refund').textContent).toMatch(/-.*53/);
      expect(screen.getByTestId('order-total').textContent).toMatch(/1,?133/);
      cleanup();
    },
  );

  it('shows the booking total alone when no change moved money', async () => {
    stubApi({});
    renderApp([{ path: '/', element: <PriceBreakdown breakdown={breakdown} changeMoney={null} /> }], {
      language: 'en',
    });
    await waitFor(() => expect(screen.getByTestId('order-total').getAttribute('data-amount')).toBe('106600'));
    expect(screen.queryByTestId('change-difference')).toBeNull();
    cleanup();
  });
});

describe('the fare lines of a journey of two tickets', () => {
  const linesOf = (language: 'en' | 'zh-CN', result: SearchResult, types: PartyTypes) => {
    const { breakdown: b } = priceOrder({ result, types, extras: { rail: [], baggage: [] }, railServiceFeeMinor: 0 });
    renderApp([{ path: '/', element: <PriceBreakdown breakdown={b} /> }], { language });
    return screen.getAllByTestId('fare-line').map((l) => l.querySelector('dt')?.textContent);
  };

  it.each(['en', 'zh-CN'] as const)(
    'counts each traveller once over two flights and over two trains (%s)',
    async (language) => {
      stubApi({});
      const t = i18next.getFixedT(language, 'orders');
      const line = (ticket: 'flight' | 'railway', type: 'ADULT' | 'CHILD') =>
        t('breakdown.fareLine', { ticket: t(`tickets.${ticket}`), type: t(`types.${type}`), count: 1 });
      expect(linesOf(language, TWO_FLIGHTS, { air: ['ADULT'], rail: ['ADULT'] })).toEqual([line('flight', 'ADULT')]);
      cleanup();
      expect(linesOf(language, TWO_FLIGHTS, { air: ['ADULT', 'CHILD'], rail: ['ADULT', 'CHILD'] })).toEqual([
        line('flight', 'ADULT'),
        line('flight', 'CHILD'),
      ]);
      cleanup();
      expect(linesOf(language, TWO_TRAINS, { air: ['ADULT', 'CHILD'], rail: ['ADULT', 'CHILD'] })).toEqual([
        line('railway', 'ADULT'),
        line('railway', 'CHILD'),
      ]);
      expect(line('flight', 'ADULT')).toBe(language === 'en' ? 'Flight · Adult × 1' : '机票 · 成人 × 1');
      cleanup();
    },
  );
});
