import { execFileSync } from 'node:child_process';
import { expect } from '@playwright/test';
import { eachLanguage, LANGUAGES, test, text, useLanguage } from './support';

type Report = { budget: number; languages: Record<string, { files: { file: string; gzip: number }[]; total: number }> };

/**
 * What `scripts/bundle-size.mjs` counts as the first page load, read from the built app's manifest, and its
 * budget: 200 kB of JavaScript and CSS, gzip.
 */
const report = JSON.parse(execFileSync('node', ['scripts/bundle-size.mjs', '--json'], { encoding: 'utf8' })) as Report;

eachLanguage((lang) => {
  test(`loading / in ${lang} fetches exactly the JavaScript and CSS the bundle budget counts`, async ({ page }) => {
    const fetched = new Set<string>();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/assets\/.+\.(js|css)$/.test(pathname)) fetched.add(pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.locator('h1')).toHaveText(text(lang, 'home', 'hero.title'));
    await expect(page.getByTestId('search-form')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const counted = (report.languages[lang]?.files ?? []).map((f) => f.file);
    expect([...fetched].sort(), 'the budget counts every file the home page fetches').toEqual(counted.sort());
    const total = report.languages[lang]?.total ?? 0;
    console.log(`first page / in ${lang}: ${(total / 1024).toFixed(1)} kB of JavaScript and CSS, gzip`);
    expect(total, 'the first page load stays within the budget').toBeLessThanOrEqual(report.budget);
  });
});

/** The home page and its header and form controls opened, at the desktop widths, when SHOTS names a folder. */
test('home page screenshots', async ({ page, context, baseURL }) => {
  test.skip(!process.env.SHOTS, 'SHOTS names the folder for the screenshots');
  test.setTimeout(180_000);
  const dir = process.env.SHOTS;
  for (const lang of LANGUAGES) {
    await useLanguage(context, baseURL ?? '', lang);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.locator('h1')).toHaveText(text(lang, 'home', 'hero.title'));
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${dir}/home-${lang}-${width}.png`, fullPage: true });
      if (width !== 1280) continue;
      const shot = (name: string) => page.screenshot({ path: `${dir}/${name}-${lang}-${width}.png` });
      await page.getByTestId('language-switch').click();
      await expect(page.getByRole('menuitem').first()).toBeVisible();
      await shot('language-menu');
      await page.keyboard.press('Escape');
      await page.getByTestId('currency-switch').click();
      await expect(page.locator('#display-currency')).toBeVisible();
      await page.waitForTimeout(400);
      await shot('currency-panel');
      await page.getByTestId('currency-switch').click();
      await page.getByTestId('travellers-button').click();
      await expect(page.getByTestId('travellers-panel')).toBeVisible();
      await page.waitForTimeout(400);
      await shot('travellers');
      await page.keyboard.press('Escape');
      await page.mouse.click(5, 500);
      const box = page.getByTestId('leg-0').getByRole('combobox').first();
      await box.click();
      await box.fill(lang === 'en' ? 'Bei' : '北');
      await page.waitForTimeout(1200);
      await shot('place-picker');
      await page.keyboard.press('Escape');
      await page.mouse.click(5, 500);
      await page.getByTestId('leg-0-date').click();
      await page.waitForTimeout(600);
      await shot('date-picker');
      await page.keyboard.press('Escape');
      await page.mouse.click(5, 500);
      await page
        .getByTestId('trip-type')
        .getByText(text(lang, 'search-form', 'tripType.3'), { exact: true })
        .click();
      await page.waitForTimeout(300);
      await shot('multi-city');
      await page.getByTestId('search-submit').click();
      await page.waitForTimeout(300);
      await shot('multi-city-problems');
    }
  }
});
