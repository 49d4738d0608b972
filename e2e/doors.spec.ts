import { expect, type Locator, type Page } from '@playwright/test';
import { eachLanguage, type Lang, switchLanguage, test, text, useLanguage, watchErrors } from './support';

/** The landmark typed, the name it shows, and the map search that moves the map to Lujiazui, per language. */
const WORDS = {
  en: {
    typed: 'wangfujing',
    shown: 'Wangfujing',
    mapSearch: 'lujiazui',
    mapResult: 'Lujiazui',
    city: 'shanghai',
    cityShown: 'Shanghai',
    line2: 'Line 2',
    gzSearch: 'tiyu xilu',
    gzResult: 'Tiyu Xilu',
    gzLine1: 'Line 1',
    szSearch: 'shopping park',
    szResult: 'Shopping Park',
  },
  'zh-CN': {
    typed: '王府井',
    shown: '王府井',
    mapSearch: '陆家嘴',
    mapResult: '陆家嘴',
    city: '上海',
    cityShown: '上海',
    line2: '2号线',
    gzSearch: '体育西路',
    gzResult: '体育西路',
    gzLine1: '1号线',
    szSearch: '购物公园',
    szResult: '购物公园',
  },
} as const;

/** Searches the map dialog for a place and goes to the first answer of that name. */
async function findOnMap(dialog: Locator, search: string, answer: RegExp) {
  await dialog.getByRole('searchbox').fill(search);
  await dialog.getByRole('searchbox').press('Enter');
  await dialog.getByRole('button', { name: answer }).first().click();
}

/** The map draws a metro line in its colour, named in the page's language. */
async function expectMetroLine(map: Locator, colour: string, name: string) {
  const line = map.locator(`path[stroke="${colour}"]`);
  await expect(line.first()).toBeAttached();
  await expect(line.first().locator('title')).toHaveText(name);
}

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

eachLanguage((lang) => {
  const w = WORDS[lang];
  const common = (key: string) => text(lang, 'common', key);

  test.describe(`doors in ${lang}`, () => {
    test('type a landmark, pick a pin on the map, and see the door-to-door plan drawn on the map', async ({
      page,
      errors,
    }) => {
      test.slow();
      await page.goto('/');
      const leg = page.getByTestId('leg-0');

      // From: a landmark typed by name (pinyin in English, characters in Chinese).
      const from = leg.getByRole('combobox').nth(0);
      await from.click();
      await from.fill(w.typed);
      const dropdown = page.locator('.ant-select-dropdown:visible');
      await expect(dropdown).toContainText(common('placePicker.doors'));
      await shot(page, `picker-${lang}-1280`);
      const landmark = dropdown.locator('[data-place-kind="door"]', { hasText: w.shown }).first();
      await landmark.click();
      await expect(leg.getByTestId('place-picker').nth(0)).toContainText(w.shown);
      // The picked door has both names: switching the site's language renames it, and back.
      const otherLang: Lang = lang === 'en' ? 'zh-CN' : 'en';
      await switchLanguage(page, otherLang);
      await expect(leg.getByTestId('place-picker').nth(0)).toContainText(WORDS[otherLang].shown);
      await switchLanguage(page, lang);
      await expect(leg.getByTestId('place-picker').nth(0)).toContainText(w.shown);

      // To: a pin on the map, after searching the map for Lujiazui.
      await leg.getByTestId('choose-on-map').nth(1).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('map')).toBeVisible();
      // Guangzhou's metro is drawn too: searching the map for Tiyu Xilu shows Line 1 in its yellow.
      await findOnMap(dialog, w.gzSearch, new RegExp(w.gzResult, 'i'));
      await expectMetroLine(dialog.getByTestId('map'), '#F3D03E', w.gzLine1);
      await shot(page, `map-guangzhou-${lang}-1280`);
      // And Shenzhen's: Shopping Park shows its Line 1 in green.
      await findOnMap(dialog, w.szSearch, new RegExp(w.szResult, 'i'));
      await expectMetroLine(dialog.getByTestId('map'), '#00B140', w.gzLine1);
      await shot(page, `map-shenzhen-${lang}-1280`);
      await findOnMap(dialog, w.mapSearch, new RegExp(w.mapResult));
      const map = dialog.getByTestId('map');
      // Shanghai is drawn: its districts' outlines, and its metro in the lines' colours (Line 2 green).
      await expect(map.locator('path').first()).toBeVisible();
      await expectMetroLine(map, '#8CC220', w.line2);
      await expect(map.locator('path[stroke="#E3002B"]').first()).toBeAttached();
      const box = await map.boundingBox();
      if (!box) throw new Error('the map has no box');
      // A pin a little off the centre, where Lujiazui is.
      await page.mouse.click(box.x + box.width / 2 + 8, box.y + box.height / 2 + 6);
      const pinName = dialog.getByTestId('map-pin-name');
      await expect(pinName).not.toHaveText('');
      const chosen = (await pinName.textContent()) ?? '';
      await shot(page, `map-${lang}-1280`);
      await dialog.getByRole('button', { name: common('map.useThis') }).click();
      await expect(dialog).toBeHidden();
      await expect(leg.getByTestId('place-picker').nth(1)).toContainText(chosen);

      await page.getByTestId('search-form').getByTestId('search-submit').click();
      await expect(page).toHaveURL(/\/search\?s=/);
      await expect(page.locator('[data-testid="search-progress"][data-done="true"]')).toBeVisible({ timeout: 90_000 });
      const kinds = page.getByTestId('filter-kinds');
      await kinds.locator('li[data-option="mix"]').hover();
      await kinds.locator('li[data-option="mix"]').getByRole('button').click();
      const card = page.getByTestId('result-card').first();
      await expect(card).toHaveAttribute('data-kind', 'mix');
      await card.getByTestId('result-details-toggle').click();
      const details = card.getByTestId('result-details');
      // The plan starts at Wangfujing and ends at the pin.
      await expect(details).toContainText(w.shown);
      await details.getByTestId('plan-map-toggle').first().click();
      const planMap = details.getByTestId('map').first();
      await expect(planMap).toBeVisible();
      const legs = planMap.locator('[data-map-leg]');
      expect(await legs.count()).toBeGreaterThanOrEqual(3);
      const drawn = await legs.evaluateAll((els) => els.map((e) => e.getAttribute('data-map-leg')));
      expect(drawn.some((k) => k === 'air' || k === 'land')).toBe(true);
      await expect(planMap.locator('[data-map-marker="start"]')).toContainText(w.shown);
      await expect(planMap.locator('[data-map-marker="end"]')).toContainText(chosen);
      await planMap.scrollIntoViewIfNeeded();
      await shot(page, `plan-${lang}-1280`);
      await page.setViewportSize({ width: 1440, height: 900 });
      await shot(page, `plan-${lang}-1440`);
      expect(errors).toEqual([]);
    });

    test('a short link from a door runs the search from that door in a new browser', async ({
      page,
      browser,
      baseURL,
      errors,
    }) => {
      test.slow();
      await page.goto('/');
      const leg = page.getByTestId('leg-0');
      const dropdown = page.locator('.ant-select-dropdown:visible');
      const from = leg.getByRole('combobox').nth(0);
      await from.click();
      await from.fill(w.typed);
      await dropdown.locator('[data-place-kind="door"]', { hasText: w.shown }).first().click();
      const to = leg.getByRole('combobox').nth(1);
      await to.click();
      await to.fill(w.city);
      await dropdown.locator('[data-place-kind="city"]', { hasText: w.cityShown }).first().click();
      await page.getByTestId('search-form').getByTestId('search-submit').click();
      await expect(page).toHaveURL(/\/search\?s=/);

      // The link to share is the short link: the door as its point and name, the city by its code.
      const share = page.getByTestId('copy-search-link');
      await share.click();
      await expect(share).toHaveAttribute('data-link', /\/search\/@\d+(\.\d+)?N\d+(\.\d+)?E~.+-SHA-\d{6}$/);
      const link = (await share.getAttribute('data-link')) ?? '';
      expect(decodeURIComponent(link)).toContain(`~${w.shown}`);
      await shot(page, `share-${lang}-1280`);

      // Opened in another browser, with nothing of this one's.
      const other = await browser.newContext({ baseURL });
      await useLanguage(other, baseURL ?? '', lang);
      const fresh = await other.newPage();
      const otherErrors = watchErrors(fresh);
      await fresh.setViewportSize({ width: 1440, height: 900 });
      const started = fresh.waitForRequest((r) => r.url().endsWith('/api/v2/search') && r.method() === 'POST');
      await fresh.goto(link);
      const criteria = (await started).postDataJSON() as { legs: { departure: string; departureName: string }[] };
      expect(criteria.legs[0]?.departure).toMatch(/^@39\.9\d*,116\.4\d*$/);
      expect(criteria.legs[0]?.departureName).toContain(w.shown);
      await expect(fresh.getByTestId('search-summary')).toContainText(w.shown);
      await expect(fresh.getByTestId('search-summary')).toContainText(w.cityShown);
      await expect(fresh.locator('[data-testid="search-progress"][data-done="true"]')).toBeVisible({ timeout: 90_000 });
      // Trains and flights go from the door too: the card starts at Wangfujing and states its ground legs' price.
      const trainCard = fresh.locator('[data-testid="result-card"][data-kind="train"]').first();
      await expect(trainCard.getByTestId('place-name').first()).toContainText(w.shown);
      await expect(trainCard.getByTestId('ground-price')).toHaveText(/[¥￥]\s?\d/);
      await shot(fresh, `short-link-${lang}-1440`);
      await fresh.setViewportSize({ width: 1280, height: 900 });
      await trainCard.getByTestId('result-details-toggle').click();
      await expect(trainCard.getByTestId('result-details')).toContainText(w.shown);
      await trainCard.scrollIntoViewIfNeeded();
      await shot(fresh, `train-from-door-${lang}-1280`);
      await trainCard.getByTestId('result-details-toggle').click();
      await fresh.setViewportSize({ width: 1440, height: 900 });

      // In the other language the door has its other name: in the summary, and in the plans that start there.
      const otherLang: Lang = lang === 'en' ? 'zh-CN' : 'en';
      const otherW = WORDS[otherLang];
      await switchLanguage(fresh, otherLang);
      await expect(fresh.getByTestId('search-summary')).toContainText(otherW.shown);
      await expect(fresh.getByTestId('search-summary')).toContainText(otherW.cityShown);
      const kinds = fresh.getByTestId('filter-kinds');
      await kinds.locator('li[data-option="mix"]').hover();
      await kinds.locator('li[data-option="mix"]').getByRole('button').click();
      const card = fresh.getByTestId('result-card').first();
      await expect(card.getByTestId('place-name').first()).toContainText(otherW.shown);
      await shot(fresh, `short-link-${otherLang}-from-${lang}-1440`);

      // Modify search: the form's picker holds the door by its name in the language of the page.
      await fresh.getByTestId('modify-search').click();
      const freshLeg = fresh.getByTestId('leg-0');
      await expect(freshLeg.getByTestId('place-picker').nth(0)).toContainText(otherW.shown);
      await expect(freshLeg.getByTestId('place-picker').nth(1)).toContainText(otherW.cityShown);
      await other.close();
      expect(errors).toEqual([]);
      expect(otherErrors).toEqual([]);
    });

    test('zooms and pans the map, and names the point clicked', async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/');
      await page.getByTestId('leg-0').getByTestId('choose-on-map').first().click();
      const dialog = page.getByRole('dialog');
      const map = dialog.getByTestId('map');
      await expect(map.locator('[data-map-hub="PEK"]')).toBeVisible();
      const span = Number(await map.getAttribute('data-span'));
      await dialog.getByRole('button', { name: common('map.zoomIn') }).click();
      await expect.poll(async () => Number(await map.getAttribute('data-span'))).toBeLessThan(span);
      const before = await map.getAttribute('viewBox');
      const box = await map.boundingBox();
      if (!box) throw new Error('the map has no box');
      await page.mouse.move(box.x + 300, box.y + 200);
      await page.mouse.down();
      await page.mouse.move(box.x + 360, box.y + 240, { steps: 5 });
      await page.mouse.up();
      await expect.poll(() => map.getAttribute('viewBox')).not.toBe(before);
      await expect(dialog.getByTestId('map-pin-name')).toHaveCount(0);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect(dialog.getByTestId('map-pin-name')).not.toHaveText('');
      await shot(page, `map-${lang}-1440`);
    });
  });
});
