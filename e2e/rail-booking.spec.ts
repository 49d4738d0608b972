import { expect, type Page, test } from '@playwright/test';
import { packSearchLink, type SearchCriteria, type SearchResult } from '../packages/domain/src/index';
import { newMobile, smsCode } from './outbox';
import { LANGUAGES, type Lang, openOrderFromPayment, text, useLanguage, watchErrors } from './support';

const PASSWORD = 'travel2026';
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '/');

const trainSearch = (days: number): SearchCriteria => ({
  type: 1,
  cabin: 'Y',
  adults: 1,
  children: 0,
  infants: 0,
  sort: 'best',
  mode: 'train',
  flexDays: 0,
  filters: {},
  legs: [
    {
      departure: 'BJS',
      destination: 'SHA',
      departure_date: inDays(days),
      departure_only_airport: false,
      destination_only_airport: false,
      departureName: 'Beijing',
      destinationName: 'Shanghai',
    },
  ],
});

/** An ID card number with a valid checksum for a date of birth. */
function idNumber(birth: string, seq = String(100 + Math.floor(Math.random() * 800))): string {
  const first17 = `110101${birth.replaceAll('-', '')}${seq}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
  return first17 + '10X98765432'[sum % 11];
}

/** An account with one saved traveller, signed in on the login page. */
async function signIn(page: Page, lang: Lang, name: string) {
  const mobile = newMobile();
  await page.request.post('/code', { data: { type: 'mobile', target: mobile, country: 'CN', purpose: 'register' } });
  const code = await smsCode(`+86${mobile}`);
  const reg = await page.request.post('/register', {
    data: { type: 'mobile', target: mobile, country: 'CN', password: PASSWORD, code },
  });
  expect(reg.ok()).toBe(true);
  const saved = await page.request.post('/api/passenger', {
    data: {
      chineseName: name,
      nationality: 'CN',
      phoneCountry: 'CN',
      phone: '13800138000',
      documents: [{ type: 'B', number: idNumber('1986-04-12') }],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  // China Railway has no record of this one (sequence 000): she cannot be booked on a train yet.
  const unknown = await page.request.post('/api/passenger', {
    data: {
      chineseName: '王芳',
      nationality: 'CN',
      phoneCountry: 'CN',
      phone: '13800138002',
      documents: [{ type: 'B', number: idNumber('1990-01-15', '000') }],
    },
  });
  expect(unknown.ok(), await unknown.text()).toBe(true);
  await page.context().clearCookies({ name: 'sid' });
  await page.goto('/login');
  const form = page.getByTestId('login-form');
  await form.getByPlaceholder(text(lang, 'account', 'login.accountPlaceholder')).fill(mobile);
  await form.getByLabel(text(lang, 'account', 'login.password')).fill(PASSWORD);
  await form.getByRole('button', { name: text(lang, 'account', 'login.submit'), exact: true }).click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
}

/** A 12306 account on the simulated rail service. */
async function railAccount(page: Page) {
  const holderId = idNumber('1986-04-12');
  const username = `rail${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const phone = `+86${newMobile()}`;
  const res = await page.request.post('/rail-sim/accounts', {
    data: { username, password: 'rail-pass-1', holderName: '周杰', idNumber: holderId, phone },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { username, phone, password: 'rail-pass-1', lastFour: holderId.slice(-4) };
}

/** Runs a train search on the results page and books its first direct train. */
async function searchTrains(page: Page, days: number): Promise<{ searchId: string; results: SearchResult[] }> {
  const results: SearchResult[] = [];
  let searchId = '';
  page.on('response', async (r) => {
    if (r.url().endsWith('/api/v2/search') && r.ok()) searchId = ((await r.json()) as { searchId: string }).searchId;
    if (r.url().endsWith('/api/v2/pull') && r.ok())
      results.push(...((await r.json()) as { results: SearchResult[] }).results);
  });
  await page.goto(`/search?s=${packSearchLink(trainSearch(days))}`);
  await expect(page.locator('[data-testid="search-progress"][data-done="true"]')).toBeVisible({ timeout: 60_000 });
  return { searchId, results };
}

async function travellerAndContact(page: Page, name: string) {
  const item = page.getByTestId('passenger-picker').getByTestId('picker-item').filter({ hasText: name });
  await expect(item.getByRole('checkbox')).toBeEnabled({ timeout: 20_000 });
  await item.getByRole('checkbox').check();
  await page.getByTestId('contact-name').fill(name);
  await page.getByTestId('contact-phone').fill('13800138000');
  await page.getByTestId('contact-email').fill('zhou.jie@example.com');
}

const shot = async (page: Page, name: string) => {
  if (!process.env.SHOTS) return;
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${process.env.SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

for (const lang of LANGUAGES) {
  const tx = (ns: string, key: string) => text(lang, ns, key);

  test(`books one train offline with the fee shown before payment, links 12306 and books another online with no fee (${lang})`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    await useLanguage(context, baseURL ?? '', lang);
    await signIn(page, lang, '周杰');
    const found = await searchTrains(page, 24);
    // Results say up front how trains are ticketed for this traveller: offline, with the fee.
    const firstCard = page.getByTestId('result-card').and(page.locator('[data-kind="train"]')).first();
    await expect(firstCard.getByTestId('rail-ticketing-chip')).toHaveAttribute('data-way', 'offline');
    await shot(page, `rail-results-offline-${lang}`);
    const trains = found.results.filter((r) => r.kind === 'train' && r.legs.length === 1 && !r.legs[0]?.soldOut);
    expect(trains.length).toBeGreaterThan(1);

    // 1. Offline: the fee is shown on the booking page and in the price before the order is made.
    await page.goto(`/booking?${new URLSearchParams({ search: found.searchId, result: trains[0]?.id ?? '' })}`);
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
    for (let i = 0; i < 3; i++) await page.getByTestId('next-step').click();
    await expect(page.getByTestId('ticketing-summary')).toHaveAttribute('data-way', 'offline');
    await expect(page.getByTestId('price-breakdown')).toContainText(
      tx('orders', 'breakdown.railOffline').replace('{{count}}', '1'),
    );
    await page.getByTestId('create-order').click();
    await openOrderFromPayment(page);
    await expect(page.getByTestId('order-page')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('sub-order-ticketing')).toHaveAttribute('data-way', 'offline');

    // 2. Link 12306 from the booking page of another train: it is then ticketed online, no fee.
    const rail = await railAccount(page);
    await page.goto(`/booking?${new URLSearchParams({ search: found.searchId, result: trains[1]?.id ?? '' })}`);
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
    await expect(page.getByTestId('rail-account')).toHaveAttribute('data-state', 'active', { timeout: 15_000 });
    await expect(page.getByTestId('rail-ticketing')).toHaveAttribute('data-way', 'online');
    await travellerAndContact(page, '周杰');
    await shot(page, `rail-booking-online-${lang}`);
    for (let i = 0; i < 3; i++) await page.getByTestId('next-step').click();
    await expect(page.getByTestId('ticketing-summary')).toHaveAttribute('data-way', 'online');
    await expect(page.getByTestId('price-breakdown')).not.toContainText(tx('orders', 'breakdown.serviceFees'));
    await shot(page, `rail-booking-online-payment-${lang}`);
    await page.getByTestId('create-order').click();
    await openOrderFromPayment(page);
    await expect(page.getByTestId('order-page')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('sub-order-ticketing')).toHaveAttribute('data-way', 'online');
    await shot(page, `rail-order-online-${lang}`);
    expect(errors).toEqual([]);
  });
}
