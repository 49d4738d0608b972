import {
  cnyPriceOf,
  formatMoney,
  type LegPoint,
  type PullResponse,
  packSearchLink,
  type ResultLeg,
  resultViewSchema,
  type SearchCriteria,
  type SearchResult,
  sameInBoth,
  searchCriteriaSchema,
  viewResults,
} from '@junction/domain';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { busyRetry } from '../../../shared/api/busy-retry';
import { QueryProvider } from '../../../shared/api/query-provider';
import { localSession } from '../../../shared/auth/session';
import { PreferencesProvider } from '../../../shared/lib/preferences';
import { MessageDialogProvider } from '../../../shared/ui/message-dialog';
import { showErrorToast } from '../../../shared/ui/toast';
import { currentUser } from '../../../testing/accounts';
import { renderApp } from '../../../testing/render-app';
import { beijingShanghai, pullResponse, resultLeg } from '../../../testing/search-fixtures';
import { ResultsPage } from './results-page';

vi.mock('../../../shared/ui/toast', async (actual) => ({
  ...(await actual<typeof import('../../../shared/ui/toast')>()),
  showErrorToast: vi.fn(),
}));

// ---- fixtures (test-only) ----

const CRITERIA = beijingShanghai({ named: true });

const point = (code: string, name: string, kind: LegPoint['kind'] = 'airport', nameZh = name): LegPoint => ({
  code,
  name: { en: name, 'zh-CN': nameZh },
  kind,
  lat: 0,
  lon: 0,
});

const at = (hhmm: string, day = '01') => `2030-05-${day}T${hhmm}:00+08:00`;

const leg = resultLeg;

const PEK = point('PEK', 'Beijing Capital');
const SHA = point('SHA', 'Shanghai Hongqiao');
const PVG = point('PVG', 'Shanghai Pudong');
const CAN = point('CAN', 'Guangzhou Baiyun');
const VNP = point('VNP', 'Beijing South', 'station');
const AOH = point('AOH', 'Shanghai Hongqiao Station', 'station');
const HOME = point('', 'Wangfujing Street 1', 'address');

const fees = { cancelBefore: null, cancelAfter: null, changeBefore: null, changeAfter: null, free24h: false };

function result(
  id: string,
  kind: SearchResult['kind'],
  legs: ResultLeg[],
  amount: number,
  extra: Partial<SearchResult> = {},
) {
  const first = legs[0] as ResultLeg;
  const last = legs[legs.length - 1] as ResultLeg;
  return {
    id,
    kind,
    price: { amount, currency: 'CNY' },
    departureTime: first.departureTime,
    arrivalTime: last.arrivalTime,
    durationMinutes: Math.round((Date.parse(last.arrivalTime) - Date.parse(first.departureTime)) / 60_000),
    transfers: Math.max(0, legs.filter((l) => l.kind === 'air' || l.kind === 'land').length - 1),
    date: '2030/05/01',
    legs,
    bounds: [{ start: 0, end: legs.length }],
    agent: 'own',
    sellers: [{ supplier: 'a', name: sameInBoth('Supplier A'), price: { amount, currency: 'CNY' } }],
    fees,
    ...extra,
  } satisfies SearchResult;
}

const air = (from: LegPoint, to: LegPoint, times: [string, string], extra: Partial<ResultLeg> = {}) =>
  leg('air', from, to, times, {
    carrier: 'CA',
    carrierName: sameInBoth('Air China'),
    number: 'CA1501',
    cabin: 'Y',
    baggage: { carryOn: { pieces: 1, kg: 7 }, checked: { pieces: 1, kg: 20 } },
    ...extra,
  });

const DIRECT = result('direct', 'flight', [air(PEK, SHA, [at('08:00'), at('10:15')])], 98_000, {
  sellers: [
    { supplier: 'a', name: sameInBoth('Supplier A'), price: { amount: 98_000, currency: 'CNY' } },
    { supplier: 'b', name: sameInBoth('Supplier B'), price: { amount: 99_000, currency: 'CNY' } },
    { supplier: 'c', name: sameInBoth('Supplier C'), price: { amount: 105_000, currency: 'CNY' } },
  ],
});
const ONE_STOP = result(
  'one-stop',
  'flight',
  [
    air(PEK, CAN, [at('21:00'), at('23:55')], {
      carrier: 'CZ',
      carrierName: sameInBoth('China Southern'),
      number: 'CZ3100',
    }),
    air(CAN, PVG, [at('06:30', '02'), at('08:40', '02')], {
      carrier: 'CZ',
      carrierName: sameInBoth('China Southern'),
      number: 'CZ3501',
    }),
  ],
  52_000,
);
const TRAIN = result(
  'train',
  'train',
  [
    leg('land', VNP, AOH, [at('09:00'), at('13:28')], {
      carrier: 'CR',
      carrierName: sameInBoth('China Railway'),
      number: 'G1',
      trainType: 'G',
      cabin: 'O',
      seats: [
        { code: 'O', price: { amount: 66_200, currency: 'CNY' }, remaining: 3 },
        { code: 'M', price: { amount: 106_000, currency: 'CNY' }, remaining: 40 },
        { code: 'A9', price: { amount: 231_800, currency: 'CNY' }, remaining: 0 },
      ],
    }),
  ],
  66_200,
  { agent: 'railway' },
);
const WANGFUJING_METRO = point('WFJ', 'Wangfujing', 'metro');
const HGH = point('HGH', 'Hangzhou East', 'station');
const WEST_LAKE = point('', 'West Lake', 'address');
const DOOR = result(
  'door',
  'mix',
  [
    leg('lands', HOME, WANGFUJING_METRO, [at('05:50'), at('05:58')]),
    leg('subway', WANGFUJING_METRO, PEK, [at('06:00'), at('06:55')], {
      carrier: 'METRO',
      carrierName: { en: 'Capital Airport Express', 'zh-CN': '首都机场线' },
      number: 'Capital Airport Express',
      price: { amount: 2_500, currency: 'CNY' },
    }),
    air(PEK, SHA, [at('08:00'), at('10:15')], { separateTicket: true }),
    leg('land', AOH, HGH, [at('11:45'), at('12:50')], {
      carrier: 'CR',
      carrierName: sameInBoth('China Railway'),
      number: 'G7501',
      trainType: 'G',
      cabin: 'O',
    }),
    leg('taxi', HGH, WEST_LAKE, [at('13:00'), at('13:30')], { price: { amount: 4_500, currency: 'CNY' } }),
  ],
  120_000,
  {
    agent: 'combined',
    selfTransferMinutes: 90,
    fees: {
      cancelBefore: { amount: 10_000, currency: 'CNY' },
      cancelAfter: null,
      changeBefore: { amount: 0, currency: 'CNY' },
      changeAfter: { amount: 30_000, currency: 'CNY' },
      free24h: true,
    },
  },
);

// ---- a fake API ----

type Route = (body: Record<string, unknown>, url: URL) => Promise<Response> | Response;
const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
const pull = pullResponse;

/**
 * A pull that asks for a view gets what the server would send: the results of every pull so far, sorted,
 * filtered and cut to a page by the same code the server runs, instead of the new ones.
 */
async function asView(
  response: Response,
  body: Record<string, unknown>,
  criteria: SearchCriteria,
  seen: Map<string, SearchResult>,
) {
  if (!response.ok || body.view === undefined) return response;
  const pulled = (await response.json()) as PullResponse;
  for (const r of pulled.results) seen.set(r.id, r);
  const first = criteria.legs[0];
  const page = viewResults([...seen.values()], resultViewSchema.parse(body.view), {
    priceOf: cnyPriceOf(undefined),
    partySize: criteria.adults + criteria.children,
    mode: criteria.mode,
    calendar: first && criteria.flexDays > 0 ? { centerDate: first.departure_date, flexDays: criteria.flexDays } : null,
  });
  return json({ ...pulled, results: [], page });
}

function serve(routes: Record<string, Route>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  let criteria = CRITERIA;
  const seen = new Map<string, SearchResult>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path: url.pathname, body });
      if (url.pathname === '/api/v2/search') {
        criteria = searchCriteriaSchema.parse(body);
        seen.clear();
      }
      const route = routes[url.pathname];
      if (!route) return json({ errorCode: 4040, errorContent: 'Not found' }, 404);
      const response = await route(body, url);
      return url.pathname === '/api/v2/pull' ? asView(response, body, criteria, seen) : response;
    }),
  );
  return calls;
}

/** Pulls answered in turn, one per call; the last one repeats. */
function pulls(...responses: PullResponse[]): Route {
  let i = 0;
  return () => json(responses[Math.min(i++, responses.length - 1)]);
}

function Booking() {
  const location = useLocation();
  return <p data-testid="booking">{location.search}</p>;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page here</p> },
      { path: '/search', element: <ResultsPage /> },
      { path: '/search/:routes/:plan?', element: <ResultsPage /> },
      { path: '/booking', element: <Booking /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <PreferencesProvider initial={{ language: 'en', currency: 'CNY', showOriginalCurrency: false }}>
      <AntApp>
        <MessageDialogProvider goHome={() => void router.navigate('/')}>
          <QueryProvider goHome={() => void router.navigate('/')}>
            <RouterProvider router={router} />
          </QueryProvider>
        </MessageDialogProvider>
      </AntApp>
    </PreferencesProvider>,
  );
  return router;
}

const link = (c: SearchCriteria = CRITERIA) => `/search?s=${packSearchLink(c)}`;
const cards = () => screen.queryAllByTestId('result-card').map((c) => c.getAttribute('data-result-id'));

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localSession.clear();
});

describe('results page', () => {
  it('shows preparation, then supplier progress, then every result; a failed supplier breaks nothing', async () => {
    const calls = serve({
      '/api/v2/search': () => json({ searchId: 's1' }),
      '/api/v2/pull': pulls(
        pull({ phase: 'request' }),
        pull({ answered: 1, cursor: 2, results: [ONE_STOP, DIRECT] }),
        pull({ answered: 2, cursor: 3, done: true, results: [TRAIN], failed: [sameInBoth('Slow Air')] }),
      ),
    });
    renderAt(link());
    expect(await screen.findByText('Beijing')).toBeTruthy();
    expect(await screen.findByText('Preparing your search…')).toBeTruthy();
    expect(await screen.findByText('1 of 2 suppliers answered')).toBeTruthy();
    expect(await screen.findByText('3 results from 2 suppliers', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText(/1 supplier did not answer in time/)).toBeTruthy();
    expect(cards()).toHaveLength(3);
    expect(calls.filter((c) => c.path === '/api/v2/pull').map((c) => c.body.cursor)).toEqual([0, 0, 2]);
    expect(calls.find((c) => c.path === '/api/v2/search')?.body).toMatchObject({
      legs: [{ departure: 'BJS', destination: 'SHA' }],
    });
  });

  it('sorts by best, then by price or departure on request, and filters with counts', async () => {
    serve({
      '/api/v2/search': () => json({ searchId: 's1' }),
      '/api/v2/pull': pulls(pull({ answered: 2, done: true, results: [ONE_STOP, DIRECT, TRAIN] })),
    });
    renderAt(link());
    await waitFor(() => expect(cards()).toHaveLength(3));
    // Best: the train (¥662 + 4.5 h) beats the direct flight (¥980 + 2.25 h) and the overnight change.
    expect(cards()).toEqual(['train', 'direct', 'one-stop']);
    await userEvent.click(screen.getByRole('tab', { name: /Cheapest/ }));
    expect(cards()).toEqual(['one-stop', 'train', 'direct']);
    await userEvent.click(screen.getByRole('tab', { name: /Latest/ }));
    expect(cards()).toEqual(['one-stop', 'train', 'direct']);
    await userEvent.click(screen.getByRole('tab', { name: /Earliest/ }));
    expect(cards()).toEqual(['direct', 'train', 'one-stop']);

    const stops = screen.getByTestId('filter-stops');
    expect(within(stops).getByText('Direct').closest('li')?.textContent).toContain('2');
    await userEvent.click(within(stops).getByRole('checkbox', { name: '1 stop' }));
    expect(cards()).toEqual(['direct', 'train']);
    await userEvent.click(
      within(screen.getByTestId('filter-trainGroups')).getByRole('checkbox', { name: /High-speed/ }),
    );
    expect(cards()).toEqual(['direct']);
    await userEvent.click(screen.getByTestId('filters-reset'));
    expect(cards()).toHaveLength(3);
  });

  it('shows the best definition in a tooltip', async () => {
    serve({
      '/api/v2/search': () => json({ searchId: 's1' }),
      '/api/v2/pull': pulls(pull({ answered: 2, done: true, results: [DIRECT] })),
    });
    renderAt(link());
    await userEvent.hover(await screen.findByTestId('best-info'));
    expect((await screen.findByRole('tooltip')).textContent).toMatch(/¥100 for every hour.*¥150 for each change/);
  });

  it('cards carry times with a next-day mark, duration, stops, sellers, agent and train seats', async () => {
    serve({
      '/api/v2/search': () => json({ searchId: 's1' }),
      '/api/v2/pull': pulls(pull({ answered: 2, done: true, results: [ONE_STOP, DIRECT, TRAIN] })),
    });
    renderAt(link());
    await waitFor(() => expect(cards()).toHaveLength(3));
    const [train, direct, oneStop] = screen.getAllByTestId('result-card') as HTMLElement[];
    expect(direct?.textContent).toContain('2 h 15 min');
    expect(direct?.textContent).toContain('Direct');
    expect(direct?.textContent).toContain('3 sellers, best price shown');
    expect(oneStop?.textContent).toContain('1 stop');
    // A stop is named by its place, not by a code no traveller reads.
    expect(oneStop?.textContent).toContain('1 stop via Guangzhou Baiyun');
    // The ends: the station by name alone (no railway telecode), the airport with its code beside it.
    const ends = within(train as HTMLElement).getAllByTestId('place-name');
    expect(ends.map((e) => [e.textContent, e.getAttribute('title')])).toEqual([
      ['Beijing South', 'Beijing South'],
      ['Shanghai Hongqiao Station', 'Shanghai Hongqiao Station'],
    ]);
    expect(within(direct as HTMLElement).getAllByTestId('place-name')[0]?.textContent).toBe('Beijing CapitalPEK');
    expect(oneStop?.querySelector('sup')?.textContent).toBe('+1');
    expect(train?.textContent).toContain('Booked through China Railway 12306');
    const seats = within(train as HTMLElement).getByTestId('seat-list');
    expect(seats.textContent).toContain('Second class');
    expect(seats.textContent).toContain('3 left');
    expect(seats.textContent).toContain('Available');
    expect(seats.textContent).toContain('Sold out');
  });

  it('opens the door-to-door timeline with legs, transfers, the self-transfer warning, fees and baggage', async () => {
    serve({
      '/api/v2/search': () => json({ searchId: 's1' }),
      '/api/v2/pull': pulls(pull({ answered: 2, done: true, results: [DOOR] })),
    });
    renderAt(link());
    const card = await screen.findByTestId('result-card');
    expect(within(card).getByTestId('free24h-badge')).toBeTruthy();
    await userEvent.click(within(card).getByTestId('result-details-toggle'));
    const details = within(card).getByTestId('result-details');
    expect([...details.querySelectorAll('li[data-leg-kind]')].map((e) => e.getAttribute('data-leg-kind'))).toEqual([
      'lands',
      'subway',
      'air',
      'land',
      'taxi',
    ]);
    expect(details.textContent).toContain('Wangfujing');
    expect(details.textContent).toContain('Capital Airport Express');
    expect(details.textContent).toContain('Change here · 1 h 5 min');
    // After the last train, the time before the taxi is the way out of the station, not a change.
    expect(details.textContent).toContain('Out of the station · 10 min');
    expect(details.textContent).not.toContain('Change here · 10 min');
    expect(details.textContent).toContain('Seat: Second class');
    expect(details.textContent).toContain('West Lake');
    expect(details.textContent).toContain('Change from Shanghai Hongqiao to Shanghai Hongqiao Station');
    expect(within(details).getByTestId('self-transfer-warning').textContent).toContain('at least 1 h 30 min');
    const feesPanel = within(details).getByTestId('fees-panel');
    expect(feesPanel.textContent).toContain('Free cancellation within 24 hours of booking');
    expect(feesPanel.textContent).toContain('More than 2 h before departure');
    expect(feesPanel.textContent).toContain('Not allowed');
    expect(feesPanel.textContent).toContain('Free');
    expect(details.textContent).toContain('Checked: 1 × 20 kg');
    expect(details.textContent).toContain('Junction combined ticket');
  });

  it('gives a train the railway’s refund ladder and change rule, not an airline’s fee table', async () => {
    serve({
      '/api/v2/search': () => json({ searchId: 's1' }),
      '/api/v2/pull': pulls(
        pull({
          answered: 1,
          done: true,
          results: [{ ...TRAIN, fees: { ...fees, cancelBefore: { amount: 6_100, currency: 'CNY' } } }],
        }),
      ),
    });
    renderAt(link());
    const card = await screen.findByTestId('result-card');
    await userEvent.click(within(card).getByTestId('result-details-toggle'));
    const panel = within(card).getByTestId('fees-panel');
    expect(
      within(panel)
        .getAllByTestId('rail-terms-step')
        .map((li) => li.textContent),
    ).toEqual([
      '8 days or more before departure: free',
      '48 hours to 8 days before: 5 % of the fare',
      '24 to 48 hours before: 10 % of the fare',
      'Less than 24 hours before: 20 % of the fare',
    ]);
    expect(panel.textContent).toContain('not refunded once the ticket is issued');
    expect(panel.textContent).not.toContain('More than 2 h before departure');
    expect(panel.textContent).not.toContain('¥61');
  });

  it('shows a train ticketed offline at its fare with the service fee of each seat, as the order charges it', async () => {
    serve({
      '/api/v2/search': () => json({ searchId: 's1' }),
      '/api/v2/pull': pulls(pull({ answered: 1, done: true, results: [TRAIN] })),
      '/api/rail/ticketing': () =>
        json({
          link: 'none',
          way: 'offline',
          fees: { onlinePerTicketMinor: 0, offlinePerTicketMinor: 2000, offlineByTrainType: { G: 3000 } },
        }),
    });
    renderAt(link());
    const card = await screen.findByTestId('result-card');
    // G1 at ¥662 for one adult, and the ¥30 fee of a G train ticketed offline.
    await waitFor(() => expect(within(card).getByTestId('shown-price').getAttribute('data-amount')).toBe('69200'));
    expect(within(card).getByTestId('shown-price').textContent).toBe('¥692');
    expect(within(card).getByTestId('rail-ticketing-chip').textContent).toContain(
      'includes the service fee of ¥30/ticket',
    );
  });

  it.each(['en', 'zh-CN'] as const)(
    'shows a signed-in traveller with a student the student fare the server prices beside each class that has it (%s)',
    async (language) => {
      const user = currentUser('Zhou Jie');
      const online = { link: 'active', way: 'online', fees: { onlinePerTicketMinor: 0, offlinePerTicketMinor: 0 } };
      const calls = serve({
        '/user': () => json(user),
        '/api/v2/search': () => json({ searchId: 's1' }),
        '/api/v2/pull': pulls(pull({ answered: 2, done: true, results: [TRAIN, DIRECT] })),
        '/api/rail/ticketing': () => json({ ...online, fees: { ...online.fees, offlineByTrainType: {} } }),
        '/api/booking/student-fares': () =>
          json({
            results: [
              {
                resultId: 'train',
                fares: [
                  { leg: 0, seatClass: 'O', adultMinor: 66_200, studentMinor: 49_650 },
                  { leg: 0, seatClass: 'M', adultMinor: 106_000, studentMinor: 79_500 },
                ],
              },
            ],
          }),
      });
      localSession.save(user);
      renderApp([{ path: '/search', element: <ResultsPage /> }], { at: link(), language });
      const t = i18next.getFixedT(language, 'results');
      const train = (await screen.findAllByTestId('result-card')).find((c) => c.dataset.kind === 'train');
      const student = await within(train as HTMLElement).findAllByTestId('student-fare');
      const price = (minor: number) => formatMoney({ amountMinor: minor, currency: 'CNY' }, language);
      expect(student.map((s) => [s.closest('[data-seat]')?.getAttribute('data-seat'), s.textContent])).toEqual([
        ['O', t('card.studentFare', { price: price(49_650) })],
        ['M', t('card.studentFare', { price: price(79_500) })],
      ]);
      expect(student[0]?.textContent).toBe(language === 'en' ? 'Student ¥496.50' : '学生票 ¥496.50');
      // Business class has no student fare; nor has a flight.
      expect(train?.querySelector('[data-seat="A9"] [data-testid="student-fare"]')).toBeNull();
      expect(screen.getAllByTestId('student-fare')).toHaveLength(2);
      // Only the results whose train lists its classes are asked about.
      expect(calls.find((c) => c.path === '/api/booking/student-fares')?.body).toEqual({
        searchId: 's1',
        resultIds: ['train'],
      });
    },
  );

  it('leaves the classes as they are, with no error shown, when the student fares cannot be had', async () => {
    const user = currentUser('Zhou Jie');
    let asked = 0;
    serve({
      '/user': () => json(user),
      '/api/v2/search': () => json({ searchId: 's1' }),
      '/api/v2/pull': pulls(pull({ answered: 1, done: true, results: [TRAIN] })),
      '/api/rail/ticketing': () =>
        json({
          link: 'active',
          way: 'online',
          fees: { onlinePerTicketMinor: 0, offlinePerTicketMinor: 0, offlineByTrainType: {} },
        }),
      '/api/booking/student-fares': () => {
        asked += 1;
        return json({ errorCode: 5000, errorContent: 'Rail account unavailable' }, 502);
      },
    });
    localSession.save(user);
    renderApp([{ path: '/search', element: <ResultsPage /> }], { at: link() });
    const card = await screen.findByTestId('result-card');
    await waitFor(() => expect(asked).toBe(1));
    // The failed answer is read and handled before the next turn of the event loop.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(showErrorToast).not.toHaveBeenCalled();
    expect(within(card).getByTestId('seat-list').textContent).toContain('Second class');
    expect(within(card).queryByTestId('student-fare')).toBeNull();
  });

  it('asks no student fares for a traveller signed out', async () => {
    const calls = serve({
      '/api/v2/search': () => json({ searchId: 's1' }),
      '/api/v2/pull': pulls(pull({ answered: 2, done: true, results: [TRAIN] })),
      '/api/rail/ticketing': () =>
        json({
          link: 'none',
          way: 'offline',
          fees: { onlinePerTicketMinor: 0, offlinePerTicketMinor: 0, offlineByTrainType: {} },
        }),
    });
    renderApp([{ path: '/search', element: <ResultsPage /> }], { at: link() });
    const card = await screen.findByTestId('result-card');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/rail/ticketing')).toBe(true));
    expect(within(card).getByTestId('seat-list').textContent).toContain('Second class');
    expect(within(card).queryByTestId('student-fare')).toBeNull();
    expect(calls.some((c) => c.path === '/api/booking/student-fares')).toBe(false);
  });

  it('re-prices on Select, shows the original and latest price, then goes to booking', async () => {
    const calls = serve({
      '/api/v2/search': () => json({ searchId: 's1' }),
      '/api/v2/pull': pulls(pull({ answered: 2, done: true, results: [DIRECT] })),
      '/api/v2/refresh': () =>
        json({
          result: { ...DIRECT, price: { amount: 102_000, currency: 'CNY' } },
          priceChanged: true,
          previous: DIRECT.price,
        }),
    });
    const router = renderAt(link());
    await userEvent.click(await screen.findByTestId('select-result'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('¥980');
    expect(dialog.textContent).toContain('¥1,020');
    expect(calls.find((c) => c.path === '/api/v2/refresh')?.body).toEqual({ searchId: 's1', resultId: 'direct' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue at the latest price' }));
    expect((await screen.findByTestId('booking')).textContent).toBe('?search=s1&result=direct');
    expect(router.state.location.pathname).toBe('/booking');
  });

  it('goes straight to booking when the price holds', async () => {
    serve({
      '/api/v2/search': () => json({ searchId: 's1' }),
      '/api/v2/pull': pulls(pull({ answered: 2, done: true, results: [DIRECT] })),
      '/api/v2/refresh': () => json({ result: DIRECT, priceChanged: false, previous: DIRECT.price }),
    });
    renderAt(link());
    await userEvent.click(await screen.findByTestId('select-result'));
    expect((await screen.findByTestId('booking')).textContent).toBe('?search=s1&result=direct');
  });

  it('holds back arrivals while the traveller reads the list and offers them in a bar', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let n = 0;
    serve({
      '/api/v2/search': () => json({ searchId: 's1' }),
      '/api/v2/pull': async () => {
        n += 1;
        if (n === 1) return json(pull({ answered: 1, cursor: 1, results: [ONE_STOP] }));
        await gate;
        return json(pull({ answered: 2, cursor: 3, done: true, results: [DIRECT, TRAIN] }));
      },
    });
    renderAt(link());
    await waitFor(() => expect(cards()).toEqual(['one-stop']));
    fireEvent.pointerEnter(screen.getByTestId('results-list'));
    await act(async () => release());
    expect((await screen.findByTestId('new-results-bar')).textContent).toContain('2 new results');
    expect(cards()).toEqual(['one-stop']);
    await userEvent.click(screen.getByTestId('show-new-results'));
    expect(cards()).toEqual(['train', 'direct', 'one-stop']);
    expect(screen.queryByTestId('new-results-bar')).toBeNull();
  });

  it('uses the railway view for a train search', async () => {
    serve({
      '/api/v2/search': () => json({ searchId: 's1' }),
      '/api/v2/pull': pulls(pull({ answered: 1, done: true, results: [TRAIN] })),
    });
    renderAt(link({ ...CRITERIA, mode: 'train' }));
    await waitFor(() => expect(cards()).toEqual(['train']));
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('data-sort'))).toEqual([
      'duration',
      'departure',
      'price',
    ]);
    expect(screen.getByRole('tab', { selected: true }).getAttribute('data-sort')).toBe('departure');
  });

  it('filters a flexible search to a date from the price calendar', async () => {
    const nextDay = { ...ONE_STOP, id: 'next-day', date: '2030/05/02' };
    serve({
      '/api/v2/search': () => json({ searchId: 's1' }),
      '/api/v2/pull': pulls(pull({ answered: 2, done: true, results: [DIRECT, nextDay] })),
    });
    renderAt(link({ ...CRITERIA, flexDays: 1 }));
    const calendar = await screen.findByTestId('price-calendar');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(calendar.querySelectorAll('[data-date]')).toHaveLength(3);
    await userEvent.click(calendar.querySelector('[data-date="2030/05/02"]') as HTMLElement);
    expect(cards()).toEqual(['next-day']);
    await userEvent.click(within(calendar).getByText('All dates'));
    expect(cards()).toHaveLength(2);
  });

  it('offers a refresh with the returned criteria when the prices have gone stale', async () => {
    let searches = 0;
    const calls = serve({
      '/api/v2/search': () => json({ searchId: `s${++searches}` }),
      '/api/v2/pull': (body) =>
        body.searchId === 's1'
          ? json(
              { errorCode: 3002, errorType: 'expired', errorContent: 'stale', params: { ...CRITERIA, adults: 2 } },
              400,
            )
          : json(pull({ answered: 2, done: true, results: [DIRECT] })),
    });
    const router = renderAt(link());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Current price is no longer valid, refresh now to get latest prices.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(cards()).toEqual(['direct']));
    const rerun = calls.filter((c) => c.path === '/api/v2/search')[1];
    expect(rerun?.body.adults).toBe(2);
    expect(router.state.location.search).toBe(`?s=${packSearchLink({ ...CRITERIA, adults: 2 })}`);
  });

  it('sends expired results home through the dialog', async () => {
    serve({
      '/api/v2/search': () => json({ searchId: 'gone' }),
      '/api/v2/pull': () => json({ errorCode: 3001, errorType: 'expired', errorContent: 'Expired' }, 400),
    });
    renderAt(link());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Your results have expired.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Home page' }));
    expect(await screen.findByText('Home page here')).toBeTruthy();
  });

  it('sends expired results home when a new order is asked for after the search ended', async () => {
    let expired = false;
    serve({
      '/api/v2/search': () => json({ searchId: 's1' }),
      '/api/v2/pull': () =>
        expired
          ? json({ errorCode: 3001, errorType: 'expired', errorContent: 'Expired' }, 400)
          : json(pull({ answered: 2, done: true, results: [ONE_STOP, DIRECT, TRAIN] })),
    });
    renderAt(link());
    await waitFor(() => expect(cards()).toHaveLength(3));
    expired = true;
    await userEvent.click(screen.getByRole('tab', { name: /Cheapest/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Your results have expired.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Home page' }));
    expect(await screen.findByText('Home page here')).toBeTruthy();
  });

  it('answers a 403 with the expired dialog and a 409 by going home, for every call (spec §8)', async () => {
    serve({
      '/api/v2/search': () => json({ errorCode: 4030, errorContent: 'Forbidden' }, 403),
    });
    renderAt(link());
    expect((await screen.findByRole('dialog')).textContent).toContain('Your results have expired.');

    serve({ '/api/v2/search': () => json({ errorCode: 4001, errorContent: 'Conflict' }, 409) });
    renderAt(link({ ...CRITERIA, adults: 3 }));
    expect(await screen.findByText('Home page here')).toBeTruthy();
  });

  it('shows the no-result illustration for a bad link and for a search that found nothing', async () => {
    serve({});
    renderAt('/search?s=not-a-search');
    expect(await screen.findByText('This search link is not valid')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New search' })).toBeTruthy();

    serve({
      '/api/v2/search': () => json({ searchId: 's1' }),
      '/api/v2/pull': pulls(pull({ answered: 2, done: true })),
    });
    renderAt(link({ ...CRITERIA, adults: 2 }));
    expect(await screen.findByText('No results for this search')).toBeTruthy();
  });

  describe('when no flight sells the cabin searched', () => {
    afterEach(async () => {
      await i18next.changeLanguage('en');
    });

    it.each(['en', 'zh-CN'] as const)(
      'says so (%s) instead of an empty list, and runs the same search in economy',
      async (language) => {
        await i18next.changeLanguage(language);
        const texts = (await import(`../../../locales/${language}/results.json`)).default;
        const business = { ...CRITERIA, cabin: 'C' as const, adults: 2 };
        const calls = serve({
          '/api/v2/search': () => json({ searchId: 's1' }),
          '/api/v2/pull': () =>
            json(
              calls.filter((c) => c.path === '/api/v2/search').length === 1
                ? pull({ answered: 2, done: true, withoutCabin: 4 })
                : pull({ answered: 2, cursor: 1, done: true, results: [DIRECT] }),
            ),
        });
        renderAt(link(business));
        const cabin = texts.empty.cabinNames.C;
        const state = await screen.findByTestId('no-cabin');
        expect(within(state).getByText(texts.empty.noCabin.replace('{{cabin}}', cabin))).toBeTruthy();
        expect(state.textContent).toContain(texts.empty.noCabinText.replaceAll('{{cabin}}', cabin));
        expect(screen.queryByTestId('no-results')).toBeNull();
        await userEvent.click(within(state).getByRole('button', { name: texts.empty.inEconomy }));
        await waitFor(() => expect(cards()).toEqual(['direct']));
        const searches = calls.filter((c) => c.path === '/api/v2/search').map((c) => c.body);
        expect(searches).toHaveLength(2);
        expect(searches[1]).toMatchObject({ cabin: 'Y', adults: 2, legs: [{ departure: 'BJS', destination: 'SHA' }] });
        expect(screen.queryByTestId('no-cabin')).toBeNull();
      },
    );

    it('keeps the plain empty state for an economy search, and shows a flight with few seats left in its cabin', async () => {
      serve({
        '/api/v2/search': () => json({ searchId: 's1' }),
        '/api/v2/pull': pulls(pull({ answered: 2, done: true, withoutCabin: 4 })),
      });
      renderAt(link({ ...CRITERIA, adults: 4 }));
      expect(await screen.findByTestId('no-results')).toBeTruthy();
      expect(screen.queryByTestId('no-cabin')).toBeNull();

      const seats = (c: number) => [
        { code: 'Y', price: { amount: 98_000, currency: 'CNY' as const }, remaining: 120 },
        { code: 'C', price: { amount: 300_000, currency: 'CNY' as const }, remaining: c },
      ];
      const few = result(
        'few',
        'flight',
        [air(PEK, SHA, [at('08:00'), at('10:15')], { cabin: 'C', seats: seats(3) })],
        300_000,
      );
      const many = result(
        'many',
        'flight',
        [air(PEK, SHA, [at('12:00'), at('14:15')], { cabin: 'C', seats: seats(12) })],
        310_000,
      );
      serve({
        '/api/v2/search': () => json({ searchId: 's2' }),
        '/api/v2/pull': pulls(pull({ answered: 2, cursor: 2, done: true, results: [few, many] })),
      });
      renderAt(link({ ...CRITERIA, cabin: 'C' }));
      await waitFor(() => expect(cards()).toHaveLength(2));
      const card = (id: string) => document.querySelector(`[data-result-id="${id}"]`) as HTMLElement;
      expect(within(card('few')).getByTestId('cabin-seats-left').textContent).toBe('3 left');
      expect(within(card('many')).queryByTestId('cabin-seats-left')).toBeNull();
    });
  });

  it('shows why a search cannot run, by error code', async () => {
    serve({ '/api/v2/search': () => json({ errorCode: 3101, errorContent: 'Past' }, 400) });
    renderAt(link());
    expect(await screen.findByText('The departure date has already passed. Please choose another date.')).toBeTruthy();
  });

  it('reads a short route link from the server and opens the plan it names', async () => {
    const calls = serve({
      '/api/v2/link': () => json({ criteria: CRITERIA }),
      '/api/v2/search': () => json({ searchId: 's1' }),
      '/api/v2/pull': pulls(pull({ answered: 2, done: true, results: [DIRECT, DOOR] })),
    });
    renderAt('/search/BJS-SHA-300501/door');
    const details = await screen.findByTestId('result-details');
    expect(details.closest('[data-result-id]')?.getAttribute('data-result-id')).toBe('door');
    expect(calls.findIndex((c) => c.path === '/api/v2/link')).toBeLessThan(
      calls.findIndex((c) => c.path === '/api/v2/search'),
    );
    expect(screen.getByTestId('modify-search').getAttribute('href')).toBe(`/?s=${packSearchLink(CRITERIA)}`);
  });

  it('shows the no-result page for a short link the server rejects', async () => {
    serve({ '/api/v2/link': () => json({ errorCode: 4040, errorContent: 'Not found' }, 404) });
    renderAt('/search/nowhere');
    expect(await screen.findByText('This search link is not valid')).toBeTruthy();
  });

  describe('when the server is busy (419)', () => {
    const delays = busyRetry.delaysMs;
    afterEach(async () => {
      busyRetry.delaysMs = delays;
      await i18next.changeLanguage('en');
    });
    const busy = () => json({ errorCode: 4190, errorContent: 'System is busy, please try again later.' }, 419);

    it.each(['en', 'zh-CN'] as const)(
      'says the service is busy (%s), not the connection, and starts and pulls again by itself',
      async (language) => {
        await i18next.changeLanguage(language);
        const texts = (await import(`../../../locales/${language}/results.json`)).default;
        busyRetry.delaysMs = [0, 0, 0, 0, 0];
        let starts = 0;
        let pullCalls = 0;
        let letIn: () => void = () => {};
        const open = new Promise<void>((resolve) => {
          letIn = resolve;
        });
        serve({
          // Turned away once; the second start waits until the test has seen the page say so.
          '/api/v2/search': async () => {
            starts++;
            if (starts === 1) return busy();
            await open;
            return json({ searchId: 's1' });
          },
          // A pull turned away once too, then the results.
          '/api/v2/pull': () =>
            ++pullCalls === 1 ? busy() : json(pull({ answered: 2, cursor: 2, done: true, results: [DIRECT] })),
        });
        renderAt(link());
        expect(await screen.findByText(texts.busy.title)).toBeTruthy();
        expect(screen.queryByText(texts.empty.unavailableText)).toBeNull();
        expect(screen.queryByRole('dialog')).toBeNull();
        letIn();
        await waitFor(() => expect(cards()).toEqual(['direct']));
        expect(screen.queryByText(texts.busy.title)).toBeNull();
        expect(starts).toBe(2);
        expect(pullCalls).toBe(2);
        expect(screen.queryByRole('dialog')).toBeNull();
      },
    );

    it('offers to try again once the server has turned the search away every time, without the busy dialog', async () => {
      busyRetry.delaysMs = [0, 0];
      let starts = 0;
      serve({
        '/api/v2/search': () => {
          starts++;
          return starts <= 3 ? busy() : json({ searchId: 's2' });
        },
        '/api/v2/pull': () => json(pull({ answered: 2, cursor: 1, done: true, results: [TRAIN] })),
      });
      renderAt(link());
      expect(await screen.findByText('Our service is busy right now')).toBeTruthy();
      expect(screen.queryByText('Please check your connection and try again.')).toBeNull();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(starts).toBe(3);
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(cards()).toEqual(['train']));
    });
  });
});
