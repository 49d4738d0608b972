import { expect, type Locator, type Page } from '@playwright/test';
import { encodePlaceCode, packSearchLink, type SearchCriteria, unpackSearchLink } from '../packages/domain/src/index';
import { inDays, routeCriteria, shot } from './setup';
import { eachLanguage, type Lang, test, text } from './support';
import { searchThroughApi } from './trip-api';

const cards = (page: Page) => page.getByTestId('result-card');
const attributes = (list: Locator, name: string) =>
  list.evaluateAll((els, attr) => els.map((e) => e.getAttribute(attr) ?? ''), name);

/** The results page a choice in the month of fares opened: its search's departure and return days. */
async function searchedDays(page: Page) {
  await expect(page).toHaveURL(/\/search\?s=/);
  const criteria = unpackSearchLink(new URL(page.url()).searchParams.get('s') ?? '');
  return [criteria?.legs[0]?.departure_date, criteria?.legs[0]?.return_date];
}

/** The month of fares of the form's route, opened from under its date field. */
async function openFares(page: Page, criteria: SearchCriteria) {
  await page.goto(`/?s=${packSearchLink(criteria)}`);
  await page.getByTestId('fare-calendar-open').click();
  await expect(page.getByTestId('fare-calendar')).toBeVisible();
}

/** Criteria naming Beijing and Shanghai by their place codes, as the search form names them. */
async function asOnTheForm(page: Page, criteria: SearchCriteria): Promise<SearchCriteria> {
  const res = await page.request.get('/api/v2/places?tokens=BJS,SHA');
  const { places } = (await res.json()) as { places: { id: number }[] };
  const [from, to] = places.map((p) => encodePlaceCode(p.id));
  return { ...criteria, legs: criteria.legs.map((l) => ({ ...l, departure: from ?? '', destination: to ?? '' })) };
}

const monthTitle = (lang: Lang, day: string) =>
  new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${day.replaceAll('/', '-').slice(0, 7)}-01T00:00:00Z`),
  );

async function listSettled(page: Page) {
  await expect(page.getByTestId('results-list')).toHaveAttribute('aria-busy', 'false');
}

eachLanguage((lang, n) => {
  test(`results sort by lowest CO₂ and the method page explains it; the month of fares and the round-trip grid search the day chosen (${lang})`, async ({
    page,
    errors,
  }) => {
    test.setTimeout(240_000);
    const oneWay = await asOnTheForm(page, routeCriteria('all', 33 + n, {}, lang));
    await page.goto(`/search?s=${packSearchLink(oneWay)}`);
    await expect(page.locator('[data-testid="search-progress"][data-done="true"]')).toBeVisible({ timeout: 60_000 });
    await expect(cards(page).first()).toBeVisible();

    // Lowest CO₂ first: the list's estimates never fall, and the train that leads shows its saving over flying.
    await page.getByRole('tab', { name: new RegExp(text(lang, 'results', 'sort.greenest')) }).click();
    await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('data-sort', 'greenest');
    await listSettled(page);
    const grams = (await attributes(cards(page).getByTestId('co2'), 'data-grams')).map(Number);
    expect(grams.length).toBeGreaterThan(3);
    expect(grams).toEqual([...grams].sort((a, b) => a - b));
    const first = cards(page).first();
    await expect(first.getByTestId('co2')).toHaveText(/\d/);
    await expect(first.getByTestId('co2')).toContainText(lang === 'en' ? 'kg CO₂' : '千克 CO₂');
    await expect(page.getByTestId('co2-saving').first()).toBeVisible();
    // Each leg in the details carries its own estimate, and they add up to the card's.
    await first.getByTestId('result-details-toggle').click();
    await expect(first.getByTestId('leg-co2').first()).toBeVisible();
    const legGrams = (await attributes(first.getByTestId('leg-co2'), 'data-grams')).map(Number);
    expect(legGrams.reduce((a, b) => a + b, 0)).toBe(Number(await first.getByTestId('co2').getAttribute('data-grams')));
    await shot(page, `co2-sort-${lang}`, { widths: [1280, 390] });

    // The estimate links to the method, which names the model and the sources of its factors.
    await first.getByTestId('co2').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'co2', 'hero.title'));
    await expect(page.getByTestId('co2-method')).toContainText('Travel Impact Model');
    await expect(page.getByTestId('co2-method')).toContainText('0.5703');
    await expect(page.getByTestId('co2-method')).toContainText(text(lang, 'co2', 'ground.heading'));
    await shot(page, `co2-method-${lang}`, { widths: [1280, 390], fullPage: true });

    // The month of fares: the day searched above shows the lowest price seen, and choosing it searches it.
    const day = inDays(33 + n);
    await openFares(page, oneWay);
    await expect(page.getByTestId('fare-month')).toHaveText(monthTitle(lang, day));
    const searched = page.locator(`[data-testid="fare-day"][data-date="${day.replaceAll('/', '-')}"]`);
    await expect(searched).toHaveAttribute('data-price', /^\d+$/, { timeout: 30_000 });
    await shot(page, `fare-month-${lang}`, { widths: [1280, 390], fullPage: true });
    await searched.click();
    expect(await searchedDays(page)).toEqual([day, undefined]);

    // A round trip searched before fills its cell of the grid; a neighbouring cell searches those two days.
    const [out, back] = [inDays(40 + n), inDays(43 + n)];
    const round = await asOnTheForm(page, routeCriteria('all', 40 + n, { type: 2 }, lang));
    round.legs = round.legs.map((l) => ({ ...l, return_date: back }));
    await searchThroughApi(page, round);
    await openFares(page, round);
    const cell = (d: string, r: string) =>
      page.locator(`[data-testid="fare-cell"][data-departure="${d}"][data-return="${r}"]`);
    await expect(cell(out, back)).toHaveAttribute('data-price', /^\d+$/, { timeout: 30_000 });
    await shot(page, `fare-grid-${lang}`, { widths: [1280, 390], fullPage: true });
    await cell(inDays(41 + n), back).click();
    expect(await searchedDays(page)).toEqual([inDays(41 + n), back]);
    expect(errors).toEqual([]);
  });
});
