import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, test as base, chromium, expect, type Page } from '@playwright/test';

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Lang = (typeof LANGUAGES)[number];

const localeDir = path.resolve(import.meta.dirname, '../apps/web/src/locales');

/** The site's default particulars, as the server serves them without configuration. */
const PARTICULARS: Record<Lang, Record<string, string>> = {
  en: { brand: 'Junction', company: 'Junction Technology Co., Ltd.' },
  'zh-CN': { brand: '联程旅行', company: '联程科技有限公司' },
};

/** A text from the locale files, with the particulars filled in, as a user sees it. */
export function text(lang: Lang, namespace: string, key: string): string {
  const data = JSON.parse(fs.readFileSync(path.join(localeDir, lang, `${namespace}.json`), 'utf8'));
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], data);
  if (typeof value !== 'string') throw new Error(`${lang}/${namespace}:${key} is not a text`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => PARTICULARS[lang][name] ?? `{{${name}}}`);
}

export async function useLanguage(context: BrowserContext, baseURL: string, lang: Lang): Promise<void> {
  await context.addCookies([{ name: 'lang', value: lang, url: baseURL }]);
}

/** Collects page errors and console errors so a test can assert a page loaded cleanly. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/** The contexts kept open for a worker's tests, which a test must leave as it found them. */
const sharedContexts = new WeakSet<BrowserContext>();

/** Whether a context is one a worker's tests share (a test may not add to it what outlives the test). */
export const isShared = (context: BrowserContext): boolean => sharedContexts.has(context);

/** The storage a test leaves in a shared context, cleared before the next: everything but the HTTP cache. */
const STORAGE_TYPES = 'cookies,local_storage,indexeddb,websql,file_systems,service_workers,cache_storage,shader_cache';

/**
 * With `SHOTS_END=<dir>`, every page a test leaves open is drawn there at 390 and 1280 px, whole: the state each
 * flow ends in, for a person to look at as a traveller would (nothing is drawn without it).
 */
async function endShots(context: BrowserContext, title: string): Promise<void> {
  const dir = process.env.SHOTS_END;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const name = title.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 120);
  for (const [i, page] of context.pages().entries()) {
    if (page.isClosed() || page.url() === 'about:blank') continue;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(dir, `${name}${i ? `-${i}` : ''}-${width}.png`), fullPage: true });
    }
  }
}

/**
 * Playwright's `test` with these fixtures: `lang`, the language the site opens in (its cookie set before the
 * first page; none by default, as a browser comes), and `errors`, the page's errors and console errors since
 * the test began, for a test to assert it ran cleanly.
 *
 * A worker's tests share one browser profile, as one traveller's browser opens the site again and again: its
 * cookies, storage and open pages are cleared before each test, and what stays is the HTTP cache and the
 * compiled scripts Chromium keeps beside it, so the site's scripts are read and compiled once a worker rather
 * than in every test. A test that adds to the context what cannot be taken away (an init script, a fake clock)
 * or needs other options (service workers) asks for a context of its own with `freshContext`.
 */
export const test = base.extend<
  { lang: Lang | undefined; errors: string[]; freshContext: boolean },
  { sharedProfile: BrowserContext; freshBrowser: () => Promise<Browser> }
>({
  lang: [undefined, { option: true }],
  freshContext: [false, { option: true }],
  sharedProfile: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
    async ({}, use, workerInfo) => {
      const { use: options } = workerInfo.project;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-e2e-profile-'));
      const context = await chromium.launchPersistentContext(dir, {
        ...options.launchOptions,
        baseURL: options.baseURL,
        viewport: options.viewport,
        reducedMotion: options.reducedMotion,
        serviceWorkers: 'block',
      });
      sharedContexts.add(context);
      await use(context);
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  // The browser of the tests with a context of their own, launched when a worker's first such test needs it.
  freshBrowser: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
    async ({}, use, workerInfo) => {
      let launched: Promise<Browser> | undefined;
      await use(() => {
        launched ??= chromium.launch(workerInfo.project.use.launchOptions);
        return launched;
      });
      if (launched) await (await launched).close();
    },
    { scope: 'worker' },
  ],
  context: async (
    { sharedProfile, freshBrowser, freshContext, baseURL, viewport, reducedMotion, serviceWorkers, lang },
    use,
    testInfo,
  ) => {
    const context = freshContext
      ? await (await freshBrowser()).newContext({ baseURL, viewport, reducedMotion, serviceWorkers })
      : sharedProfile;
    if (!freshContext) await clearProfile(context, baseURL ?? '');
    if (lang) await useLanguage(context, baseURL ?? '', lang);
    await use(context);
    await endShots(context, testInfo.titlePath.slice(1).join(' ')).catch((error: unknown) =>
      console.warn(`SHOTS_END: no screenshot of "${testInfo.title}": ${String(error)}`),
    );
    if (freshContext) await context.close();
    // A page left open would go on asking the server (a results page pulls every 400 ms).
    else for (const page of context.pages()) await page.close();
  },
  page: async ({ context, freshContext }, use) => {
    const page = await context.newPage();
    if (!freshContext) {
      page.clock.install = () => {
        throw new Error('a fake clock outlives the test in a shared context: give the test `freshContext`');
      };
    }
    await use(page);
  },
  errors: async ({ page }, use) => {
    await use(watchErrors(page));
  },
});

/** Leaves a shared context as a new one: no cookies, storage, permissions nor pages. */
async function clearProfile(context: BrowserContext, baseURL: string): Promise<void> {
  for (const page of context.pages()) await page.close();
  await context.clearCookies();
  await context.clearPermissions();
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseURL).origin, storageTypes: STORAGE_TYPES });
  await cdp.detach();
  await blank.close();
}

/** Declares the tests once in each language, the site opened in it; `index` tells the languages apart (0, 1). */
export function eachLanguage(declare: (lang: Lang, index: number) => void): void {
  for (const [index, lang] of LANGUAGES.entries()) {
    test.describe(() => {
      test.use({ lang });
      declare(lang, index);
    });
  }
}

/**
 * Picks a language from the header's menu, until the page shows it (by default, the page's `lang`); a click
 * lost to the menu's opening animation is tried again.
 */
export async function switchLanguage(
  page: Page,
  to: Lang,
  shown: (to: Lang) => Promise<void> = (lang) =>
    expect(page.locator('html')).toHaveAttribute('lang', lang, { timeout: 3_000 }),
): Promise<void> {
  await expect(async () => {
    const item = page.getByRole('menuitem', { name: to === 'zh-CN' ? '中文' : 'English' });
    if (!(await item.isVisible())) await page.getByTestId('language-switch').click();
    await item.click({ timeout: 2_000 });
    await shown(to);
  }).toPass({ timeout: 60_000 });
}

export const PAGES = [
  { path: '/', namespace: 'home', titleKey: 'hero.title' },
  { path: '/about', namespace: 'about', titleKey: 'hero.title' },
  { path: '/faq', namespace: 'faq', titleKey: 'hero.title' },
  { path: '/contact-us', namespace: 'contact', titleKey: 'hero.title' },
  { path: '/airline-fees', namespace: 'fees', titleKey: 'hero.title' },
  { path: '/download', namespace: 'download', titleKey: 'hero.title' },
  { path: '/agreement/service', namespace: 'agreement-service', titleKey: 'title' },
  { path: '/agreement/disclaimer', namespace: 'agreement-disclaimer', titleKey: 'title' },
  { path: '/agreement/privacy', namespace: 'agreement-privacy', titleKey: 'title' },
  { path: '/agreement/children-privacy', namespace: 'agreement-children', titleKey: 'title' },
  { path: '/agreement/software-license', namespace: 'agreement-software', titleKey: 'title' },
  { path: '/agreement/dangerous-goods', namespace: 'agreement-dangerous-goods', titleKey: 'title' },
  { path: '/agreement/battery-rules', namespace: 'agreement-battery', titleKey: 'title' },
  { path: '/agreement/kyfw-auth', namespace: 'agreement-kyfw', titleKey: 'title' },
  { path: '/agreement/connection-protection', namespace: 'agreement-protection', titleKey: 'title' },
  { path: '/login', namespace: 'account', titleKey: 'login.title' },
  { path: '/register', namespace: 'account', titleKey: 'register.title' },
  { path: '/reset', namespace: 'account', titleKey: 'reset.title' },
] as const;

/** Create order leads to the payment page; the test goes on to the order's own page. */
export async function openOrderFromPayment(page: Page) {
  await expect(page).toHaveURL(/\/payment\?id=/, { timeout: 20_000 });
  await expect(page.getByTestId('payment-page')).toBeVisible();
  const id = new URL(page.url()).searchParams.get('id') ?? '';
  await page.goto(`/order?id=${id}`);
}
