import { criteriaOnDay, linkOnDay, type PriceAlert, packSearchLink } from '@junction/domain';
import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../shared/paths';
import { json, renderApp, stubApi, yuanAndDollars } from '../../../testing/render-app';
import { beijingShanghai } from '../../../testing/search-fixtures';
import { AlertsPage } from './alerts-page';

/** An alert on Beijing → Shanghai whose link carries codes only, as a short link or popular route makes it. */
const alert: PriceAlert = {
  id: '2f0c6a8e-8a4b-4c55-9d77-5a1f3c2b9e10',
  link: packSearchLink(beijingShanghai()),
  month: null,
  status: 'active',
  sms: false,
  currency: 'CNY',
  lowestMinor: 123_400,
  lowestDay: null,
  checkedAt: '2030-04-01T08:00:00+08:00',
  createdAt: '2030-03-30T08:00:00+08:00',
  history: [],
};
const place = (id: number, code: string, en: string, zh: string) => ({
  id,
  kind: 'city',
  code,
  name: { en, 'zh-CN': zh },
});

function stub(items: PriceAlert[] = [alert]) {
  stubApi({
    'GET /api/price-alerts': () => json({ items, max: 20 }),
    'GET /api/v2/places': () =>
      json({ places: [place(9406, 'BJS', 'Beijing', '北京'), place(9500, 'SHA', 'Shanghai', '上海')] }),
    'GET /api/currencies': yuanAndDollars(0.5, '2030-04-01'),
  });
}

describe('the price alerts page', () => {
  it.each([
    ['en', 'Beijing', 'Shanghai'],
    ['zh-CN', '北京', '上海'],
  ] as const)('names the places of a search tracked by codes (%s)', async (language, from, to) => {
    stub();
    renderApp([{ path: '/', element: <AlertsPage /> }], { language });
    const t = i18next.getFixedT(language, 'alerts');
    await waitFor(() =>
      expect(screen.getByTestId('price-alert').querySelector('h2')?.textContent).toContain(t('route', { from, to })),
    );
    expect(screen.getByTestId('price-alert').textContent).not.toMatch(/BJS|SHA/);
  });

  it.each(['en', 'zh-CN'] as const)('shows the lowest price in the display currency (%s)', async (language) => {
    stub();
    renderApp([{ path: '/', element: <AlertsPage /> }], { language, currency: 'USD' });
    const t = i18next.getFixedT(language, 'alerts');
    await waitFor(() => expect(screen.getByTestId('alert-lowest').textContent).toBe(t('lowest', { price: 'US$617' })));
  });

  afterEach(() => vi.useRealTimers());

  it.each([
    ['en', 'Any day in March 2030', 'Tue, Mar 12, 2030'],
    ['zh-CN', '2030年3月任意一天', '2030年3月12日周二'],
  ] as const)(
    'names the month an alert watches any day of, its lowest day, and opens that day (%s)',
    async (language, month, day) => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-03-05T04:00:00Z') });
      const overMonth = {
        ...alert,
        link: packSearchLink(criteriaOnDay(beijingShanghai(), '2030-03-01')),
        month: '2030/03',
        lowestDay: '2030/03/12',
      };
      stub([overMonth]);
      renderApp([{ path: '/', element: <AlertsPage /> }], { language });
      await waitFor(() => expect(screen.getByTestId('alert-days').textContent).toContain(month));
      expect(screen.getByTestId('alert-days').textContent).not.toMatch(/Mar 1,|3月1日/);
      expect(screen.getByTestId('alert-lowest').textContent).toContain(day);
      expect(screen.getByTestId('alert-open').getAttribute('href')).toBe(
        paths.searchResults(linkOnDay(overMonth.link, '2030-03-12')),
      );
    },
  );
});
