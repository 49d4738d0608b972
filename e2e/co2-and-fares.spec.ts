import { expect, type Locator, type Page, test } from '@playwright/test';
import { packSearchLink } from '../packages/domain/src/index';
import { routeCriteria, shot } from './setup';
import { LANGUAGES, text, useLanguage, watchErrors } from './support';

const cards = (page: Page) => page.getByTestId('result-card');
const attributes = (list: Locator, name: string) =>
  list.evaluateAll((els, attr) => els.map((e) => e.getAttribute(attr) ?? ''), name);

async function listSettled(page: Page) {
  await expect(page.getByTestId('results-list')).toHaveAttribute('aria-busy', 'false');
}

for (const [n, lang] of LANGUAGES.entries()) {
  test(`results sort by lowest CO₂, rail shows what it saves, and the method page explains it (${lang})`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await useLanguage(context, baseURL ?? '', lang);
    await page.goto(`/search?s=${packSearchLink(routeCriteria('all', 33 + n, {}, lang))}`);
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
    expect(errors).toEqual([]);
  });
}
