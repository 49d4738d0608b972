import { afterAll, beforeAll } from 'vitest';
import { createTestApp, QUIET_SETTINGS, type TestApp } from '../harness';
import { payingSuite } from '../support/paying-app';
import { alipayChannelOf, wechatChannelOf } from './wallet-app-channels';
import { alipayFakeOf, alipayTestKeys, wechatFakeOf, wechatTestKeys } from './wallet-app-keys';

/** A wallet app's notification posted to the site: its path, body and headers, and the site's answer. */
export type NoticePost = (
  path: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

/** Notifications handed to the test app as the wallet app posts them (an API test has no port). */
export const postToApp =
  (t: TestApp): NoticePost =>
  async (path, body, headers) => {
    const res = await t.app.inject({ method: 'POST', url: path, payload: body, headers });
    return { status: res.statusCode, body: res.body };
  };

/**
 * Notifications posted to the server process at `at()` while one runs there (a crash test's process, killed
 * later), and handed to the test app when `at()` is null.
 */
export const postToProcessOrApp =
  (t: TestApp, at: () => string | null): NoticePost =>
  async (path, body, headers) => {
    const url = at();
    if (!url) return postToApp(t)(path, body, headers);
    const res = await fetch(`${url}${path}`, { method: 'POST', body, headers });
    return { status: res.status, body: await res.text() };
  };

/**
 * A local Alipay with fresh keys: the fake that knows them, our channel against it, and its notifications
 * posted on as Alipay posts them, form-encoded.
 */
export function localAlipay() {
  const keys = alipayTestKeys();
  const fake = alipayFakeOf(keys);
  const tell = (post: NoticePost) => {
    fake.deliver = (url, form) =>
      post(new URL(url).pathname, form, { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' });
  };
  return { keys, fake, channel: () => alipayChannelOf(keys, fake), tell };
}

/**
 * A local WeChat Pay with a fresh merchant: the fake that knows it, our channel against it, and its
 * notifications posted on as WeChat Pay posts them, with its signature headers.
 */
export function localWechat() {
  const keys = wechatTestKeys();
  const fake = wechatFakeOf(keys);
  const tell = (post: NoticePost) => {
    fake.deliver = (url, body, headers) =>
      post(new URL(url).pathname, body, { 'content-type': 'application/json', ...headers });
  };
  return { keys, fake, channel: () => wechatChannelOf(keys, fake), tell };
}

export type LocalWalletApp = ReturnType<typeof localAlipay> | ReturnType<typeof localWechat>;

/** The local wallet apps started before a file's tests (and its app) and stopped after them. */
function startedForFile(apps: LocalWalletApp[]): void {
  beforeAll(() => Promise.all(apps.map((a) => a.fake.start())));
  afterAll(() => Promise.all(apps.map((a) => a.fake.stop())));
}

/** The site's address in the wallet apps' tests: the apps are told to post their notifications under it. */
const PUBLIC_URL = 'http://junction.test';

type PayingOptions = {
  /** The app's settings beside `QUIET_SETTINGS` (by default the card simulator at once, a pay call's five-second wait). */
  settings?: Record<string, string>;
  now?: () => Date;
  /** What else the app is given (a card processor, a crash test's keys). */
  deps?: () => Parameters<typeof createTestApp>[2];
  /** Where the apps' notifications go (by default the test app). */
  post?: (t: TestApp) => NoticePost;
  timeout?: number;
};

/**
 * A file's tests paying orders through local wallet apps: the apps started, an app taking payments through
 * them with their notifications handed over, and a traveller ready to pay (`payingSuite`).
 */
export function walletAppSuite(apps: LocalWalletApp[], options: PayingOptions = {}) {
  const { settings = { GATEWAY_SIM_LATENCY_MS: '0', PAYMENT_WAIT_MS: '5000' }, now, deps, post = postToApp } = options;
  startedForFile(apps);
  const channels = () => ({ channels: apps.map((a) => a.channel()), ...deps?.() });
  const { t, p } = payingSuite({ ...settings, PUBLIC_URL }, now, channels, options.timeout);
  beforeAll(() => {
    for (const a of apps) a.tell(post(t));
  });
  return { t, p };
}

/**
 * A file's tests topping up wallets through local wallet apps: the apps started, an app taking top-ups through
 * them (settled at once, a new traveller a test without meeting the rate limits) with their notifications
 * handed over; made before the file's tests, closed after them.
 */
export function walletAppTopUpSuite(apps: LocalWalletApp[], now: () => Date): TestApp {
  startedForFile(apps);
  const t = {} as TestApp;
  beforeAll(async () => {
    const settings = { ...QUIET_SETTINGS, RATE_LIMIT_MAX: '100000', PAYMENT_SETTLE_AFTER_MS: '0', PUBLIC_URL };
    Object.assign(t, await createTestApp(settings, now, { channels: apps.map((a) => a.channel()) }));
    for (const a of apps) a.tell(postToApp(t));
  }, 120_000);
  afterAll(() => t.close?.());
  return t;
}
