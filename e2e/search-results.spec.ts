import { expect, type Locator, type Page } from '@playwright/test';
import { packSearchLink, type SearchCriteria } from '../packages/domain/src/index';
import { seriousViolations } from './accessibility';
import { inDays, routeCriteria, shot } from './setup';
import { eachLanguage, test, text } from './support';

const criteria = (overrides: Partial<SearchCriteria> = {}): SearchCriteria => routeCriteria('all', 30, overrides);

const searchUrl = (c: SearchCriteria) => `/search?s=${packSearchLink(c)}`;
const cards = (page: Page) => page.getByTestId('result-card');

/** Waits until the list shows the page of the order and the filters last chosen (the server sorts and filters). */
async function listSettled(page: Page) {
  await expect(page.getByTestId('results-list')).toHaveAttribute('aria-busy', 'false');
}

/** Waits until every supplier has answered. */
async function searchDone(page: Page) {
  await expect(page.locator('[data-testid="search-progress"][data-done="true"]')).toBeVisible({ timeout: 30_000 });
  await expect(cards(page).first()).toBeVisible();
  await listSettled(page);
}

/** Shows results of one kind only, by the kind filter's "only" button, and waits for the list. */
async function onlyKind(page: Page, kind: 'flight' | 'train' | 'mix') {
  const option = page.getByTestId('filter-kinds').locator(`li[data-option="${kind}"]`);
  await option.hover();
  await option.getByRole('button').click();
  await listSettled(page);
}

const attributes = (list: Locator, name: string) =>
  list.evaluateAll((els, attr) => els.map((e) => e.getAttribute(attr) ?? ''), name);

eachLanguage((lang) => {
  test(`a flight search streams in results with progress, in ${lang}`, async ({ page, errors }) => {
    await page.goto(searchUrl(criteria({ mode: 'flight' })));
    await expect(page.getByTestId('search-summary')).toContainText(text(lang, 'results', 'summary.modify'));
    await searchDone(page);
    expect(await attributes(cards(page), 'data-kind')).toEqual(expect.arrayContaining(['flight']));
    expect(new Set(await attributes(cards(page), 'data-kind'))).toEqual(new Set(['flight']));
    await expect(page.getByRole('tab', { name: text(lang, 'results', 'sort.best') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByTestId('modify-search')).toHaveAttribute('href', /^\/\?s=/);
    const body = await page.locator('body').innerText();
    expect(body, 'every placeholder is filled in').not.toContain('{{');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test(`a train search uses the railway view with seat classes and remaining tickets, in ${lang}`, async ({ page }) => {
    await page.goto(searchUrl(criteria({ mode: 'train' })));
    await searchDone(page);
    expect(new Set(await attributes(cards(page), 'data-kind'))).toEqual(new Set(['train']));
    expect(await attributes(page.getByRole('tab'), 'data-sort')).toEqual(['duration', 'departure', 'price']);
    await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('data-sort', 'departure');
    const seats = cards(page).first().getByTestId('seat-list');
    await expect(seats).toContainText(text(lang, 'results', 'seats.O'));

    await page.getByRole('tab', { name: text(lang, 'results', 'sort.duration') }).click();
    await listSettled(page);
    const minutes = (await attributes(cards(page), 'data-duration')).map(Number);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
  });

  // One search walked through: its first page and more, its orders, its filters.
  test(`shows one page of results with its count and more on request, sorts by price and by departure, and filters narrow the list, show counts and reset, in ${lang}`, async ({
    page,
  }) => {
    // Three walks' worth of steps: a limit for a page that never comes, as for three tests.
    test.setTimeout(360_000);
    await test.step('one page of results with its count, and more on request', async () => {
      const pulls: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/v2/pull')) pulls.push(r.postData() ?? '');
      });
      await page.goto(searchUrl(criteria()));
      await searchDone(page);
      await expect(cards(page)).toHaveCount(20);
      await shot(page, `results-page-${lang}`);
      await shot(page, `results-page-${lang}-full`, { fullPage: true });
      const counted = async () =>
        ((await page.getByTestId('results-count').innerText()).match(/\d+/g) ?? []).map(Number);
      const [a = 0, b = 0] = await counted();
      const total = Math.max(a, b);
      expect(Math.min(a, b)).toBe(20);
      expect(total).toBeGreaterThan(40);
      // Every pull asks for a page of the view, never for every result.
      expect(pulls.length).toBeGreaterThan(0);
      for (const body of pulls) expect(JSON.parse(body).view).toMatchObject({ offset: 0, limit: 20 });

      const more = page.getByTestId('show-more');
      await expect(more).toHaveText(text(lang, 'results', 'list.showMore'));
      await more.click();
      await listSettled(page);
      await expect(cards(page)).toHaveCount(40);
      expect(Math.min(...(await counted()))).toBe(40);
      expect(Math.max(...(await counted()))).toBe(total);
    });
    await test.step('sorting orders the list by price and by departure', async () => {
      await page.getByRole('tab', { name: new RegExp(text(lang, 'results', 'sort.cheapest')) }).click();
      await listSettled(page);
      const prices = (await attributes(cards(page), 'data-price')).map(Number);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));

      await page.getByRole('tab', { name: new RegExp(text(lang, 'results', 'sort.latest')) }).click();
      await listSettled(page);
      const departures = (await attributes(cards(page), 'data-departure')).map((d) => Date.parse(d));
      expect(departures).toEqual([...departures].sort((a, b) => b - a));

      // The tip's icon sits in the Best tab's corner, not over the next tab.
      const bestTab = await page.locator('[data-sort="best"]').boundingBox();
      const info = await page.getByTestId('best-info').boundingBox();
      expect(bestTab && info).toBeTruthy();
      if (bestTab && info) {
        expect(info.x).toBeGreaterThan(bestTab.x + bestTab.width / 2);
        expect(info.x + info.width).toBeLessThanOrEqual(bestTab.x + bestTab.width);
      }
      await page.getByTestId('best-info').hover();
      await expect(page.getByRole('tooltip')).toContainText('¥100');
    });
    await test.step('filters narrow the list, show counts and reset', async () => {
      // Back to the order the page opens in, as the filters' checks were written for it.
      await page.getByRole('tab', { name: text(lang, 'results', 'sort.best') }).click();
      await listSettled(page);
      // The results that match the filters: the second number of "Showing 20 of 189 …" in either language.
      const matching = async () =>
        Number(((await page.getByTestId('results-count').innerText()).match(/\d+/g) ?? [])[1] ?? 0);
      const before = await matching();
      const stops = page.getByTestId('filter-stops');
      const directCount = Number(
        await stops
          .locator('li[data-option="0"]')
          .innerText()
          .then((t) => t.match(/\d+$/)?.[0]),
      );
      expect(directCount).toBeGreaterThan(0);

      await stops.getByRole('checkbox', { name: text(lang, 'results', 'filters.stopValues.1') }).uncheck();
      await listSettled(page);
      const transfers = await attributes(cards(page), 'data-transfers');
      expect(transfers).toContain('0');
      expect(transfers).not.toContain('1');

      await onlyKind(page, 'train');
      expect(new Set(await attributes(cards(page), 'data-kind'))).toEqual(new Set(['train']));
      await expect.poll(matching).toBeLessThan(before);

      const kinds = page.getByTestId('filter-kinds');
      await page.getByTestId('filters-reset').click();
      await listSettled(page);
      await expect(stops.getByRole('checkbox', { name: text(lang, 'results', 'filters.stopValues.1') })).toBeChecked();
      await expect(kinds.locator('li[data-option="flight"]').getByRole('checkbox')).toBeChecked();
      await expect(kinds.locator('li[data-option="train"]').getByRole('checkbox')).toBeChecked();
      // Every result is back, whichever kind the day's best happen to be.
      await expect.poll(matching).toBeGreaterThanOrEqual(before);
    });
  });

  test(`expired results open the message dialog with a way home, in ${lang}`, async ({ page }) => {
    // The search answers with an id the server never issued, so the first pull finds it expired.
    await page.route('**/api/v2/search', (route) =>
      route.fulfill({ json: { searchId: 'no-such-search' }, headers: { 'content-type': 'application/json' } }),
    );
    await page.goto(searchUrl(criteria()));
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(text(lang, 'errors', '3001'));
    await dialog.getByRole('button', { name: text(lang, 'common', 'dialog.homePage') }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test(`round-trip and multi-city searches reach results, and a door-to-door plan opens, in ${lang}`, async ({
    page,
    errors,
  }) => {
    test.slow();
    const [outbound] = criteria().legs;
    const round = criteria({
      type: 2,
      legs: [{ ...(outbound as SearchCriteria['legs'][number]), return_date: inDays(34) }],
    });
    await page.goto(searchUrl(round));
    await searchDone(page);
    await expect(cards(page).first().getByTestId('bound-row')).toHaveCount(2);

    const multi = criteria({
      type: 3,
      mode: 'train',
      legs: [
        { ...(outbound as SearchCriteria['legs'][number]) },
        {
          departure: 'SHA',
          destination: 'CAN',
          departure_date: inDays(33),
          departure_only_airport: false,
          destination_only_airport: false,
          departureName: 'Shanghai',
          destinationName: 'Guangzhou',
        },
      ],
    });
    await page.goto(searchUrl(multi));
    await searchDone(page);
    await expect(cards(page).first().getByTestId('bound-row')).toHaveCount(2);
    expect(new Set(await attributes(cards(page), 'data-kind'))).toEqual(new Set(['train']));

    await page.goto(searchUrl(criteria()));
    await searchDone(page);
    await onlyKind(page, 'mix');
    const card = cards(page).first();
    await card.getByTestId('result-details-toggle').click();
    const timeline = card.getByTestId('journey-timeline');
    await expect(timeline).toBeVisible();
    // The plan starts at the city centre in the page's language.
    await expect(timeline).toContainText(lang === 'zh-CN' ? '北京' : 'Beijing');
    const planKinds = await attributes(card.locator('li[data-leg-kind]'), 'data-leg-kind');
    if (planKinds.includes('air')) {
      await expect(card.getByTestId('fees-panel')).toContainText(text(lang, 'results', 'fees.before'));
    } else await expect(card.getByTestId('rail-terms')).toContainText(text(lang, 'rail', 'terms.title'));
    const body = await page.locator('body').innerText();
    expect(body, 'every placeholder is filled in').not.toContain('{{');
    expect(errors).toEqual([]);
  });
});

test('a door-to-door plan opens into a timeline of legs, transfers, fees and the agent', async ({ page }) => {
  test.slow();
  await page.goto(searchUrl(criteria()));
  await searchDone(page);
  await onlyKind(page, 'mix');
  const card = cards(page).first();
  await expect(card).toHaveAttribute('data-kind', 'mix');
  await card.getByTestId('result-details-toggle').click();
  const details = card.getByTestId('result-details');
  await expect(details).toBeVisible();
  const legKinds = await attributes(details.locator('li[data-leg-kind]'), 'data-leg-kind');
  expect(legKinds.some((k) => k === 'air' || k === 'land')).toBe(true);
  expect(legKinds.some((k) => k === 'subway' || k === 'taxi' || k === 'lands')).toBe(true);
  await expect(details.getByTestId('connection').first()).toBeVisible();
  // Flights have the airline's fee table, trains the railway's own refund ladder.
  const feesPanel = details.getByTestId('fees-panel');
  if (legKinds.includes('air')) await expect(feesPanel).toContainText(text('en', 'results', 'fees.after'));
  if (legKinds.includes('land')) await expect(feesPanel.getByTestId('rail-terms')).toBeVisible();
  await expect(details).toContainText(text('en', 'results', 'agents.combined'));
  expect(await seriousViolations(page)).toEqual([]);
});

test('Select re-prices the result and goes on to booking', async ({ page }) => {
  await page.goto(searchUrl(criteria({ mode: 'flight' })));
  await searchDone(page);
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v2/refresh'));
  const booking = page.waitForURL(/\/booking\?search=[^&]+&result=.+/);
  await cards(page).first().getByTestId('select-result').click();
  expect((await refreshed).ok()).toBe(true);
  const dialog = page.getByTestId('price-change-dialog');
  if (await dialog.isVisible()) {
    await dialog.getByRole('button', { name: text('en', 'results', 'priceChange.continue') }).click();
  }
  await booking;
});

test('a broken search link shows the no-result illustration with a way home', async ({ page }) => {
  await page.goto('/search?s=broken');
  await expect(page.getByTestId('bad-search-link')).toContainText(text('en', 'results', 'empty.badLink'));
  await page.getByRole('button', { name: text('en', 'results', 'empty.home') }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a short route link runs its search', async ({ page }) => {
  const date = inDays(20).slice(2).replaceAll('/', '');
  await page.goto(`/search/BJS-SHA-${date}`);
  await searchDone(page);
  await expect(page.getByTestId('search-summary')).toContainText('Beijing');
});
