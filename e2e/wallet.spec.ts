import { expect, type Page, test } from '@playwright/test';
import { newMobile, smsCode } from './outbox';
import { LANGUAGES, type Lang, text, useLanguage, watchErrors } from './support';

/** A new account, registered through the API, then signed in on the login page. */
async function signIn(page: Page, lang: Lang) {
  const mobile = newMobile();
  await page.request.post('/code', { data: { type: 'mobile', target: mobile, country: 'CN', purpose: 'register' } });
  const code = await smsCode(`+86${mobile}`);
  const res = await page.request.post('/register', {
    data: { type: 'mobile', target: mobile, country: 'CN', password: 'travel2026', code },
  });
  expect(res.status()).toBe(200);
  await page.context().clearCookies({ name: 'sid' });
  await page.goto('/login');
  const form = page.getByTestId('login-form');
  await form.getByPlaceholder(text(lang, 'account', 'login.accountPlaceholder')).fill(mobile);
  await form.getByLabel(text(lang, 'account', 'login.password')).fill('travel2026');
  await form.getByRole('button', { name: text(lang, 'account', 'login.submit'), exact: true }).click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
}

/** Full-page screenshots at the desktop widths of spec §9, when SHOTS names a folder. */
const shot = async (page: Page, name: string) => {
  if (!process.env.SHOTS) return;
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${process.env.SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

for (const lang of LANGUAGES) {
  const tx = (key: string) => text(lang, 'wallet', key);

  test(`opens the wallet from the account menu: a zero balance and an empty history (${lang})`, async ({
    page,
    context,
    baseURL,
  }) => {
    const errors = watchErrors(page);
    await useLanguage(context, baseURL ?? '', lang);
    await signIn(page, lang);
    await page.goto('/account');
    await page.getByRole('menuitem', { name: text(lang, 'account', 'menu.wallet') }).click();
    await expect(page).toHaveURL(/\/account\/wallet$/);
    await expect(page.getByRole('heading', { name: tx('title'), level: 1 })).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText(/¥\s?0(\.00)?/);
    await expect(page.getByText(tx('history.empty.title'))).toBeVisible();
    await shot(page, `wallet-empty-${lang}`);
    expect(errors).toEqual([]);
  });
}
