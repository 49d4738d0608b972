import { type BrowserContext, expect, type Page } from '@playwright/test';
import { packSearchLink, type SearchCriteria, type SearchResult } from '../packages/domain/src/index';
import { latestMail, newEmail, newMobile, smsCode } from './outbox';
import { isShared, type Lang } from './support';

/**
 * Set-up the browser tests share, done through the API as the pages would do it: accounts, saved
 * travellers, an account on the simulated national rail service and its link, searches and screenshots.
 */

export const PASSWORD = 'travel2026';

/** This machine's local day, the one the browser's date pickers show (`yyyy-mm-dd`). */
const LOCAL_DAY = new Intl.DateTimeFormat('en-CA');

/** A travel day some days ahead, as the browser's calendar shows it and the search form sends it (`yyyy/mm/dd`). */
export const inDays = (days: number) => LOCAL_DAY.format(new Date(Date.now() + days * 86_400_000)).replaceAll('-', '/');

/** A random three-digit sequence China Railway knows (sequence 000 is one it has no record of). */
const anySeq = () => String(100 + Math.floor(Math.random() * 800));

/** An ID card number with a valid checksum for a date of birth (`yyyy-mm-dd`) and a sequence. */
export function idNumber(birth: string, seq = anySeq()): string {
  const first17 = `110101${birth.replaceAll('-', '')}${seq}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
  return first17 + '10X98765432'[sum % 11];
}

/**
 * A one-way Beijing–Shanghai search for one adult in economy, some days ahead, with the place names the
 * home form gives in a language.
 */
export function routeCriteria(
  mode: SearchCriteria['mode'],
  days: number,
  overrides: Partial<SearchCriteria> = {},
  lang: Lang = 'en',
): SearchCriteria {
  return {
    type: 1,
    cabin: 'Y',
    adults: 1,
    children: 0,
    infants: 0,
    sort: 'best',
    mode,
    flexDays: 0,
    filters: {},
    legs: [
      {
        departure: 'BJS',
        destination: 'SHA',
        departure_date: inDays(days),
        departure_only_airport: false,
        destination_only_airport: false,
        departureName: lang === 'zh-CN' ? '北京' : 'Beijing',
        destinationName: lang === 'zh-CN' ? '上海' : 'Shanghai',
      },
    ],
    ...overrides,
  };
}

/** A new account of ours registered through the API with a texted code; the page's request context is signed in. */
export async function registerAccount(page: Page): Promise<string> {
  return (await registerUser(page)).mobile;
}

/** As `registerAccount`, with the account as the server answers it (what the site keeps of its user). */
export async function registerUser(page: Page): Promise<{ mobile: string; user: unknown }> {
  const mobile = newMobile();
  await page.request.post('/code', { data: { type: 'mobile', target: mobile, country: 'CN', purpose: 'register' } });
  const code = await smsCode(`+86${mobile}`);
  const reg = await page.request.post('/register', {
    data: { type: 'mobile', target: mobile, country: 'CN', password: PASSWORD, code },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  return { mobile, user: await reg.json() };
}

/** A new account registered by e-mail through the API and activated from its mailed link; the page's request context is signed in. */
export async function registerByEmail(page: Page, name: string): Promise<{ email: string; user: unknown }> {
  const email = newEmail(name);
  const reg = await page.request.post('/register', { data: { type: 'email', target: email, password: PASSWORD } });
  expect(reg.ok(), await reg.text()).toBe(true);
  const token = /\/verify\?token=([A-Za-z0-9_-]+)/.exec(await latestMail(email))?.[1] ?? '';
  const verified = await page.request.post('/api/verify', { data: { token, password: PASSWORD } });
  expect(verified.ok(), await verified.text()).toBe(true);
  return { email, user: await verified.json() };
}

/** The site keeps its signed-in user as a sign-in on the page would, on every page the context opens. */
export async function rememberSignIn(context: BrowserContext, user: unknown): Promise<void> {
  if (isShared(context))
    throw new Error('the sign-in would outlive the test in a shared context: give it `freshContext`');
  await context.addInitScript((u) => {
    const entry = (value: unknown) => JSON.stringify({ value, expiresAt: null });
    localStorage.setItem('user_name', entry((u as { name: string }).name));
    localStorage.setItem('user_info', entry(u));
  }, user);
}

/**
 * The site keeps the traveller registered through this page's requests signed in, as a sign-in on the login
 * page would (that page itself is walked by the accounts' tests): the first page this tab opens knows the
 * traveller, and signing out later on the page holds.
 */
export async function keepSignedIn(page: Page, user: unknown): Promise<void> {
  await page.addInitScript((u) => {
    if (sessionStorage.getItem('e2e-signed-in')) return;
    sessionStorage.setItem('e2e-signed-in', '1');
    const entry = (value: unknown) => JSON.stringify({ value, expiresAt: null });
    localStorage.setItem('user_name', entry((u as { name: string }).name));
    localStorage.setItem('user_info', entry(u));
  }, user);
}

/** A new account of ours with its saved travellers, registered through the API and kept signed in; answers its mobile number. */
export async function signUpThroughApi(
  page: Page,
  travellers: { name: string; birth: string }[] = [],
): Promise<string> {
  const { mobile, user } = await registerUser(page);
  for (const t of travellers) await saveTraveller(page, t);
  await keepSignedIn(page, user);
  return mobile;
}

export type SavedTraveller = { id: string; documents: { id: string }[]; birthDate: string };

/** A saved traveller with a Chinese ID card and a mainland mobile number. */
export async function saveTraveller(
  page: Page,
  t: { name: string; birth: string; phone?: string; seq?: string; idNumber?: string },
): Promise<SavedTraveller> {
  const saved = await page.request.post('/api/passenger', {
    data: {
      chineseName: t.name,
      nationality: 'CN',
      phoneCountry: 'CN',
      phone: t.phone ?? '13800138000',
      documents: [{ type: 'B', number: t.idNumber ?? idNumber(t.birth, t.seq) }],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return (await saved.json()) as SavedTraveller;
}

export type RailAccount = { username: string; phone: string; password: string; lastFour: string };

/** An account on the simulated national rail service (12306), with passengers besides its holder if given. */
export async function railAccount(
  page: Page,
  holder: { name: string; idNumber: string; passengers?: Record<string, unknown>[] },
): Promise<RailAccount> {
  const username = `rail${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const phone = `+86${newMobile()}`;
  const res = await page.request.post('/rail-sim/accounts', {
    data: {
      username,
      password: 'rail-pass-1',
      holderName: holder.name,
      idNumber: holder.idNumber,
      phone,
      ...(holder.passengers ? { passengers: holder.passengers } : {}),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { username, phone, password: 'rail-pass-1', lastFour: holder.idNumber.slice(-4) };
}

/** Links a rail account through the API, as the login form does: the texted code, the agreement ticked. */
export async function linkRailAccount(page: Page, rail: RailAccount): Promise<void> {
  const sent = await page.request.post('/api/rail/code', {
    data: { username: rail.username, idLastFour: rail.lastFour },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const login = await page.request.post('/api/rail/login', {
    data: {
      username: rail.username,
      password: rail.password,
      idLastFour: rail.lastFour,
      code: await smsCode(rail.phone),
      agreed: true,
    },
  });
  expect(login.ok(), await login.text()).toBe(true);
}

/**
 * Runs a search on the results page and, once it is done, reads every result of the session (the page
 * itself pulls only the page it shows).
 */
export async function searchOnPage(
  page: Page,
  criteria: SearchCriteria,
): Promise<{ searchId: string; results: SearchResult[] }> {
  // The search's answer is awaited itself: a listener that read its body could still be reading it when the
  // page says the search is done.
  const started = page.waitForResponse((r) => r.url().endsWith('/api/v2/search') && r.ok(), { timeout: 60_000 });
  await page.goto(`/search?s=${packSearchLink(criteria)}`);
  const { searchId } = (await (await started).json()) as { searchId: string };
  await expect(page.locator('[data-testid="search-progress"][data-done="true"]')).toBeVisible({ timeout: 60_000 });
  const all = await page.request.post('/api/v2/pull', { data: { searchId, cursor: 0 } });
  expect(all.ok(), await all.text()).toBe(true);
  return { searchId, results: ((await all.json()) as { results: SearchResult[] }).results };
}

/** Screenshots into `$SHOTS` at each width (nothing without it), then back to 1280 px. */
export async function shot(
  page: Page,
  name: string,
  { widths = [390, 1280], fullPage = false }: { widths?: number[]; fullPage?: boolean } = {},
): Promise<void> {
  if (!process.env.SHOTS) return;
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${process.env.SHOTS}/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
