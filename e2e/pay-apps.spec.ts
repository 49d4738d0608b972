import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { STRIPE_TEST_KEYS } from '../apps/server/test/channels/stripe-keys';
import {
  alipayFakeOf,
  alipayTestKeys,
  wechatFakeOf,
  wechatTestKeys,
} from '../apps/server/test/channels/wallet-app-keys';
import { DUFFEL_TEST_TOKEN, duffelTestFake } from '../apps/server/test/fakes/duffel-timetable';
import { STRIPE_TEST_CARDS, StripeFake } from '../apps/server/test/fakes/stripe-fake';
import { type BookingOffer, checkParty, packSearchLink, priceOrder } from '../packages/domain/src/index';
import { freePort, SERVER_ARGS } from './second-server';
import { routeCriteria, type SavedTraveller, shot } from './setup';
import { LANGUAGES, type Lang, text, useLanguage, watchErrors } from './support';
import { searchThroughApi, settleRefunds, signedInTraveller } from './trip-api';

/*
 * Flights sold by Duffel paid with the wallet apps and by card, through local fakes of Duffel, Alipay, WeChat
 * Pay and Stripe: a server of its own (its own database) that sells flights through Duffel only (the
 * simulated sellers off) and is configured with an Alipay app and a WeChat Pay merchant whose keys are made
 * for the run and with Stripe. A Beijing–Seoul flight booked through the API is paid on /payment by
 * Alipay's page on a desktop (English) and by its phone page at 390 px (Chinese), or by WeChat Pay's QR code
 * on a desktop; one booked through the booking page's steps by two travellers is paid by card in Stripe's
 * fields (a stand-in of Stripe.js served by a local Stripe) through 3-D Secure. Each is ticketed by a Duffel
 * order whose booking reference the order page shows, and given back: Duffel's order cancelled and the
 * money back to what paid. Then a card saved on the wallet page in Stripe's field and a top-up from it.
 */

const root = path.resolve(import.meta.dirname, '..');
const PG_URL = `postgres://junction:junction@127.0.0.1:${process.env.E2E_PG_PORT ?? '5499'}/postgres`;
const keys = alipayTestKeys();
const fake = alipayFakeOf(keys);
const WECHAT = wechatTestKeys();
const wechat = wechatFakeOf(WECHAT);
const stripe = new StripeFake(STRIPE_TEST_KEYS);
const duffel = duffelTestFake();
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
  await wechat.start();
  await stripe.start();
  await duffel.start();
  database = `junction_alipay_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${database}`);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  stripe.webhookUrl = `${base}/api/payment/webhook`;
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
      PUBLIC_URL: base,
      ALIPAY_APP_ID: keys.appId,
      ALIPAY_PRIVATE_KEY: keys.app.privateKey,
      ALIPAY_PUBLIC_KEY: keys.alipay.publicKey,
      ALIPAY_GATEWAY: fake.gateway,
      WECHATPAY_MCH_ID: WECHAT.mchId,
      WECHATPAY_APP_ID: WECHAT.appId,
      WECHATPAY_PRIVATE_KEY: WECHAT.merchant.privateKey,
      WECHATPAY_CERT_SERIAL: WECHAT.serial,
      WECHATPAY_API_V3_KEY: WECHAT.apiV3Key,
      WECHATPAY_PUBLIC_KEY: WECHAT.platform.publicKey,
      WECHATPAY_PUBLIC_KEY_ID: WECHAT.keyId,
      WECHATPAY_BASE_URL: wechat.baseUrl,
      PAYMENT_PROCESSOR: 'stripe',
      STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: STRIPE_TEST_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
      STRIPE_API_BASE: stripe.baseUrl,
      STRIPE_JS_URL: `${stripe.baseUrl}/v3/`,
      DUFFEL_ACCESS_TOKEN: DUFFEL_TEST_TOKEN,
      DUFFEL_BASE_URL: duffel.baseUrl,
      DUFFEL_WEBHOOK_SECRET: 'whsec_junction_e2e_0123456789',
      SEARCH_SIMULATED_FLIGHT_SELLERS: 'false',
      SEARCH_LATENCY_SCALE: '0',
      SEARCH_SUPPLIER_FAILURES: 'false',
      SEARCH_PLANNER_WORKER: 'false',
      SEARCH_SUPPLIER_TIMEOUT_MS: '60000',
      TICKETING_DELAY_MS: '0',
      TICKETING_FAILURE_RATE: '0',
      REFUND_PROCESSING_SECONDS: '1',
      ...(process.env.E2E_SMS_FILE ? { SMS_OUTBOX_FILE: process.env.E2E_SMS_FILE } : {}),
      ...(process.env.E2E_SMTP_URL ? { SMTP_URL: process.env.E2E_SMTP_URL } : {}),
    },
    stdio: 'ignore',
  });
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
  await wechat.stop();
  await stripe.stop();
  await duffel.stop();
  if (database) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

/** A page on the tests' server in the language, signed in, at the width. */
async function travellerPage(browser: Browser, lang: Lang, width: number): Promise<Page> {
  // A phone is a phone's browser (its user agent), not only a narrow window.
  const phone = width < 768;
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width, height: 900 },
    ...(phone
      ? {
          userAgent:
            'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
        }
      : {}),
  });
  await useLanguage(context, base, lang);
  const page = await context.newPage();
  await signedInTraveller(page, lang);
  return page;
}

const SEOUL: Record<Lang, string> = { en: 'Seoul', 'zh-CN': '首尔' };
/** Beijing to Seoul, a route Duffel's timetable flies every day, some days ahead, named in the language. */
const toSeoul = (lang: Lang) => {
  const criteria = routeCriteria('flight', 35, {}, lang);
  const [leg] = criteria.legs;
  return {
    ...criteria,
    legs: [{ ...(leg as (typeof criteria.legs)[number]), destination: 'SEL', destinationName: SEOUL[lang] }],
  };
};
/** Korean Air's morning flight to Seoul: refundable for a fee, with extra bags for sale. */
const FLIGHT = 'KE852';

/** Travellers with passports, as a flight abroad needs them, saved on the account through the API. */
async function passportHolders(page: Page, count: number): Promise<SavedTraveller[]> {
  const people = [
    ['张伟', 'ZHANG', 'WEI', '1988-04-12', 'MALE', 'E12345678'],
    ['李娜', 'LI', 'NA', '1990-07-01', 'FEMALE', 'E87654321'],
  ].slice(0, count);
  const saved: SavedTraveller[] = [];
  for (const [chineseName, surname, givenNames, birthDate, gender, number] of people) {
    const res = await page.request.post('/api/passenger', {
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
    expect(res.ok(), await res.text()).toBe(true);
    saved.push((await res.json()) as SavedTraveller);
  }
  return saved;
}

/** Duffel's Beijing–Seoul flight booked through the API for one traveller with a passport, at the price shown. */
async function bookDuffelFlight(page: Page): Promise<{ id: string }> {
  const travellers = await passportHolders(page, 1);
  const { searchId, results } = await searchThroughApi(page, toSeoul('en'));
  const result = results.find((r) => r.legs.length === 1 && r.legs[0]?.number === FLIGHT);
  if (!result) throw new Error(`Duffel sells no ${FLIGHT}`);
  const offerRes = await page.request.get(
    `/api/booking/offer?${new URLSearchParams({ searchId, resultId: result.id })}`,
  );
  expect(offerRes.ok(), await offerRes.text()).toBe(true);
  const offer = (await offerRes.json()) as BookingOffer;
  const party = checkParty(travellers, offer.trip);
  if (!party.ok) throw new Error('party refused');
  const extras = { rail: [], baggage: [] };
  const { breakdown } = priceOrder({ result: offer.result, types: party.types, extras, railServiceFeeMinor: 0 });
  const created = await page.request.post('/api/order', {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      searchId,
      resultId: result.id,
      travellers: travellers.map((t) => ({ passengerId: t.id, documentId: t.documents[0]?.id, railSeat: false })),
      contact: { name: '张伟', phoneCountry: 'CN', phone: '13800138000', email: 'zhang.wei@example.com' },
      extras,
      expected: { totalMinor: breakdown.totalMinor, baggageMinor: 0 },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()) as { id: string };
}

/**
 * Paid, the order page ticketed by Duffel: the order there carries our order's key, and the page shows its
 * booking reference. Answers Duffel's order.
 */
async function ticketedByDuffel(page: Page, lang: Lang, orderId: string) {
  await expect(page).toHaveURL(new RegExp(`/order\\?id=${orderId}$`), { timeout: 60_000 });
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText(text(lang, 'orders', 'status.5'), { timeout: 5000 });
  }).toPass({ timeout: 120_000 });
  const booked = [...duffel.orders.values()].find((o) =>
    String((o.metadata as Record<string, string>).junction_request ?? '').startsWith(`${orderId}:`),
  );
  expect(booked).toBeDefined();
  await expect(page.getByTestId('order-page')).toContainText(booked?.booking_reference ?? '—');
  return booked;
}

/**
 * A refund asked on the order page, once the seller has processed it: on its page done, paid back to what
 * paid (`channel`), and Duffel's order cancelled.
 */
async function refundedBack(page: Page, lang: Lang, orderId: string, channel: string, booked?: { id: string }) {
  await settleRefunds(page, orderId);
  await expect(page.getByTestId('refund-status')).toHaveText(text(lang, 'orders', 'refund.status.done'), {
    timeout: 90_000,
  });
  await expect(page.getByTestId('refund-channel')).toHaveText(text(lang, 'orders', `refund.channels.${channel}`));
  expect(duffel.orders.get(booked?.id ?? '')?.cancelled_at).toBeTruthy();
}

/** The one traveller's ticket given back on the order page, to its refund's page. */
async function refundTicket(page: Page): Promise<void> {
  await page.getByTestId('refund-ticket').first().click();
  await page.getByTestId('confirm-refund').click();
  await expect(page).toHaveURL(/\/refund-detail\?id=/);
}

const WAYS = [
  { lang: 'en', width: 1280, kind: 'page' },
  { lang: 'zh-CN', width: 390, kind: 'wap' },
] as const;

for (const { lang, width, kind } of WAYS) {
  test(`pays a Duffel flight on Alipay's ${kind} cashier at ${width} px and refunds it back to Alipay (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const page = await travellerPage(browser, lang, width);
    const errors = watchErrors(page);
    const order = await bookDuffelFlight(page);

    // Alipay first among the ways to pay, with its name in the page's language.
    await page.goto(`/payment?id=${order.id}`);
    const methods = page.getByTestId('payment-methods').getByRole('radio');
    await expect(methods.first()).toHaveAttribute('data-testid', 'method-alipay');
    const alipay = page.locator('label').filter({ has: page.getByTestId('method-alipay') });
    await expect(alipay).toContainText(text(lang, 'payment', 'method.alipay'));
    await alipay.click();
    await expect(page.getByText(text(lang, 'payment', 'alipaySecure'))).toBeVisible();
    await shot(page, `alipay-choice-${lang}`, { widths: [width] });
    await page.setViewportSize({ width, height: 900 });
    await page.getByTestId('pay-submit').click();

    // Alipay's cashier (desktop page, or the phone's wap page): the amount, then paid.
    await expect(page.getByTestId('alipay-kind')).toHaveText(kind, { timeout: 60_000 });
    const trade = [...fake.trades.values()].at(-1);
    expect(trade?.returnUrl).toContain(`/payment?id=${order.id}`);
    await page.getByTestId('alipay-pay').click();

    // Back on the payment page: paid, then the order, ticketed by Duffel.
    await expect(page.getByTestId('payment-success')).toBeVisible({ timeout: 60_000 });
    await shot(page, `alipay-paid-${lang}`, { widths: [width] });
    const booked = await ticketedByDuffel(page, lang, order.id);
    await expect(page.getByTestId('receipt').getByTestId('receipt-method')).toContainText(
      text(lang, 'orders', 'receipt.alipay'),
    );
    await shot(page, `alipay-order-${lang}`, { widths: [width], fullPage: true });

    // The ticket given back: Duffel's order cancelled, the money to the Alipay account that paid.
    await refundTicket(page);
    await refundedBack(page, lang, order.id, 'alipay', booked);
    expect(trade?.refunds.size).toBe(1);
    await shot(page, `alipay-refunded-${lang}`, { widths: [width] });
    expect(errors).toEqual([]);
    await page.context().close();
  });
}

for (const lang of LANGUAGES) {
  test(`pays a Duffel flight by scanning WeChat Pay's QR code on a desktop and refunds it back to WeChat Pay (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const page = await travellerPage(browser, lang, 1280);
    const errors = watchErrors(page);
    const order = await bookDuffelFlight(page);
    await page.goto(`/payment?id=${order.id}`);
    const choice = page.locator('label').filter({ has: page.getByTestId('method-wechat') });
    await expect(choice).toContainText(text(lang, 'payment', 'method.wechat'));
    await choice.click();
    await page.getByTestId('pay-submit').click();

    // The QR code on the page; scanned with WeChat (the fake), the page moves on by itself.
    const qr = page.getByTestId('wechat-qr');
    await expect(qr).toContainText(text(lang, 'payment', 'wechatQr.title'), { timeout: 60_000 });
    const code = (await qr.locator('img').getAttribute('data-qr-value')) ?? '';
    expect(code).toMatch(/^weixin:\/\/wxpay\/bizpayurl/);
    await shot(page, `wechat-qr-${lang}`, { widths: [1280] });
    const trade = await wechat.scan(code);
    await expect(page.getByTestId('payment-success')).toBeVisible({ timeout: 60_000 });
    const booked = await ticketedByDuffel(page, lang, order.id);
    await expect(page.getByTestId('receipt').getByTestId('receipt-method')).toContainText(
      text(lang, 'orders', 'receipt.wechat'),
    );

    await refundTicket(page);
    await refundedBack(page, lang, order.id, 'wechat', booked);
    expect(trade.refunds.size).toBe(1);
    await shot(page, `wechat-refunded-${lang}`, { widths: [1280] });
    expect(errors).toEqual([]);
    await page.context().close();
  });
}

/**
 * Duffel's flight searched on the results page and booked through the booking page's steps for two
 * travellers with passports: Duffel's fare rules, an extra bag at Duffel's price, a seat on Duffel's seat
 * map for the first (by keyboard, on a phone's width in Chinese); answers the order's id on the payment page.
 */
async function bookOnBookingPage(page: Page, lang: Lang): Promise<string> {
  await passportHolders(page, 2);
  await page.goto(`/search?s=${packSearchLink(toSeoul(lang))}`);
  await expect(page.locator('[data-testid="search-progress"][data-done="true"]')).toBeVisible({ timeout: 60_000 });
  const card = page.getByTestId('result-card').filter({ hasText: FLIGHT });
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
  const seats = page.getByTestId('seat-map-card');
  await expect(seats).toBeVisible({ timeout: 60_000 });
  if (lang === 'zh-CN') await page.setViewportSize({ width: 390, height: 844 });
  await expect(seats.getByTestId('seat-1A')).toBeDisabled();
  await seats.getByTestId('seat-3C').focus();
  await page.keyboard.press('Enter');
  // Chosen for the first, the seat map moves on to the second traveller, for whom 3C is now someone's.
  await expect(seats.getByTestId('seat-3C')).toHaveAttribute('data-state', 'other');
  await expect(seats.getByTestId('seat-chosen').first()).toContainText('3C');
  await shot(page, `duffel-seats-${lang}`, { widths: [390, 1280], fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('price-breakdown')).toContainText(text(lang, 'orders', 'breakdown.extras'));
  await page.getByTestId('create-order').click();
  await expect(page.getByTestId('payment-page')).toBeVisible({ timeout: 60_000 });
  return new URL(page.url()).searchParams.get('id') ?? '';
}

for (const lang of LANGUAGES) {
  test(`books a Duffel flight for two, pays it by card in Stripe's fields through 3-D Secure and refunds the booking back to the card (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const page = await travellerPage(browser, lang, 1280);
    const errors = watchErrors(page);
    const orderId = await bookOnBookingPage(page, lang);
    await page
      .locator('label')
      .filter({ has: page.getByTestId('method-card') })
      .click();
    // Stripe's own card field, loaded from Stripe (the stand-in), labelled in the page's language.
    const field = page.getByTestId('stripe-card');
    await expect(page.getByTestId('stripe-card-form')).toContainText(text(lang, 'card', 'stripe.card'));
    await field.locator('input[name="cardnumber"]').fill(STRIPE_TEST_CARDS.threeDSecure);
    await field.locator('input[name="exp-date"]').fill('12 / 30');
    await field.locator('input[name="cvc"]').fill('123');
    await shot(page, `stripe-card-${lang}`, { widths: [1280] });
    await page.getByTestId('pay-submit').click();

    // The issuer's 3-D Secure page, by Stripe's next action; passed, the payment page says paid.
    await expect(page.getByText('3D Secure 2 Test Page')).toBeVisible({ timeout: 60_000 });
    const intent = [...stripe.intents.values()].find((i) => i.metadata.orderId === orderId);
    expect(intent?.card?.last4).toBe('3184');
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page.getByTestId('payment-success')).toBeVisible({ timeout: 60_000 });

    // Ticketed by Duffel: its booking reference and e-tickets on the order page.
    const booked = await ticketedByDuffel(page, lang, orderId);
    expect(intent?.status).toBe('succeeded');
    await expect(page.getByTestId('ticket-number').first()).toHaveText(/^\d{13}$/);
    // The first traveller's seat as chosen; the second's given at check-in.
    await expect(page.getByTestId('order-page')).toContainText('3C');
    await expect(page.getByTestId('order-page')).toContainText(text(lang, 'orders', 'ticketing.atCheckIn'));
    await shot(page, `duffel-order-${lang}`, { widths: [390, 1280], fullPage: true });

    // Given back: Duffel cancels whole bookings, so one traveller alone is refused with the reason, and
    // both together are refunded at Duffel's own quote, back to the card that paid, through Stripe.
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
    await page.getByTestId('ticket-refund').first().click();
    await refundedBack(page, lang, orderId, 'card', booked);
    expect(intent?.amount_refunded).toBeGreaterThan(0);
    await shot(page, `stripe-refunded-${lang}`, { widths: [390, 1280] });

    await saveCardAndTopUp(page);
    // The one refusal answers 422, which the browser logs.
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
    await page.context().close();
  });
}

/**
 * On the wallet page, a card saved in Stripe's field (a SetupIntent Stripe.js confirms), then a top-up
 * from it with its security code typed in Stripe's code field: the balance shows it.
 */
async function saveCardAndTopUp(page: Page): Promise<void> {
  await page.goto('/account/wallet');
  await page.getByTestId('add-card').click();
  const cardForm = page.getByTestId('card-form');
  const field = cardForm.getByTestId('stripe-card');
  await field.locator('input[name="cardnumber"]').fill(STRIPE_TEST_CARDS.visa);
  await field.locator('input[name="exp-date"]').fill('12 / 30');
  await field.locator('input[name="cvc"]').fill('123');
  await cardForm.getByTestId('card-name').fill('ZHANG WEI');
  for (const [name, value] of [
    ['line1', '1 Jianguomenwai Avenue'],
    ['city', 'Beijing'],
    ['region', 'Beijing'],
    ['zip', '100004'],
    ['phone', '+8613800138000'],
  ] as const)
    await cardForm.getByTestId(`billing-${name}`).fill(value);
  await page.getByTestId('card-save').click();
  await expect(page.getByTestId('card-masked')).toContainText('4242', { timeout: 30_000 });
  // Set up at Stripe: the card is attached to the account's customer there, never sent to the site.
  const setUp = [...stripe.setups.values()].filter((s) => s.status === 'succeeded');
  expect(setUp.length).toBeGreaterThan(0);
  for (const s of setUp) expect(stripe.methods.get(s.payment_method ?? '')?.customer).toBe(s.customer);

  await page.getByTestId('top-up').click();
  const form = page.getByTestId('top-up-form');
  await form
    .locator('label')
    .filter({ has: page.getByTestId('top-up-card') })
    .click();
  await form.getByTestId('top-up-amount').fill('300');
  await form.getByTestId('stripe-cvc').locator('input[name="cvc"]').fill('123');
  await page.getByTestId('top-up-submit').click();
  await expect(page.getByTestId('wallet-balance')).toContainText('300', { timeout: 60_000 });
}

for (const lang of ['en', 'zh-CN'] as const) {
  test(`tops up the wallet on Alipay's desktop cashier, credited once Alipay says it is paid (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const page = await travellerPage(browser, lang, 1280);
    const errors = watchErrors(page);
    await page.goto('/account/wallet');
    await page.getByTestId('top-up').click();

    // Alipay first, then WeChat Pay, then the card; Alipay is chosen and needs no card fields.
    const form = page.getByTestId('top-up-form');
    const choices = form.getByRole('radio');
    await expect(choices.nth(0)).toHaveAttribute('data-testid', 'top-up-alipay');
    await expect(choices.nth(0)).toBeChecked();
    await expect(choices.nth(1)).toHaveAttribute('data-testid', 'top-up-wechat');
    const label = (app: string) => form.locator('label').filter({ has: page.getByTestId(`top-up-${app}`) });
    await expect(label('alipay')).toContainText(text(lang, 'wallet', 'topUp.apps.alipay'));
    await expect(label('wechat')).toContainText(text(lang, 'wallet', 'topUp.apps.wechat'));
    await expect(form.getByTestId('card-number')).toHaveCount(0);
    await form.getByTestId('top-up-amount').fill('500');
    await shot(page, `wallet-alipay-choice-${lang}`, { widths: [1280] });
    await page.getByTestId('top-up-submit').click();

    // Alipay's desktop cashier, paid; back on the wallet the balance and the history show it.
    await expect(page.getByTestId('alipay-kind')).toHaveText('page', { timeout: 60_000 });
    await expect(page.getByTestId('alipay-amount')).toHaveText('500.00');
    await page.getByTestId('alipay-pay').click();
    await expect(page).toHaveURL(/\/account\/wallet/, { timeout: 60_000 });
    await expect(page.getByTestId('wallet-balance')).toContainText('500', { timeout: 60_000 });
    const entry = page.getByTestId('wallet-entry').first();
    await expect(entry).toHaveAttribute('data-kind', 'topup');
    await expect(entry).toContainText(text(lang, 'wallet', 'topUp.apps.alipay'));
    await shot(page, `wallet-alipay-done-${lang}`, { widths: [1280] });
    expect(errors).toEqual([]);
    await page.context().close();
  });
}
