import { encodePlaceCode, TRIP_TYPES, unpackSearchLink } from '@junction/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PreferencesProvider } from '../../../../shared/lib/preferences';
import { BEIJING, PVG, SHANGHAI } from '../../../../testing/search-fixtures';
import { defaultDraft, type SearchDraft, saveLastSearch } from './search-draft';
import { SearchForm } from './search-form';

const inDays = (n: number) => dayjs().add(n, 'day').format('YYYY-MM-DD');

/** The form's default search, from Beijing to Shanghai a week ahead. */
function draft(patch: Partial<SearchDraft> = {}): SearchDraft {
  return { ...defaultDraft(), legs: [{ id: 'a', from: BEIJING, to: SHANGHAI, date: inDays(7) }], ...patch };
}

function Results() {
  const location = useLocation();
  return <p data-testid="results-url">{location.pathname + location.search}</p>;
}

function renderForm(initial?: SearchDraft, language: 'en' | 'zh-CN' = 'en') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/', element: <SearchForm initial={initial} /> },
      { path: '/search', element: <Results /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={client}>
      <PreferencesProvider initial={{ language, currency: 'CNY', showOriginalCurrency: false }}>
        <RouterProvider router={router} />
      </PreferencesProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

const json = (data: unknown) => new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/forestage/calendar.json') return json({ years: {}, days: {} });
      return json({ data: [] });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18next.changeLanguage('en');
});

const searchedCriteria = () => {
  const url = new URL(screen.getByTestId('results-url').textContent ?? '', 'http://localhost');
  expect(url.pathname).toBe('/search');
  return unpackSearchLink(url.searchParams.get('s') ?? '');
};

describe('search form', () => {
  it('asks for both places before searching', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Please choose where you are leaving from.')).toBeTruthy();
    expect(screen.getByText('Please choose where you are going.')).toBeTruthy();
    expect(screen.queryByTestId('results-url')).toBeNull();
  });

  it('says so in Chinese when the page is in Chinese', async () => {
    await i18next.changeLanguage('zh-CN');
    const { user } = renderForm(undefined, 'zh-CN');
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    expect(await screen.findByText('请选择出发地。')).toBeTruthy();
    expect(screen.getByText('请选择目的地。')).toBeTruthy();
  });

  it('refuses a destination in the departure city', async () => {
    const { user } = renderForm(draft({ legs: [{ id: 'a', from: SHANGHAI, to: PVG, date: inDays(7) }] }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('The departure and the destination must be different.')).toBeTruthy();
  });

  it('opens the results with the criteria packed in s, and remembers the search', async () => {
    const { user } = renderForm(draft({ legs: [{ id: 'a', from: BEIJING, to: PVG, date: inDays(7) }] }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Cabin class' }), 'Business');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByTestId('results-url');
    expect(searchedCriteria()).toMatchObject({
      type: 1,
      cabin: 'C',
      adults: 1,
      sort: 'best',
      mode: 'all',
      flexDays: 0,
      legs: [
        {
          departure: encodePlaceCode(BEIJING.id),
          destination: encodePlaceCode(PVG.id),
          departure_date: inDays(7).replaceAll('-', '/'),
          departure_only_airport: false,
          destination_only_airport: true,
          departureName: 'Beijing',
          destinationCityCode: 'SHA',
        },
      ],
    });
    expect(localStorage.getItem('last_search')).toContain('Shanghai Pudong International Airport');
  });

  it('searches a round trip with its return date', async () => {
    const { user } = renderForm(draft({ type: TRIP_TYPES.ROUND_TRIP, returnDate: inDays(10) }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByTestId('results-url');
    expect(searchedCriteria()?.legs[0]).toMatchObject({
      departure_date: inDays(7).replaceAll('-', '/'),
      return_date: inDays(10).replaceAll('-', '/'),
    });
  });

  it('swaps origin and destination', async () => {
    const { user } = renderForm(draft());
    // Pressed as the pointer comes to the form, which brings its pickers: the press is not lost to them.
    const leg = screen.getByTestId('leg-0');
    await user.click(within(leg).getByRole('button', { name: 'Swap origin and destination' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByTestId('results-url');
    expect(searchedCriteria()?.legs[0]).toMatchObject({ departureName: 'Shanghai', destinationName: 'Beijing' });
  });

  it('multi-city: two legs to start, up to five, never fewer than two', async () => {
    const { user } = renderForm(draft());
    await user.click(screen.getByRole('radio', { name: 'Multi-city' }));
    expect(screen.getAllByTestId(/^leg-\d$/)).toHaveLength(2);
    expect((screen.getByRole('button', { name: 'Remove trip 2' }) as HTMLButtonElement).disabled).toBe(true);
    const add = screen.getByRole('button', { name: 'Add another trip' }) as HTMLButtonElement;
    for (let i = 0; i < 3; i++) await user.click(add);
    expect(screen.getAllByTestId(/^leg-\d$/)).toHaveLength(5);
    expect(add.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove trip 3' }));
    expect(screen.getAllByTestId(/^leg-\d$/)).toHaveLength(4);
    expect(add.disabled).toBe(false);
  });

  it('multi-city: a later leg departing before the previous one is pointed out at once', async () => {
    const { user } = renderForm(
      draft({
        type: TRIP_TYPES.MULTI_CITY,
        legs: [
          { id: 'a', from: BEIJING, to: SHANGHAI, date: inDays(9) },
          { id: 'b', from: SHANGHAI, to: BEIJING, date: inDays(8) },
        ],
      }),
    );
    expect(
      within(screen.getByTestId('leg-1')).getByText(
        "A later leg's departure date cannot be earlier than the previous trip.",
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByTestId('results-url')).toBeNull();
  });

  it('starts from the last search on this device', () => {
    saveLastSearch(draft({ adults: 2, children: 1 }));
    renderForm();
    expect(screen.getByText('Beijing')).toBeTruthy();
    expect(screen.getByText('Shanghai')).toBeTruthy();
    expect(screen.getByTestId('travellers-button').textContent).toBe('3 travellers');
  });
});
