import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
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
import { STRIPE_TEST_CARDS, StripeFake } from '../apps/server/test/fakes/stripe-fake';
import { SERVER_ARGS } from './second-server';
import { shot } from './setup';
import { type Lang, text, useLanguage, watchErrors } from './support';
import { bookTrip, settleRefunds, signedInTraveller } from './trip-api';

/*
 * Paying with the wallet apps through local fakes of Alipay and WeChat Pay: a server of its own (its own database) configured with an
 * Alipay app whose keys are made for the run, a flight booked through the API, paid on /payment by
 * Alipay's page on a desktop (English) and by its phone page at 390 px (Chinese), the order ticketed, and
 * a ticket refunded back to Alipay; and by WeChat Pay's QR code on a desktop, refunded back to WeChat Pay;
 * and by card in Stripe's fields (a stand-in of Stripe.js served by a local Stripe), through 3-D Secure,
 * refunded back to the card; then a card saved on the wallet page in Stripe's field and a top-up from it.
 */

const root = path.resolve(import.meta.dirname, '..');
const PG_URL = `postgres://junction:junction@127.0.0.1:${process.env.E2E_PG_PORT ?? '5499'}/postgres`;
const keys = alipayTestKeys();
const fake = alipayFakeOf(keys);
const WECHAT = wechatTestKeys();
const wechat = wechatFakeOf(WECHAT);
const stripe = new StripeFake(STRIPE_TEST_KEYS);
let server: ChildProcess | undefined;
let base = '';
let database = '';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

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
  if (database) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

/** A page on the Alipay server in the language, signed in, at the width. */
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

const WAYS = [
  { lang: 'en', width: 1280, kind: 'page' },
  { lang: 'zh-CN', width: 390, kind: 'wap' },
] as const;

for (const { lang, width, kind } of WAYS) {
  test(`pays a flight on Alipay's ${kind} cashier at ${width} px and refunds a ticket back to Alipay (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const page = await travellerPage(browser, lang, width);
    const errors = watchErrors(page);
    const order = await bookTrip(page, 'flight');

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

    // Back on the payment page: paid, then the order, ticketed.
    await expect(page.getByTestId('payment-success')).toBeVisible({ timeout: 60_000 });
    await shot(page, `alipay-paid-${lang}`, { widths: [width] });
    await expect(page).toHaveURL(new RegExp(`/order\\?id=${order.id}$`), { timeout: 60_000 });
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('order-status')).toHaveText(text(lang, 'orders', 'status.5'), { timeout: 5000 });
    }).toPass({ timeout: 120_000 });
    await expect(page.getByTestId('receipt').getByTestId('receipt-method')).toContainText(
      text(lang, 'orders', 'receipt.alipay'),
    );

    // The ticket given back: the refund goes to the Alipay account that paid.
    await page.getByTestId('refund-ticket').first().click();
    await page.getByTestId('confirm-refund').click();
    await expect(page).toHaveURL(/\/refund-detail\?id=/);
    await settleRefunds(page, order.id);
    await expect(page.getByTestId('refund-status')).toHaveText(text(lang, 'orders', 'refund.status.done'), {
      timeout: 90_000,
    });
    await expect(page.getByTestId('refund-channel')).toHaveText(text(lang, 'orders', 'refund.channels.alipay'));
    expect(trade?.refunds.size).toBe(1);
    await shot(page, `alipay-refunded-${lang}`, { widths: [width] });
    expect(errors).toEqual([]);
    await page.context().close();
  });
}

test("pays a flight by scanning WeChat Pay's QR code on a desktop and refunds a ticket back to WeChat Pay (en)", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const lang = 'en';
  const page = await travellerPage(browser, lang, 1280);
  const errors = watchErrors(page);
  const order = await bookTrip(page, 'flight');
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
  await expect(page).toHaveURL(new RegExp(`/order\\?id=${order.id}$`), { timeout: 60_000 });
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText(text(lang, 'orders', 'status.5'), { timeout: 5000 });
  }).toPass({ timeout: 120_000 });

  await page.getByTestId('refund-ticket').first().click();
  await page.getByTestId('confirm-refund').click();
  await expect(page).toHaveURL(/\/refund-detail\?id=/);
  await settleRefunds(page, order.id);
  await expect(page.getByTestId('refund-status')).toHaveText(text(lang, 'orders', 'refund.status.done'), {
    timeout: 90_000,
  });
  await expect(page.getByTestId('refund-channel')).toHaveText(text(lang, 'orders', 'refund.channels.wechat'));
  expect(trade.refunds.size).toBe(1);
  expect(errors).toEqual([]);
  await page.context().close();
});

test("pays a flight by card in Stripe's fields through 3-D Secure and refunds a ticket back to the card (en, zh-CN)", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  for (const lang of ['zh-CN', 'en'] as const) {
    const page = await travellerPage(browser, lang, 1280);
    const errors = watchErrors(page);
    const order = await bookTrip(page, 'flight');
    await page.goto(`/payment?id=${order.id}`);
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
    const intent = [...stripe.intents.values()].find((i) => i.metadata.orderId === order.id);
    expect(intent?.card?.last4).toBe('3184');
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page.getByTestId('payment-success')).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(new RegExp(`/order\\?id=${order.id}$`), { timeout: 60_000 });
    expect(intent?.status).toBe('succeeded');
    if (lang === 'en') {
      // The ticket given back: the refund goes to the card that paid, through Stripe.
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId('order-status')).toHaveText(text(lang, 'orders', 'status.5'), { timeout: 5000 });
      }).toPass({ timeout: 120_000 });
      await page.getByTestId('refund-ticket').first().click();
      await page.getByTestId('confirm-refund').click();
      await expect(page).toHaveURL(/\/refund-detail\?id=/);
      await settleRefunds(page, order.id);
      await expect(page.getByTestId('refund-status')).toHaveText(text(lang, 'orders', 'refund.status.done'), {
        timeout: 90_000,
      });
      await expect(page.getByTestId('refund-channel')).toHaveText(text(lang, 'orders', 'refund.channels.card'));
      expect(intent?.amount_refunded).toBeGreaterThan(0);
    }
    await saveCardAndTopUp(page);
    expect(errors).toEqual([]);
    await page.context().close();
  }
});

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
