import { expect, type Locator, type Page } from '@playwright/test';
import { packSearchLink, type SearchCriteria, type SearchResult } from '../packages/domain/src/index';
import { chooseTravellers, fillContact } from './booking-form';
import { PASSWORD, registerAccount, routeCriteria, saveTraveller, searchOnPage, shot as shotAt } from './setup';
import { eachLanguage, type Lang, openOrderFromPayment, test, text } from './support';

const iso = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** A one-way Beijing–Shanghai search of every kind, three weeks ahead unless said otherwise. */
const criteria = (overrides: Partial<SearchCriteria>, days = 21): SearchCriteria =>
  routeCriteria(overrides.mode ?? 'all', days, overrides);

/**
 * An account with saved travellers, made through the API, then signed out: the test signs in from the
 * booking dialog as a traveller would.
 */
async function accountWith(page: Page, travellers: { name: string; birth: string }[]): Promise<string> {
  const mobile = await registerAccount(page);
  for (const t of travellers) await saveTraveller(page, t);
  await page.context().clearCookies({ name: 'sid' });
  return mobile;
}

const cards = (page: Page) => page.getByTestId('result-card');

const collectResults = searchOnPage;

async function selectFrom(page: Page, card: Locator, lang: Lang) {
  await expect(page.locator('[data-testid="search-progress"][data-done="true"]')).toBeVisible({ timeout: 90_000 });
  await card.first().getByTestId('select-result').click();
  const dialog = page.getByTestId('price-change-dialog');
  await page.waitForURL(/\/booking\?/, { timeout: 30_000 }).catch(async () => {
    await dialog.getByRole('button', { name: text(lang, 'results', 'priceChange.continue') }).click();
    await page.waitForURL(/\/booking\?/);
  });
}

async function signInFromDialog(page: Page, lang: Lang, mobile: string) {
  const modal = page.getByRole('dialog').filter({ has: page.getByTestId('login-form') });
  await expect(modal).toBeVisible();
  await modal.getByPlaceholder(text(lang, 'account', 'login.accountPlaceholder')).fill(mobile);
  await modal.getByLabel(text(lang, 'account', 'login.password')).fill(PASSWORD);
  await modal.getByRole('button', { name: text(lang, 'account', 'login.submit'), exact: true }).click();
  await expect(page.getByTestId('booking-page')).toBeVisible({ timeout: 30_000 });
}

async function nextStep(page: Page) {
  await page.getByTestId('next-step').click();
}

/** The whole page on a phone and at 1280 and 1440 px. */
const shot = (page: Page, name: string) => shotAt(page, name, { widths: [390, 1280, 1440], fullPage: true });

eachLanguage((lang) => {
  test(`books a flight for two adults and an infant, finds it under Trips and cancels it, in ${lang}`, async ({
    page,
    errors,
  }) => {
    test.setTimeout(150_000);
    const mobile = await accountWith(page, [
      { name: '张伟', birth: '1985-03-02' },
      { name: '李娜', birth: '1987-06-18' },
      { name: '张小宝', birth: iso(300) },
    ]);
    await page.goto(`/search?s=${packSearchLink(criteria({ mode: 'flight', adults: 2, infants: 1 }))}`);
    await selectFrom(page, cards(page).and(page.locator('[data-kind="flight"][data-transfers="0"]')), lang);
    await signInFromDialog(page, lang, mobile);

    // 1. Travellers and contact; the count says nine is the most.
    const most = (count: number) =>
      text(lang, 'passengers', 'picker.selected_other').replace('{{count}}', String(count)).replace('{{max}}', '9');
    await expect(page.getByTestId('picker-count')).toHaveText(most(0));
    await chooseTravellers(page, ['张伟', '李娜', '张小宝']);
    await expect(page.getByTestId('picker-count')).toHaveText(most(3));
    await expect(page.getByTestId('traveller-type')).toHaveText([
      text(lang, 'orders', 'types.ADULT'),
      text(lang, 'orders', 'types.ADULT'),
      text(lang, 'orders', 'types.INFANT'),
    ]);
    // The contact starts with nothing masked in it: the account has no name yet, and its mobile is only shown masked.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('contact-name')).toHaveValue('');
    await expect(page.getByTestId('contact-phone')).toHaveValue('');
    // Step 1 checks its own fields: Continue stays here and says what is wrong beside each one.
    await nextStep(page);
    await expect(page.getByTestId('step-travellers')).toBeVisible();
    await expect(page.getByTestId('contact-phone-error')).toHaveText(text(lang, 'errors', '6114'));
    await page.getByTestId('contact-phone').fill(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    await expect(page.getByTestId('contact-phone-error')).toHaveText(text(lang, 'errors', '6002'));
    await page.getByTestId('contact-name').fill('张伟');
    await page.getByTestId('contact-phone').fill('13800138000');
    await page.getByTestId('contact-email').fill('zhang.wei@');
    await expect(page.getByTestId('contact-email-error')).toHaveText(text(lang, 'errors', '6111'));
    await page.getByTestId('contact-email').fill('zhang.wei@example.com');
    await expect(page.getByTestId('contact-phone-error')).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, `booking-travellers-${lang}`);
    await nextStep(page);
    // 2. Itinerary with its seller and fare rules.
    await expect(page.getByTestId('step-itinerary')).toContainText(text(lang, 'orders', 'booking.itinerary.fareRules'));
    await expect(page.getByTestId('fare-rules')).toContainText(text(lang, 'orders', 'fees.before'));
    await shot(page, `booking-itinerary-${lang}`);
    await nextStep(page);
    // 3. Extras: one extra checked bag for the first adult; none can be bought for the infant.
    const baggage = page.getByTestId('baggage-card');
    await expect(baggage).toContainText(text(lang, 'orders', 'booking.extras.noExtras'));
    // The price of a piece reads as a sentence: "¥300 per piece" / "每件 ¥300".
    await expect(baggage.getByTestId('per-piece').first()).toHaveText(
      lang === 'en' ? /^¥[\d,]+ per piece$/ : /^每件 ¥[\d,]+$/,
    );
    await baggage.getByTestId('extra-pieces').first().fill('1');
    await shot(page, `booking-extras-${lang}`);
    await nextStep(page);
    // 4. Price breakdown and Create order.
    const breakdown = page.getByTestId('price-breakdown');
    await expect(breakdown.getByTestId('fare-line')).toHaveCount(2);
    await expect(breakdown).toContainText(text(lang, 'orders', 'breakdown.extras'));
    await shot(page, `booking-payment-${lang}`);
    // A refusal of the contact on the last step names step 1 and takes the traveller to the field.
    await page.route(
      (url) => url.pathname === '/api/order',
      (route) => {
        const body = route.request().postDataJSON();
        body.contact.phone = '12345';
        return route.continue({ postData: JSON.stringify(body) });
      },
      { times: 1 },
    );
    await page.getByTestId('create-order').click();
    const refusal = page.getByTestId('order-refusal');
    await expect(refusal).toContainText(text(lang, 'errors', '6002'));
    await expect(refusal).toContainText(text(lang, 'orders', 'booking.steps.travellers'));
    errors.splice(0); // the browser logs the refused request
    await refusal.getByTestId('go-to-step').click();
    await expect(page.getByTestId('step-contact')).toBeVisible();
    await expect(page.getByTestId('contact-phone-error')).toHaveText(text(lang, 'errors', '6002'));
    await page.getByTestId('contact-phone').fill('13800138001');
    for (let i = 0; i < 3; i++) await nextStep(page);
    await page.getByTestId('create-order').click();
    await openOrderFromPayment(page);
    const orderPage = page.getByTestId('order-page');
    await expect(orderPage.getByTestId('order-status')).toHaveText(text(lang, 'orders', 'status.0'));
    await expect(orderPage.getByTestId('countdown')).toHaveText(/^(29|30):\d{2}$/);
    await expect(orderPage.getByTestId('document-masked').first()).toHaveText(/\*{4,}/);
    await expect(orderPage.getByTestId('support-link')).toHaveAttribute('href', /\/order\/[0-9a-f-]{36}$/);
    const number = await orderPage.getByTestId('order-number').innerText();
    await shot(page, `order-${lang}`);

    // Trips: the order under all and unpaid, with its status badge.
    await page.goto('/account/trips');
    const card = page.getByTestId('order-card').filter({ hasText: number });
    await expect(card.getByTestId('order-status')).toHaveText(text(lang, 'orders', 'status.0'));
    await page
      .getByTestId('trip-filters')
      .getByText(text(lang, 'orders', 'trips.filters.1'), { exact: true })
      .click();
    await expect(page.getByTestId('order-card').filter({ hasText: number })).toBeVisible();
    await shot(page, `trips-${lang}`);
    await page
      .getByTestId('trip-filters')
      .getByText(text(lang, 'orders', 'trips.filters.2'), { exact: true })
      .click();
    await expect(page.getByTestId('trips-page')).toContainText(text(lang, 'orders', 'trips.empty'));

    // Cancelling an unpaid order after the confirm dialog.
    await page.goto('/account/trips');
    await page.getByTestId('order-card').filter({ hasText: number }).getByTestId('view-order').click();
    await page.getByTestId('cancel-order').click();
    const confirm = page.getByRole('dialog').filter({ hasText: text(lang, 'orders', 'order.confirmCancelTitle') });
    await confirm.getByRole('button', { name: text(lang, 'orders', 'order.confirmCancelOk') }).click();
    await expect(page.getByTestId('order-status')).toHaveText(text(lang, 'orders', 'status.7'));
    await expect(page.getByTestId('cancel-order')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

test('books a train with a free child under 6 and a lower berth', async ({ page }) => {
  test.setTimeout(150_000);
  const mobile = await accountWith(page, [
    { name: '王芳', birth: '1990-01-15' },
    { name: '王小乐', birth: iso(4 * 365) },
  ]);
  const found = await collectResults(page, criteria({ mode: 'train', adults: 1, children: 1 }));
  const sleeper = found.results.find(
    (r) => r.legs.length === 1 && r.legs[0]?.seats?.some((x) => x.code === 'A3' && x.remaining > 5),
  );
  test.skip(!sleeper, 'no train with hard sleepers on this day');
  await page.goto(`/booking?${new URLSearchParams({ search: found.searchId, result: sleeper?.id ?? '' })}`);
  await signInFromDialog(page, 'en', mobile);
  await chooseTravellers(page, ['王芳', '王小乐']);
  await expect(page.getByTestId('rail-type')).toHaveText([
    `${text('en', 'orders', 'tickets.railway')} · ${text('en', 'orders', 'types.ADULT')}`,
    `${text('en', 'orders', 'tickets.railway')} · ${text('en', 'orders', 'types.FREE_CHILD')}`,
  ]);
  await fillContact(page, '王芳', 'wang.fang@example.com');
  await nextStep(page);
  await nextStep(page);
  const rail = page.getByTestId('rail-card');
  await rail.getByText(text('en', 'orders', 'seats.A3'), { exact: true }).click();
  await rail.getByTestId('bunk-select').first().click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: text('en', 'orders', 'bunks.1') })
    .click();
  await expect(rail).toContainText(text('en', 'orders', 'booking.travellers.railFree'));
  await shot(page, 'booking-rail-extras-en');
  await nextStep(page);
  await expect(page.getByTestId('price-breakdown')).toContainText('× 1');
  await page.getByTestId('create-order').click();
  await openOrderFromPayment(page);
  await expect(page.getByTestId('order-page')).toBeVisible();
  await expect(page.getByTestId('sub-order')).toHaveCount(1);
  await expect(page.getByTestId('order-travellers')).toContainText(text('en', 'orders', 'types.FREE_CHILD'));
});

test('books a door-to-door plan with a flight and a train; ground legs are guidance', async ({ page }) => {
  test.setTimeout(180_000);
  const mobile = await accountWith(page, [{ name: '陈静', birth: '1980-05-05' }]);
  // From Beijing's centre to Suzhou, which has no airport: fly to Shanghai, then the train, with metro and taxi
  // at the ends.
  const c = criteria({ mode: 'all' });
  c.legs[0] = { ...c.legs[0], destination: 'SZH', destinationName: 'Suzhou' } as SearchCriteria['legs'][number];
  const found = await collectResults(page, c);
  const rides = (r: SearchResult, kind: string) => r.legs.filter((l) => l.kind === kind).length;
  const isMixed = (r: SearchResult) => r.kind === 'mix' && rides(r, 'air') === 1 && rides(r, 'land') === 1;
  // The last pulls' answers may still be being read.
  await expect.poll(() => found.results.some(isMixed), { timeout: 60_000 }).toBe(true);
  const mixed = found.results.find(isMixed)?.id;
  // The plan may sit further down the list than the page shows at first: go to its booking page directly.
  await page.goto(`/booking?${new URLSearchParams({ search: found.searchId, result: mixed as string })}`);
  await signInFromDialog(page, 'en', mobile);
  await chooseTravellers(page, ['陈静']);
  await fillContact(page, '陈静', 'chen.jing@example.com');
  await nextStep(page);
  const itinerary = page.getByTestId('itinerary');
  await expect(itinerary.locator('[data-kind="air"]')).toHaveCount(1);
  await expect(itinerary.locator('[data-kind="land"]')).toHaveCount(1);
  await expect(itinerary).toContainText(text('en', 'orders', 'legs.guidance'));
  await expect(page.getByTestId('self-transfer-protection')).toBeVisible();
  await shot(page, 'booking-mix-itinerary-en');
  await nextStep(page);
  await nextStep(page);
  await expect(page.getByTestId('price-breakdown')).toContainText(text('en', 'orders', 'breakdown.ground'));
  await page.getByTestId('create-order').click();
  await openOrderFromPayment(page);
  await expect(page.getByTestId('sub-order')).toHaveCount(2);
  await page.goto('/account/trips');
  await expect(page.getByTestId('order-card').first()).toContainText('Suzhou');
});

test('a price change on creation shows the original and the latest price, then books at the latest', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const mobile = await accountWith(page, [{ name: '刘洋', birth: '1992-09-09' }]);
  // The page asks for the order at a price from before the change: 100 yuan less than the seller's now.
  let first = true;
  await page.route(
    (url) => url.pathname === '/api/order',
    async (route) => {
      if (route.request().method() !== 'POST' || !first) return route.continue();
      first = false;
      const body = route.request().postDataJSON();
      body.expected.totalMinor -= 10_000;
      return route.continue({ postData: JSON.stringify(body) });
    },
  );
  await page.goto(`/search?s=${packSearchLink(criteria({ mode: 'flight' }))}`);
  await selectFrom(page, cards(page).and(page.locator('[data-kind="flight"][data-transfers="0"]')), 'en');
  await signInFromDialog(page, 'en', mobile);
  await chooseTravellers(page, ['刘洋']);
  await fillContact(page, '刘洋', 'liu.yang@example.com');
  for (let i = 0; i < 3; i++) await nextStep(page);
  const shown = Number(await page.getByTestId('order-total').getAttribute('data-amount'));
  await page.getByTestId('create-order').click();
  const dialog = page.getByTestId('order-price-change');
  await expect(dialog).toContainText(text('en', 'orders', 'booking.priceChange.original'));
  await expect(dialog.getByTestId('price-original')).toHaveText(`¥${((shown - 10_000) / 100).toLocaleString('en')}`);
  await expect(dialog.getByTestId('price-latest')).toHaveText(`¥${(shown / 100).toLocaleString('en')}`);
  await page.getByRole('button', { name: text('en', 'orders', 'booking.priceChange.continue') }).click();
  await openOrderFromPayment(page);
  await expect(page.getByTestId('order-page')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveAttribute('data-amount', String(shown));
});

eachLanguage((lang) => {
  test(`a selection that can no longer be booked says so and leads home, in ${lang}`, async ({ page }) => {
    test.setTimeout(150_000);
    const mobile = await accountWith(page, []);
    const { searchId, results } = await collectResults(page, criteria({}, 40));
    expect(results.length).toBeGreaterThan(0);
    const dialog = page.getByRole('dialog');
    const home = dialog.getByRole('button', { name: text(lang, 'common', 'dialog.homePage') });

    // Signed out, /booking asks for a sign-in first and comes back to the same selection.
    await page.goto(`/booking?${new URLSearchParams({ search: searchId, result: 'no-such-plan' })}`);
    const modal = page.getByRole('dialog').filter({ has: page.getByTestId('login-form') });
    await modal.getByPlaceholder(text(lang, 'account', 'login.accountPlaceholder')).fill(mobile);
    await modal.getByLabel(text(lang, 'account', 'login.password')).fill(PASSWORD);
    // Signing in from a guarded page reloads it (spec §2): the answers that count come after the reload.
    const reloaded = page.waitForEvent('load');
    await modal.getByRole('button', { name: text(lang, 'account', 'login.submit'), exact: true }).click();
    await reloaded;

    // A plan the search never offered (spec §8, 3003).
    await expect(dialog).toContainText(text(lang, 'errors', '3003'), { timeout: 30_000 });
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('booking-page')).toHaveCount(0);

    // A search this server never ran: its results are gone.
    await page.goto(`/booking?${new URLSearchParams({ search: 'no-such-search', result: results[0]?.id ?? 'x' })}`);
    await expect(dialog).toContainText(text(lang, 'errors', 'resultsExpired'), { timeout: 30_000 });
    await home.click();
    await expect(page).toHaveURL(/\/$/);
  });
});
