import { expect, type Page } from '@playwright/test';
import {
  formatMonth,
  monthOfDate,
  type NoticePage,
  type PriceAlert,
  packSearchLink,
} from '../packages/domain/src/index';
import { latestMail } from './outbox';
import { registerByEmail, rememberSignIn, routeCriteria, shot } from './setup';
import { eachLanguage, test, text } from './support';

// The traveller is signed in on every page the context opens (an init script): a context of its own.
test.use({ freshContext: true });

/** A route of its own per language, so the simulated sellers' sale moves no other test's fares. */
const ROUTE = { en: { code: 'CTU', name: 'Chengdu' }, 'zh-CN': { code: 'XIY', name: '西安' } } as const;

const sale = (page: Page, destination: string, percentOff: number) =>
  page.request.post('/flight-sim/fares/sale', { data: { origin: 'BJS', destination, percentOff } });

async function alerts(page: Page): Promise<PriceAlert[]> {
  return ((await (await page.request.get('/api/price-alerts')).json()) as { items: PriceAlert[] }).items;
}

eachLanguage((lang) => {
  test(`a tracked search tells of its lower fare by notice and e-mail, with its price history, in ${lang}`, async ({
    page,
    context,
    errors,
  }) => {
    test.setTimeout(180_000);
    const route = ROUTE[lang];
    const { email, user } = await registerByEmail(page, 'alerts');
    await rememberSignIn(context, user);
    await sale(page, route.code, 0);
    const criteria = routeCriteria('flight', 30, {}, lang);
    const leg = { ...criteria.legs[0], destination: route.code, destinationName: route.name };
    await page.goto(`/search?s=${packSearchLink({ ...criteria, legs: [leg as (typeof criteria.legs)[0]] })}`);
    await expect(page.getByTestId('result-card').first()).toBeVisible({ timeout: 60_000 });

    await page.getByTestId('track-prices').click();
    // An account made by e-mail has no mobile number to text: the dialog says so and where to add one.
    const noMobile = page.getByTestId('track-no-mobile');
    await expect(noMobile).toContainText(text(lang, 'results', 'track.noMobile'));
    await expect(noMobile.getByRole('link', { name: text(lang, 'results', 'track.noMobileLink') })).toHaveAttribute(
      'href',
      '/account/personal-info',
    );
    await expect(page.getByTestId('track-sms')).toHaveCount(0);
    await shot(page, `track-prices-dialog-${lang}`, { widths: [390, 1280] });
    await page
      .getByRole('button', { name: text(lang, 'results', 'track.confirm'), exact: true })
      .last()
      .click();
    await expect(page.getByTestId('alert-set')).toBeVisible();
    // Its first search, by the job runner, sets the price it watches.
    await expect.poll(async () => (await alerts(page))[0]?.lowestMinor ?? null, { timeout: 60_000 }).not.toBeNull();

    try {
      expect((await sale(page, route.code, 30)).ok()).toBe(true);
      expect((await page.request.post('/alerts-sim/check')).ok()).toBe(true);
      await expect
        .poll(
          async () => {
            const notices = (await (await page.request.get('/notifications')).json()) as NoticePage;
            return notices.items.map((n) => n.kind);
          },
          { timeout: 60_000 },
        )
        .toContain('price-fell');
    } finally {
      await sale(page, route.code, 0);
    }

    await page.goto('/account/notices');
    const notice = page.getByTestId('notice').filter({ has: page.locator('[data-testid="notice-fares"]') });
    await expect(notice).toHaveAttribute('data-kind', 'price-fell');
    await expect(notice.getByRole('heading')).toContainText(route.name);
    await shot(page, `price-alert-notice-${lang}`);
    const opens = /\/account\/price-alerts\?open=[0-9a-f-]{36}/;
    const mail = await latestMail(email, opens);
    expect(mail).toContain(route.name);
    expect(mail).toContain(`/account/price-alerts?open=${(await alerts(page))[0]?.id}`);

    await page.goto('/account/price-alerts');
    const alert = page.getByTestId('price-alert');
    await expect(alert.getByTestId('alert-chart')).toHaveAttribute('data-points', '2');
    await expect(alert.getByTestId('alert-lowest')).toContainText('¥');
    await expect(alert.getByRole('heading')).toContainText(route.name);
    await expect(alert.getByRole('heading')).not.toContainText(route.code);
    await shot(page, `price-alerts-${lang}`, { widths: [390, 1280], fullPage: true });

    // The notice's link opens the search it watches.
    await page.goto('/account/notices');
    await notice.getByTestId('notice-fares').click();
    await expect(page).toHaveURL(/\/search\?s=/);
    await expect(page.getByTestId('search-summary')).toContainText(route.name);
    // So does the e-mail's.
    await page.goto(/(http:\/\/\S+\/account\/price-alerts\?open=[0-9a-f-]{36})/.exec(mail)?.[1] ?? '');
    await expect(page).toHaveURL(/\/search\?s=/);
    await expect(page.getByTestId('search-summary')).toContainText(route.name);

    // The same search over any day of its month: the list names the month where the date was.
    const month = formatMonth(monthOfDate(leg.departure_date ?? ''), lang);
    await page.getByTestId('track-prices').click();
    await page.getByRole('radio', { name: text(lang, 'results', 'track.anyDay').replace('{{month}}', month) }).check();
    await page
      .getByRole('button', { name: text(lang, 'results', 'track.confirm'), exact: true })
      .last()
      .click();
    await expect(page.getByTestId('alert-set').last()).toBeVisible();
    await page.goto('/account/price-alerts');
    const anyDay = text(lang, 'alerts', 'anyDay').replace('{{month}}', month);
    const overMonth = page.getByTestId('price-alert').filter({ hasText: anyDay });
    await expect(overMonth.getByTestId('alert-days')).toContainText(anyDay);
    await expect(overMonth.getByRole('heading')).toContainText(route.name);
    expect((await alerts(page)).map((a) => a.month)).toContain(monthOfDate(leg.departure_date ?? ''));
    await shot(page, `price-alerts-month-${lang}`, { widths: [390] });
    expect(errors).toEqual([]);
  });
});
