import { expect, type Locator, type Page } from '@playwright/test';
import { type SearchCriteria, unpackSearchLink } from '../packages/domain/src/index';
import { seriousViolations } from './accessibility';
import { eachLanguage, type Lang, test, text } from './support';

/** A date this many days from today, 'yyyy-mm-dd', as the browser on this machine counts days. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const requestDate = (iso: string) => iso.replaceAll('-', '/');

const CITIES = {
  en: { beijing: 'Beijing', shanghai: 'Shanghai', chengdu: 'Chengdu' },
  'zh-CN': { beijing: '北京', shanghai: '上海', chengdu: '成都' },
} as const;

/** Types a city into the origin (0) or destination (1) picker of a leg and takes the city itself. */
async function pickPlace(page: Page, leg: number, side: 0 | 1, name: string) {
  const box = page.getByTestId(`leg-${leg}`).getByRole('combobox').nth(side);
  await box.click();
  await box.fill(name);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  await expect(option).toContainText(name);
  await option.click();
  await expect(page.getByTestId(`leg-${leg}`).getByTestId('place-picker').nth(side)).toContainText(name);
}

/** The day's cell in the open calendar, paged forward to its month when it is not the one showing. */
async function showDay(popup: Locator, iso: string): Promise<Locator> {
  const cell = popup.locator(`td.ant-picker-cell-in-view[title="${iso}"]`);
  for (let i = 0; i < 3; i++) {
    const isShowing = await cell
      .waitFor({ state: 'visible', timeout: 1_500 })
      .then(() => true)
      .catch(() => false);
    if (isShowing) break;
    await popup.locator('.ant-picker-header-next-btn').last().click();
  }
  return cell;
}

/** Picks a day in the open calendar; `closes` when that choice ends the picking (not a range's first day). */
async function chooseDay(page: Page, iso: string, closes = true) {
  const popup = page.locator('.ant-picker-dropdown:visible');
  await expect(popup).toHaveCount(1);
  const cell = await showDay(popup, iso);
  if (!closes) {
    await cell.click();
    return;
  }
  // On a busy machine a click during the panel's animation can be lost: click again until it closes.
  await expect(async () => {
    if ((await popup.count()) === 0) return;
    await cell.click({ timeout: 2_000 });
    await expect(popup).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

async function placeCode(page: Page, name: string, lang: Lang): Promise<string> {
  const res = await page.request.get(`/api/place?keyword=${encodeURIComponent(name)}&lang=${lang}&limit=1`);
  const body = (await res.json()) as { data: { placeCode: string }[] };
  return body.data[0]?.placeCode ?? '';
}

async function searchedCriteria(page: Page): Promise<SearchCriteria | null> {
  await expect(page).toHaveURL(/\/search\?s=/);
  return unpackSearchLink(new URL(page.url()).searchParams.get('s') ?? '');
}

eachLanguage((lang) => {
  const city = CITIES[lang];
  const t = (key: string) => text(lang, 'search-form', key);
  const error = (code: number) => text(lang, 'errors', String(code));

  test.describe(`search form in ${lang}`, () => {
    test('asks for the places, then searches a one-way trip and opens /search?s=…', async ({ page, errors }) => {
      await page.goto('/');
      const form = page.getByTestId('search-form');
      await form.getByTestId('search-submit').click();
      await expect(form.getByText(t('problems.fromRequired'))).toBeVisible();
      await expect(form.getByText(t('problems.toRequired'))).toBeVisible();
      await expect(page).toHaveURL(/\/$/);

      await pickPlace(page, 0, 0, city.beijing);
      await pickPlace(page, 0, 1, city.beijing);
      await form.getByTestId('search-submit').click();
      await expect(form.getByText(error(3104))).toBeVisible();

      await pickPlace(page, 0, 1, city.shanghai);
      await form.getByTestId('flex-select').selectOption({ label: t('flex.2') });
      await form.getByTestId('search-submit').click();
      const criteria = await searchedCriteria(page);
      expect(criteria).toMatchObject({
        type: 1,
        cabin: 'Y',
        adults: 1,
        children: 0,
        infants: 0,
        sort: 'best',
        mode: 'all',
        flexDays: 2,
        legs: [
          {
            departure: await placeCode(page, city.beijing, lang),
            destination: await placeCode(page, city.shanghai, lang),
            departure_date: requestDate(inDays(7)),
            departure_only_airport: false,
            destination_only_airport: false,
            departureName: city.beijing,
            destinationName: city.shanghai,
            departureCityCode: 'BJS',
            destinationCityCode: 'SHA',
          },
        ],
      });

      // The home page remembers the search.
      await page.goto('/');
      await expect(page.getByTestId('leg-0').getByTestId('place-picker').nth(0)).toContainText(city.beijing);
      await expect(page.getByTestId('leg-0').getByTestId('place-picker').nth(1)).toContainText(city.shanghai);
      expect(errors).toEqual([]);
    });

    test('swaps origin and destination, and counts travellers: one adult at least, two children and one infant per adult, nine in all', async ({
      page,
    }) => {
      // Two walks' worth of steps: a limit for a page that never comes, as for two tests.
      test.setTimeout(240_000);
      await page.goto('/');
      await pickPlace(page, 0, 0, city.beijing);
      await pickPlace(page, 0, 1, city.shanghai);
      await page
        .getByTestId('leg-0')
        .getByRole('button', { name: text(lang, 'common', 'placePicker.swap') })
        .click();
      const selects = page.getByTestId('leg-0').getByTestId('place-picker');
      await expect(selects.nth(0)).toContainText(city.shanghai);
      await expect(selects.nth(1)).toContainText(city.beijing);
      await page.getByTestId('search-submit').click();
      expect((await searchedCriteria(page))?.legs[0]).toMatchObject({
        departureName: city.shanghai,
        destinationName: city.beijing,
      });

      // The same link on the home page fills the form again ("change search").
      const link = new URL(page.url()).searchParams.get('s') ?? '';
      await page.evaluate(() => localStorage.clear());
      await page.goto(`/?s=${link}`);
      await expect(selects.nth(0)).toContainText(city.shanghai);
      await expect(selects.nth(1)).toContainText(city.beijing);

      // On the same form, one adult as the link has it.
      await test.step('travellers: one adult at least, two children and one infant per adult, nine in all', async () => {
        await page.getByTestId('travellers-button').click();
        const panel = page.getByTestId('travellers-panel');
        await expect(panel.getByTestId('adults-remove')).toBeDisabled();

        await panel.getByTestId('children-add').click();
        await panel.getByTestId('children-add').click();
        await expect(panel.getByTestId('children-add')).toBeDisabled();
        await expect(panel.getByTestId('children-note')).toHaveText(error(3107));
        await panel.getByTestId('infants-add').click();
        await expect(panel.getByTestId('infants-add')).toBeDisabled();
        await expect(panel.getByTestId('infants-note')).toHaveText(error(3108));
        // The only adult cannot leave the children and the infant alone.
        await expect(panel.getByTestId('adults-remove')).toBeDisabled();

        for (let i = 0; i < 5; i++) await panel.getByTestId('adults-add').click();
        await expect(panel.getByTestId('adults-count')).toHaveText('6');
        await expect(panel.getByTestId('travellers-limit')).toBeVisible();
        await expect(panel.getByTestId('travellers-limit')).toContainText(error(3105));
        for (const kind of ['adults', 'children', 'infants'])
          await expect(panel.getByTestId(`${kind}-add`)).toBeDisabled();
        await expect(page.getByTestId('travellers-button')).toContainText('9');
        expect(await seriousViolations(page)).toEqual([]);

        await panel.getByTestId('adults-remove').click();
        await expect(panel.getByTestId('travellers-limit')).toBeHidden();
        await expect(panel.getByTestId('children-add')).toBeEnabled();
      });
    });

    test('a round trip takes a date range', async ({ page }) => {
      await page.goto('/');
      await pickPlace(page, 0, 0, city.beijing);
      await pickPlace(page, 0, 1, city.chengdu);
      await page.getByTestId('trip-type').getByText(t('tripType.2'), { exact: true }).click();
      const range = page.getByTestId('date-range');
      await expect(range.locator('input')).toHaveCount(2);
      await range.locator('input').first().click();
      // Past days cannot be chosen.
      const yesterday = page.locator(`.ant-picker-dropdown:visible td[title="${inDays(-1)}"]`);
      if ((await yesterday.count()) > 0) await expect(yesterday.first()).toHaveClass(/ant-picker-cell-disabled/);
      expect(await seriousViolations(page)).toEqual([]);
      await chooseDay(page, inDays(20), false);
      await chooseDay(page, inDays(24));
      await expect(page.locator('.ant-picker-dropdown:visible')).toBeHidden();
      await page.getByTestId('search-submit').click();
      const criteria = await searchedCriteria(page);
      expect(criteria?.type).toBe(2);
      expect(criteria?.legs).toHaveLength(1);
      expect(criteria?.legs[0]).toMatchObject({
        departure_date: requestDate(inDays(20)),
        return_date: requestDate(inDays(24)),
      });
    });

    test('multi-city: add and remove trips, and a later trip never departs earlier', async ({ page }) => {
      await page.goto('/');
      await pickPlace(page, 0, 0, city.beijing);
      await pickPlace(page, 0, 1, city.shanghai);
      await page.getByTestId('trip-type').getByText(t('tripType.3'), { exact: true }).click();
      await expect(page.getByTestId(/^leg-\d$/)).toHaveCount(2);
      // The second trip starts where the first one ends.
      await expect(page.getByTestId('leg-1').getByTestId('place-picker').nth(0)).toContainText(city.shanghai);
      await expect(page.getByTestId('leg-1-remove')).toBeDisabled();
      await page.getByTestId('search-submit').click();
      await expect(page.getByTestId('leg-1')).toContainText(t('problems.toRequired'));
      expect(await seriousViolations(page)).toEqual([]);

      const add = page.getByTestId('add-leg');
      for (let i = 0; i < 3; i++) await add.click();
      await expect(page.getByTestId(/^leg-\d$/)).toHaveCount(5);
      await expect(add).toBeDisabled();
      await page.getByTestId('leg-4-remove').click();
      await page.getByTestId('leg-3-remove').click();
      await page.getByTestId('leg-2-remove').click();
      await expect(page.getByTestId(/^leg-\d$/)).toHaveCount(2);
      await expect(add).toBeEnabled();

      // Move the first trip after the second: the second is flagged and its earlier days are disabled.
      const popup = page.locator('.ant-picker-dropdown:visible');
      await page.getByTestId('leg-0-date').click();
      await chooseDay(page, inDays(30));
      await expect(popup).toHaveCount(0);
      await expect(page.getByTestId('leg-1')).toContainText(error(3109));
      await page.getByTestId('search-submit').click();
      await expect(page).toHaveURL(/\/$/);

      await page.getByTestId('leg-1-date').click();
      await expect(popup).toHaveCount(1);
      const dayThirty = await showDay(popup, inDays(30));
      await expect(popup.locator(`td[title="${inDays(29)}"]`).first()).toHaveClass(/ant-picker-cell-disabled/);
      await expect(dayThirty).not.toHaveClass(/ant-picker-cell-disabled/);
      await chooseDay(page, inDays(33));
      await expect(popup).toHaveCount(0);
      await expect(page.getByTestId('leg-1')).not.toContainText(error(3109));
      await pickPlace(page, 1, 1, city.chengdu);
      await page.getByTestId('search-submit').click();
      const criteria = await searchedCriteria(page);
      expect(criteria?.type).toBe(3);
      expect(criteria?.legs.map((l) => [l.departureName, l.destinationName, l.departure_date])).toEqual([
        [city.beijing, city.shanghai, requestDate(inDays(30))],
        [city.shanghai, city.chengdu, requestDate(inDays(33))],
      ]);
    });
  });
});

test('popular routes open short-link landing pages a week ahead', async ({ page }) => {
  await page.goto('/');
  const link = page.getByTestId('popular-BJS-SHA');
  const short = inDays(7).slice(2).replaceAll('-', '');
  await expect(link).toHaveAttribute('href', `/search/BJS-SHA-${short}`);
  await expect(page.getByTestId('popular-routes').getByRole('link')).toHaveCount(6);
});

test('the form works on a phone-width screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page
    .getByTestId('trip-type')
    .getByText(text('en', 'search-form', 'tripType.2'), { exact: true })
    .click();
  await expect(page.getByTestId('date-range').locator('input')).toHaveCount(2);
  await pickPlace(page, 0, 0, 'Beijing');
  await pickPlace(page, 0, 1, 'Shanghai');
  // The place list closes with an animation that may reach past the edge for a moment.
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByTestId('search-submit').click();
  expect((await searchedCriteria(page))?.type).toBe(2);
});
