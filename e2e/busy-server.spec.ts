import { expect, type Route } from '@playwright/test';
import { inDays } from './setup';
import { test, text, useLanguage } from './support';

/** What a busy server answers (spec §8), asking the client to wait a second. */
const busy = (route: Route) =>
  route.fulfill({
    status: 419,
    contentType: 'application/json',
    headers: { 'retry-after': '1' },
    body: JSON.stringify({ errorCode: 4190, errorContent: 'System is busy, please try again later.' }),
  });

/** Goes to an in-app path as a link in the app does: the page's chunk loads now, not with the document. */
const navigate = (page: import('@playwright/test').Page, path: string) =>
  page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

test('a busy server never leaves a blank page: chunks and searches are asked for again, and a page that never comes offers a reload', async ({
  page,
  context,
  baseURL,
}) => {
  test.slow();
  // The About page's chunk is turned away twice, then sent: the page shows.
  let aboutAsked = 0;
  await page.route(/\/assets\/about-page-[^/]+\.js$/, (route) => (++aboutAsked <= 2 ? busy(route) : route.continue()));
  await page.goto('/');
  await expect(page.locator('h1')).toHaveText(text('en', 'home', 'hero.title'));
  await navigate(page, '/about');
  await expect(page.locator('h1')).toHaveText(text('en', 'about', 'hero.title'), { timeout: 60_000 });
  expect(aboutAsked).toBeGreaterThanOrEqual(3);

  // In Chinese, the help centre's chunk is always turned away: the page says so and offers to reload.
  await useLanguage(context, baseURL ?? '', 'zh-CN');
  const faq = /\/assets\/faq-page-[^/]+\.js$/;
  await page.route(faq, busy);
  await page.goto('/');
  await expect(page.locator('h1')).toHaveText(text('zh-CN', 'home', 'hero.title'));
  await navigate(page, '/faq');
  const failure = page.getByTestId('load-failure');
  await expect(failure).toContainText(text('zh-CN', 'load', 'title'), { timeout: 60_000 });
  await expect(failure).toContainText(text('zh-CN', 'load', 'description'));
  await expect(page.getByTestId('site-header')).toBeVisible();
  // Once the server answers again, the reload brings the page.
  await page.unroute(faq);
  await failure.getByRole('button', { name: text('zh-CN', 'load', 'reload') }).click();
  await expect(page.locator('h1')).toHaveText(text('zh-CN', 'faq', 'hero.title'));

  // A search turned away says the service is busy, not the connection, and starts by itself.
  let starts = 0;
  await page.route('**/api/v2/search', (route) =>
    route.request().method() === 'POST' && ++starts <= 2 ? busy(route) : route.continue(),
  );
  await page.goto(`/search/BJS-SHA-${inDays(20).slice(2).replaceAll('/', '')}`);
  await expect(page.getByTestId('search-busy')).toContainText(text('zh-CN', 'results', 'busy.title'));
  await expect(page.getByText(text('zh-CN', 'results', 'empty.unavailableText'))).toHaveCount(0);
  await expect(page.getByTestId('result-card').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('search-busy')).toHaveCount(0);
  expect(starts).toBe(3);
});
