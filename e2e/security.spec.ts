import { expect } from '@playwright/test';
import { latestMail, newEmail } from './outbox';
import { LANGUAGES, test, text, useLanguage } from './support';

for (const lang of LANGUAGES) {
  test(`an activation link opened in another browser asks for the password and sets it (${lang})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    // Someone else registers the address with a password of their own, in their own browser.
    const email = newEmail(`owner-${lang.toLowerCase()}`);
    const other = await browser.newContext();
    const planted = await other.request.post(`${baseURL}/register`, {
      data: { type: 'email', target: email, password: 'attacker2026' },
    });
    expect(planted.ok()).toBe(true);
    await other.close();

    await useLanguage(page.context(), baseURL ?? '', lang);
    const link = /(http:\/\/\S+\/verify\?token=[A-Za-z0-9_-]+)/.exec(await latestMail(email))?.[1] ?? '';
    await page.goto(link);
    const form = page.getByTestId('verify-password-form');
    await expect(page.getByRole('heading', { name: text(lang, 'account', 'verify.setTitle') })).toBeVisible();
    await form.getByLabel(text(lang, 'account', 'verify.setPassword'), { exact: true }).fill('owner2026ok');
    await form.getByLabel(text(lang, 'account', 'verify.setConfirm')).fill('owner2026ok');
    await page.screenshot({ path: `test-results/verify-set-password-${lang}.png` });
    await form.getByRole('button', { name: text(lang, 'account', 'verify.setSubmit') }).click();
    await expect(page.getByText(text(lang, 'account', 'verify.done'))).toBeVisible();
    await expect(page.getByTestId('account-menu')).toContainText(email);

    // The password the other person chose opens nothing; the owner's does.
    const attempt = (password: string) =>
      page.request.post(`${baseURL}/login`, { data: { username: email, password, identity: 'email' } });
    await page.context().clearCookies();
    expect((await (await attempt('attacker2026')).json()).errorCode).toBe(1002);
    expect((await attempt('owner2026ok')).ok()).toBe(true);
  });
}
