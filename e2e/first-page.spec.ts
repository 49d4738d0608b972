import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { LANGUAGES, text, useLanguage } from './support';

type Report = { budget: number; languages: Record<string, { files: { file: string; gzip: number }[]; total: number }> };

/** What `scripts/bundle-size.mjs` counts as the first page load, read from the built app's manifest. */
const report = JSON.parse(execFileSync('node', ['scripts/bundle-size.mjs', '--json'], { encoding: 'utf8' })) as Report;

for (const lang of LANGUAGES) {
  test(`loading / in ${lang} fetches exactly the JavaScript and CSS the bundle budget counts`, async ({
    page,
    context,
    baseURL,
  }) => {
    await useLanguage(context, baseURL ?? '', lang);
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
  });
}
