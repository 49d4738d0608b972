import { expect, type Page } from '@playwright/test';
import { test, text } from './support';
import { signedInTraveller } from './trip-api';

/** The animations on the page that go on and on: a spinner turning, a placeholder shimmering. */
const endlessAnimations = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY)
      .map((a) => (a instanceof CSSAnimation ? a.animationName : 'script')),
  );

test.describe('language and currency preferences', () => {
  test('switching to Chinese sets a one-day cookie that survives a reload', async ({ page, context }) => {
    await page.goto('/about');
    await expect(page.locator('h1')).toHaveText(text('en', 'about', 'hero.title'));
    await page.getByTestId('language-switch').click();
    const chinese = page.getByRole('menuitem', { name: '中文' });
    await expect(chinese).toBeVisible();
    await chinese.click();
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('zh-CN');
    await expect(page.locator('h1')).toHaveText(text('zh-CN', 'about', 'hero.title'), { timeout: 60_000 });

    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('zh-CN');
    const hoursLeft = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23);
    expect(hoursLeft).toBeLessThanOrEqual(24);

    await page.reload();
    await expect(page.locator('h1')).toHaveText(text('zh-CN', 'about', 'hero.title'));
    await expect(page.getByTestId('login-button')).toHaveText('登录');
  });

  test('English is the default and a cookie changed elsewhere applies on the next navigation', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto('/');
    await expect(page.locator('h1')).toHaveText(text('en', 'home', 'hero.title'));
    await context.addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL ?? '' }]);
    await page
      .getByTestId('site-header')
      .getByRole('link', { name: text('en', 'common', 'header.download') })
      .click();
    await expect(page.locator('h1')).toHaveText(text('zh-CN', 'download', 'hero.title'));
  });

  test('the display currency is kept in a cookie, CNY by default', async ({ page, context }) => {
    await page.goto('/about');
    await expect(page.getByTestId('currency-switch')).toHaveText('CNY');
    await page.getByTestId('currency-switch').click();
    await page.getByRole('combobox', { name: text('en', 'common', 'header.displayCurrency') }).fill('USD');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('currency-switch')).toHaveText('USD');
    expect((await context.cookies()).find((c) => c.name === 'currency')?.value).toBe('USD');
    await page.reload();
    await expect(page.getByTestId('currency-switch')).toHaveText('USD');
  });
});

test.describe('header', () => {
  test('is fixed on inner pages and gains a shadow once scrolled', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.locator('h1')).toBeVisible();
    const header = page.getByTestId('site-header');
    await expect(header).toHaveCSS('position', 'fixed');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await expect(header).toHaveCSS('box-shadow', 'none');
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect(header).not.toHaveCSS('box-shadow', 'none');
    await expect(header).toBeInViewport();
  });

  test('is not fixed on the home page', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('h1')).toBeVisible();
    const header = page.getByTestId('site-header');
    await expect(header).not.toHaveCSS('position', 'fixed');
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => header.evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThan(0);
  });

  test('logo leads home and the download link to /download', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.locator('h1')).toBeVisible();
    const header = page.getByTestId('site-header');
    await header.getByRole('link', { name: text('en', 'common', 'header.download') }).click();
    await expect(page).toHaveURL(/\/download$/);
    await header.getByRole('link', { name: 'Junction' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('footer', () => {
  test('every link opens its page in a new tab', async ({ page, context }) => {
    await page.goto('/');
    const links = page.getByTestId('site-footer').locator('nav a');
    await expect(links.first()).toBeVisible();
    const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs.sort()).toEqual(
      ['/about', '/agreement/privacy', '/agreement/service', '/airline-fees', '/contact-us', '/faq'].sort(),
    );
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: text('en', 'common', 'footer.links.airlineFees') }).click(),
    ]);
    await expect(popup).toHaveURL(/\/airline-fees$/);
    await expect(popup.locator('h1')).toHaveText(text('en', 'fees', 'hero.title'));
    expect(page.url()).toMatch(/\/$/);
  });

  test('carries the copyright, sample registration notices and the ODbL attribution', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByTestId('site-footer');
    // The copyright runs to this year in Beijing, as the server says it.
    const { copyrightYears } = (await (await page.request.get('/api/site')).json()) as { copyrightYears: string };
    const beijingYear = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
    expect(copyrightYears).toBe(`2020-${beijingYear}`);
    await expect(footer).toContainText(`© 2020-${beijingYear} Junction Technology Co., Ltd.`);
    await page.context().addCookies([{ name: 'lang', value: 'zh-CN', url: page.url() }]);
    await page.reload();
    await expect(footer).toContainText(`© 2020-${beijingYear} 联程科技有限公司 版权所有`);
    await page.context().clearCookies({ name: 'lang' });
    await page.reload();
    await expect(page.getByTestId('registration-notices')).toContainText('京ICP备00000000号-1 (sample)');
    await expect(footer.getByRole('link', { name: 'OpenFlights' })).toHaveAttribute('href', /openflights\.org/);
    await expect(footer).toContainText('Open Database License');
    const placeData = page.getByTestId('place-data-attribution');
    await expect(placeData.getByRole('link', { name: 'OpenStreetMap contributors' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/copyright',
    );
    await expect(placeData.getByRole('link', { name: 'GeoNames' })).toHaveAttribute('href', /geonames\.org/);
    await expect(placeData).toContainText('CC BY 4.0');
    await expect(page.getByTestId('footer-seo')).toContainText('12306');
  });
});

test('asked for reduced motion, a loading page shows its spinner and placeholders standing still', async ({ page }) => {
  // The browser tests ask for reduced motion (the configuration's `reducedMotion`).
  expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
  // The first page opened, its code not come yet: the header and the site's own spinner.
  await page.route('**/assets/about-page-*.js', () => {});
  await page.goto('/about');
  await expect(page.locator('main').getByRole('status', { name: text('en', 'common', 'loading') })).toBeVisible();
  await expect(page.getByTestId('site-header')).toBeVisible();
  expect(await endlessAnimations(page)).toEqual([]);
  // A list whose trips have not come yet: Ant Design's placeholder.
  await signedInTraveller(page, 'en');
  await page.route('**/api/orders?*', () => {});
  await page.goto('/account/trips');
  await expect(page.locator('.ant-skeleton')).toBeVisible();
  expect(await endlessAnimations(page)).toEqual([]);
});

test.describe('routing', () => {
  test('an unknown path goes to the home page', async ({ page }) => {
    await page.goto('/no/such/page?x=1');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('h1')).toHaveText(text('en', 'home', 'hero.title'));
  });

  test('an unknown agreement goes to the home page', async ({ page }) => {
    await page.goto('/agreement/nothing-here');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the agreement menu moves between agreements', async ({ page }) => {
    await page.goto('/agreement/service');
    await page.getByRole('link', { name: text('en', 'common', 'agreements.tabs.kyfw-auth') }).click();
    await expect(page).toHaveURL(/\/agreement\/kyfw-auth$/);
    await expect(page.locator('h1')).toHaveText(text('en', 'agreement-kyfw', 'title'));
  });
});

test.describe('failed requests', () => {
  // One test stops the page's clock, which stays with the context: each test has a context of its own.
  test.use({ freshContext: true });

  test('a server error shows a three-second toast with its status and detail', async ({ page }) => {
    await page.route('**/api/site', (route) =>
      route.fulfill({ status: 500, json: { errorCode: 5000, errorContent: 'Database unreachable' } }),
    );
    await page.goto('/');
    const toast = page.locator('.ant-message-notice').filter({ hasText: 'Error 500: Database unreachable' });
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 6_000 });
  });

  test('a page the server is too busy for says so while it asks again, then opens the busy dialog', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL ?? '' }]);
    // The page's clock is the test's: the half minute of waits between tries passes as the test moves it on.
    await page.clock.install();
    let tries = 0;
    await page.route('**/api/site', (route) => {
      tries += 1;
      return route.fulfill({ status: 419, json: { errorCode: 4190, errorContent: 'System is busy' } });
    });
    await page.goto('/');
    await expect(page.getByTestId('busy-notice')).toHaveText(text('zh-CN', 'load', 'busy'));
    const dialog = page.getByRole('dialog');
    // The first try and five more with growing waits (about half a minute in all), the notice showing and no
    // dialog until the last of them is refused.
    await expect
      .poll(
        async () => {
          await expect(dialog).toHaveCount(0);
          await page.clock.fastForward(5_000);
          return tries;
        },
        { timeout: 90_000, intervals: [100] },
      )
      .toBe(6);
    await expect(dialog).toContainText(text('zh-CN', 'errors', 'busy'));
    await expect(page.getByTestId('busy-notice')).toBeHidden();
    // Closed once its opening is over, it stays closed: the page tries no more.
    await expect(dialog).not.toHaveClass(/ant-zoom/);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();
    await page.clock.fastForward(60_000);
    await expect(dialog).toBeHidden();
    expect(tries).toBe(6);
  });

  test('a page that cannot load its data shows a retry screen inside the shell', async ({ page }) => {
    await page.route('**/api/site', (route) =>
      route.fulfill({ status: 503, json: { errorCode: 5030, errorContent: 'unavailable' } }),
    );
    await page.goto('/about');
    await expect(page.locator('main').getByRole('alert')).toContainText(text('en', 'common', 'routeError.title'));
    await expect(page.getByTestId('site-header')).toBeVisible();
  });
});
