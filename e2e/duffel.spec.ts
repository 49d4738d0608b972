import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { TEST_CARDS } from '../apps/server/src/features/payment/gateway/simulator/test-cards';
import { DuffelFake } from '../apps/server/test/fakes/duffel-fake';
import { DUFFEL_AIRPORTS, DUFFEL_FLIGHTS, DUFFEL_TEST_TOKEN } from '../apps/server/test/fakes/duffel-timetable';
import { packSearchLink } from '../packages/domain/src/index';
import { fillCardForm } from './card-form';
import { newMobile, smsCode } from './outbox';
import { freePort, SERVER_ARGS } from './second-server';
import { inDays, PASSWORD, routeCriteria, shot } from './setup';
import { LANGUAGES, type Lang, text, watchErrors } from './support';

/*
 * A flight sold by Duffel, through a local fake of Duffel's API: a server of its own (its own database)
 * configured with DUFFEL_ACCESS_TOKEN and DUFFEL_BASE_URL and without the simulated sellers, searched,
 * booked through the booking page's steps, paid by card on the card processor simulator, and ticketed by a
 * Duffel order whose booking reference and e-ticket the order page shows.
 */

const root = path.resolve(import.meta.dirname, '..');
const PG_URL = `postgres://junction:junction@127.0.0.1:${process.env.E2E_PG_PORT ?? '5499'}/postgres`;
const fake = new DuffelFake({
  token: DUFFEL_TEST_TOKEN,
  currency: 'USD',
  airports: DUFFEL_AIRPORTS,
  flights: DUFFEL_FLIGHTS,
});
let server: ChildProcess | undefined;
let base = '';
let database = '';

const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await fake.start();
  database = `junction_duffel_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${database}`);
  const port = await freePort();
  server = spawn(process.execPath, SERVER_ARGS, {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: PG_URL.replace(/\/postgres$/, `/${database}`),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      AUTH_IP_LIMIT_FACTOR: '20',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DUFFEL_ACCESS_TOKEN: DUFFEL_TEST_TOKEN,
      DUFFEL_BASE_URL: fake.baseUrl,
      DUFFEL_WEBHOOK_SECRET: 'whsec_junction_e2e_0123456789',
      SEARCH_SIMULATED_FLIGHT_SELLERS: 'false',
      SEARCH_LATENCY_SCALE: '0',
      SEARCH_SUPPLIER_FAILURES: 'false',
      SEARCH_PLANNER_WORKER: 'false',
      SEARCH_SUPPLIER_TIMEOUT_MS: '60000',
      TICKETING_DELAY_MS: '0',
      TICKETING_FAILURE_RATE: '0',
      ...(process.env.E2E_SMS_FILE ? { SMS_OUTBOX_FILE: process.env.E2E_SMS_FILE } : {}),
      ...(process.env.E2E_SMTP_URL ? { SMTP_URL: process.env.E2E_SMTP_URL } : {}),
    },
    stdio: 'ignore',
  });
  base = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(true);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await fake.stop();
  if (database) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

/** A signed-in account on the Duffel server with two travellers holding passports, through the API. */
async function traveller(page: Page, lang: Lang): Promise<void> {
  await page.context().addCookies([{ name: 'lang', value: lang, url: base }]);
  const mobile = newMobile();
  await page.request.post(`${base}/code`, {
    data: { type: 'mobile', target: mobile, country: 'CN', purpose: 'register' },
  });
  const code = await smsCode(`+86${mobile}`);
  const reg = await page.request.post(`${base}/register`, {
    data: { type: 'mobile', target: mobile, country: 'CN', password: PASSWORD, code },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const people = [
    ['张伟', 'ZHANG', 'WEI', '1988-04-12', 'MALE', 'E12345678'],
    ['李娜', 'LI', 'NA', '1990-07-01', 'FEMALE', 'E87654321'],
  ];
  for (const [chineseName, surname, givenNames, birthDate, gender, number] of people) {
    const saved = await page.request.post(`${base}/api/passenger`, {
      data: {
        chineseName,
        surname,
        givenNames,
        birthDate,
        gender,
        nationality: 'CN',
        documents: [{ type: 'A', number, expiryDate: '2034-05-01', issuingCountry: 'CN' }],
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  // Signed in on the login page, as a traveller does, so the site knows the account.
  await page.context().clearCookies({ name: 'sid' });
  await page.goto(`${base}/login`);
  const form = page.getByTestId('login-form');
  await form.getByPlaceholder(text(lang, 'account', 'login.accountPlaceholder')).fill(mobile);
  await form.getByLabel(text(lang, 'account', 'login.password')).fill(PASSWORD);
  await form.getByRole('button', { name: text(lang, 'account', 'login.submit'), exact: true }).click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
}

for (const lang of LANGUAGES) {
  test(`books and pays a flight sold by Duffel, ticketed with Duffel's booking reference (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const errors = watchErrors(page);
    await traveller(page, lang);
    const criteria = routeCriteria('flight', 35, {
      legs: [
        {
          departure: 'BJS',
          destination: 'SEL',
          departure_date: inDays(35),
          departure_only_airport: false,
          destination_only_airport: false,
          departureName: lang === 'en' ? 'Beijing' : '北京',
          destinationName: lang === 'en' ? 'Seoul' : '首尔',
        },
      ],
    });
    await page.goto(`${base}/search?s=${packSearchLink(criteria)}`);
    await expect(page.locator('[data-testid="search-progress"][data-done="true"]')).toBeVisible({ timeout: 60_000 });
    const card = page.getByTestId('result-card').filter({ hasText: 'KE852' });
    await expect(card).toBeVisible();
    await shot(page, `duffel-results-${lang}`, { widths: [390, 1280] });
    await card.getByTestId('select-result').click();
    await page.waitForURL(/\/booking\?/, { timeout: 30_000 });
    await expect(page.getByTestId('booking-page')).toBeVisible({ timeout: 30_000 });

    // 1. The travellers with their passports, and the contact.
    for (const name of ['张伟', '李娜']) {
      const item = page.getByTestId('passenger-picker').getByTestId('picker-item').filter({ hasText: name });
      await expect(item.getByRole('checkbox')).toBeEnabled({ timeout: 60_000 });
      await item.getByRole('checkbox').check();
    }
    await page.getByTestId('contact-name').fill('张伟');
    await page.getByTestId('contact-phone').fill('13800138000');
    await page.getByTestId('contact-email').fill('zhang.wei@example.com');
    await page.getByTestId('next-step').click();
    // 2. The itinerary with Duffel's fare rules: refundable for a fee.
    await expect(page.getByTestId('fare-rules')).toContainText(text(lang, 'orders', 'fees.before'));
    await shot(page, `duffel-itinerary-${lang}`, { widths: [390, 1280], fullPage: true });
    await page.getByTestId('next-step').click();
    // 3. An extra checked bag, at Duffel's price.
    await page.getByTestId('baggage-card').getByTestId('extra-pieces').first().fill('1');
    await page.getByTestId('next-step').click();
    await expect(page.getByTestId('price-breakdown')).toContainText(text(lang, 'orders', 'breakdown.extras'));
    await page.getByTestId('create-order').click();

    // Paid by card on the card processor simulator.
    await expect(page.getByTestId('payment-page')).toBeVisible({ timeout: 60_000 });
    const id = new URL(page.url()).searchParams.get('id') ?? '';
    await fillCardForm(page, lang, TEST_CARDS.visa);
    await page.getByTestId('pay-submit').click();
    await expect(page.getByTestId('payment-success')).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(new RegExp(`/order\\?id=${id}$`), { timeout: 60_000 });

    // Ticketed by Duffel: its booking reference and e-ticket on the order page.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('order-status')).toHaveText(text(lang, 'orders', 'status.5'), { timeout: 5000 });
    }).toPass({ timeout: 120_000 });
    // Duffel's order carries our order's key (its id and the sub-order's).
    const booked = [...fake.orders.values()].find((o) =>
      String((o.metadata as Record<string, string>).junction_request ?? '').startsWith(`${id}:`),
    );
    expect(booked).toBeDefined();
    await expect(page.getByTestId('order-page')).toContainText(booked?.booking_reference ?? '—');
    await expect(page.getByTestId('ticket-number').first()).toHaveText(/^\d{13}$/);
    await expect(page.getByTestId('order-page')).toContainText(text(lang, 'orders', 'ticketing.atCheckIn'));
    await shot(page, `duffel-order-${lang}`, { widths: [390, 1280], fullPage: true });

    // Given back: Duffel cancels whole bookings, so one traveller alone is refused with the reason, and
    // both together are refunded at Duffel's own quote.
    await page.getByTestId('refund-ticket').first().click();
    await expect(page.getByTestId('refund-refusal')).toHaveText(text(lang, 'orders', 'refund.refusals.whole-booking'));
    await shot(page, `duffel-refund-refused-${lang}`, { widths: [390, 1280] });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('refund-refusal')).toBeHidden();
    await page.getByTestId('refund-button').click();
    const quote = page.getByTestId('refund-quote');
    await expect(quote.getByTestId('quote-ticket')).toHaveCount(2, { timeout: 60_000 });
    await expect(quote).toContainText(text(lang, 'orders', 'refund.rules.air-seller-quote'));
    await shot(page, `duffel-refund-quote-${lang}`, { widths: [390, 1280] });
    await page.getByTestId('confirm-refund').click();
    await expect(page.getByTestId('ticket-refund')).toHaveCount(2, { timeout: 60_000 });
    // The one refusal answers 422, which the browser logs.
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
  });
}
