import { expect, type Page } from '@playwright/test';
import { travellerAndContact } from './booking-form';
import { smsCode } from './outbox';
import {
  idNumber,
  keepSignedIn,
  railAccount,
  registerUser,
  routeCriteria,
  saveTraveller,
  searchOnPage,
  shot,
} from './setup';
import { eachLanguage, openOrderFromPayment, test, text } from './support';

/** An account with two saved travellers, signed in. */
async function signIn(page: Page, name: string) {
  const { user } = await registerUser(page);
  await saveTraveller(page, { name, birth: '1986-04-12' });
  // China Railway has no record of this one (sequence 000): she cannot be booked on a train yet.
  await saveTraveller(page, { name: '王芳', birth: '1990-01-15', seq: '000', phone: '13800138002' });
  await keepSignedIn(page, user);
}

/** A 12306 account on the simulated rail service, held by 周杰. */
const railAccountOf = (page: Page) => railAccount(page, { name: '周杰', idNumber: idNumber('1986-04-12') });

/** Runs a train search on the results page. */
const searchTrains = (page: Page, days: number) => searchOnPage(page, routeCriteria('train', days));

eachLanguage((lang) => {
  const tx = (ns: string, key: string) => text(lang, ns, key);

  test(`books one train offline with the fee shown before payment, links 12306 and books another online with no fee (${lang})`, async ({
    page,
    context,
    errors,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, '周杰');
    const found = await searchTrains(page, 24);
    // Results say up front how trains are ticketed for this traveller: offline, with the fee.
    const firstCard = page.getByTestId('result-card').and(page.locator('[data-kind="train"]')).first();
    await expect(firstCard.getByTestId('rail-ticketing-chip')).toHaveAttribute('data-way', 'offline');
    await shot(page, `rail-results-offline-${lang}`);
    const trains = found.results.filter((r) => r.kind === 'train' && r.legs.length === 1 && !r.legs[0]?.soldOut);
    expect(trains.length).toBeGreaterThan(1);
    // The card's price is its fare and the offline service fee: what the order will charge.
    const shownId = (await firstCard.getAttribute('data-result-id')) ?? '';
    const fare = Number(await firstCard.getAttribute('data-price'));
    const shown = Number(await firstCard.getByTestId('shown-price').getAttribute('data-amount'));
    expect(shown).toBeGreaterThan(fare);
    const other = trains.find((r) => r.id !== shownId);
    // Its refund and change terms are the railway's own ladder, not an airline's fee table.
    await firstCard.getByTestId('result-details-toggle').click();
    const terms = firstCard.getByTestId('fees-panel').getByTestId('rail-terms');
    await expect(terms.getByTestId('rail-terms-step')).toHaveCount(4);
    await expect(terms).toContainText(tx('rail', 'terms.serviceFee'));
    await expect(firstCard.getByTestId('fees-panel')).not.toContainText(tx('results', 'fees.before'));

    // 1. Offline: the fee is shown on the booking page and in the price before the order is made.
    await page.goto(`/booking?${new URLSearchParams({ search: found.searchId, result: shownId })}`);
    const ticketing = page.getByTestId('rail-ticketing');
    await expect(ticketing).toHaveAttribute('data-way', 'offline');
    await expect(
      ticketing.locator('[data-testid="ticketing-online"] input, input[data-testid="ticketing-online"]').first(),
    ).toBeDisabled();
    await expect(ticketing.getByTestId('offline-fee')).toBeVisible();
    // A traveller China Railway does not know is shown why she cannot ride and what to do.
    const wang = page.getByTestId('passenger-picker').getByTestId('picker-item').filter({ hasText: '王芳' });
    await expect(wang.getByTestId('rail-status')).toHaveAttribute('data-status', 'NOT_EXISTED', { timeout: 30_000 });
    await expect(wang.getByRole('checkbox')).toBeDisabled();
    await expect(wang.getByTestId('picker-reasons')).toHaveText(tx('passengers', 'picker.blockers.railStatus'));
    await expect(wang).toContainText(tx('passengers', 'rail.hint.NOT_EXISTED'));
    await travellerAndContact(page, '周杰');
    await shot(page, `rail-booking-offline-${lang}`);
    await page.getByTestId('next-step').click();
    await expect(page.getByTestId('fare-rules').getByTestId('rail-terms')).toContainText(tx('rail', 'terms.title'));
    await expect(page.getByTestId('fare-rules')).not.toContainText(tx('orders', 'fees.before'));
    for (let i = 0; i < 2; i++) await page.getByTestId('next-step').click();
    await expect(page.getByTestId('ticketing-summary')).toHaveAttribute('data-way', 'offline');
    await expect(page.getByTestId('price-breakdown')).toContainText(
      tx('orders', 'breakdown.railOffline').replace('{{count}}', '1'),
    );
    await expect(page.getByTestId('order-total')).toHaveAttribute('data-amount', String(shown));
    await page.getByTestId('create-order').click();
    await openOrderFromPayment(page);
    await expect(page.getByTestId('order-page')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('sub-order-ticketing')).toHaveAttribute('data-way', 'offline');
    await expect(page.getByTestId('order-total')).toHaveAttribute('data-amount', String(shown));

    // 2. Link 12306 from the booking page of another train: it is then ticketed online, no fee.
    const rail = await railAccountOf(page);
    await page.goto(`/booking?${new URLSearchParams({ search: found.searchId, result: other?.id ?? '' })}`);
    await expect(page.getByTestId('rail-ticketing')).toHaveAttribute('data-way', 'offline');
    await page.getByTestId('rail-account').getByTestId('rail-link').click();
    const form = page.getByTestId('rail-login-form');
    await form.getByTestId('rail-username').fill(rail.username);
    await form.getByTestId('rail-password').fill(rail.password);
    await form.getByTestId('rail-last-four').fill(rail.lastFour);
    await form.getByTestId('rail-send-code').click();
    await expect(form.getByTestId('rail-code-result')).toHaveAttribute('data-result', '0');
    await form.getByTestId('rail-code').fill(await smsCode(rail.phone));
    const [agreement] = await Promise.all([
      context.waitForEvent('page'),
      form.getByTestId('rail-agreement-link').click(),
    ]);
    await agreement.close();
    await form.locator('[data-testid="rail-agree"] input, input[data-testid="rail-agree"]').first().check();
    await form.getByTestId('rail-login-submit').click();
    await expect(page.getByTestId('rail-account')).toHaveAttribute('data-state', 'active', { timeout: 60_000 });
    await expect(page.getByTestId('rail-ticketing')).toHaveAttribute('data-way', 'online');
    await travellerAndContact(page, '周杰');
    await shot(page, `rail-booking-online-${lang}`);
    for (let i = 0; i < 3; i++) await page.getByTestId('next-step').click();
    await expect(page.getByTestId('ticketing-summary')).toHaveAttribute('data-way', 'online');
    await expect(page.getByTestId('price-breakdown')).not.toContainText(tx('orders', 'breakdown.serviceFees'));
    await shot(page, `rail-booking-online-payment-${lang}`);
    await page.getByTestId('create-order').click();
    await openOrderFromPayment(page);
    await expect(page.getByTestId('order-page')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('sub-order-ticketing')).toHaveAttribute('data-way', 'online');
    await shot(page, `rail-order-online-${lang}`);
    expect(errors).toEqual([]);
  });
});
