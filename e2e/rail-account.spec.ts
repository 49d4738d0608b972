import { expect, type Locator, type Page } from '@playwright/test';
import { smsCode } from './outbox';
import { idNumber, linkRailAccount, railAccount, shot, signUpThroughApi } from './setup';
import { eachLanguage, test, text } from './support';
import { bookTrip, payByCard } from './trip-api';

/** An account on the simulated national rail service held by 张伟, with passengers besides him. */
const railAccountOf = (page: Page) =>
  railAccount(page, {
    name: '张伟',
    idNumber: idNumber('1985-03-02'),
    passengers: [
      { name: '李娜', documentType: 'B', documentNumber: idNumber('1987-06-18', '124'), phone: '+8613800138001' },
      {
        name: 'SMITH JOHN',
        englishName: 'SMITH JOHN',
        documentType: 'A',
        documentNumber: `E${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
        documentExpiry: '2032-05-01',
        birthDate: '1990-04-01',
        gender: 'MALE',
        nationality: 'GB',
      },
    ],
  });

/** The input of an antd checkbox, wherever the checkbox puts its test id. */
const checkbox = (scope: Locator, testId: string) =>
  scope.locator(`[data-testid="${testId}"] input, input[data-testid="${testId}"]`).first();

eachLanguage((lang) => {
  const tx = (ns: string, key: string) => text(lang, ns, key);

  test(`links a 12306 account after a wrong last-four answer, imports its passengers and logs out (${lang})`, async ({
    page,
    context,
    errors,
  }) => {
    await signUpThroughApi(page);
    const rail = await railAccountOf(page);

    await page.goto('/account/p-passengers');
    const card = page.getByTestId('rail-account');
    await expect(card).toHaveAttribute('data-state', 'none');
    await expect(card).toContainText(tx('rail', 'card.offline'));
    await shot(page, `rail-card-none-${lang}`);
    await card.getByTestId('rail-link').click();

    const form = page.getByTestId('rail-login-form');
    await form.getByTestId('rail-username').fill(rail.username);
    await form.getByTestId('rail-password').fill('12345');
    await form.getByTestId('rail-last-four').fill('0000');
    await form.getByTestId('rail-send-code').click();
    // SMS result 11: the last four digits are wrong, said beside them.
    await expect(form.getByText(tx('rail', 'login.codeResult.11'))).toBeVisible();

    await form.getByTestId('rail-last-four').fill(rail.lastFour);
    await form.getByTestId('rail-send-code').click();
    await expect(form.getByTestId('rail-code-result')).toHaveAttribute('data-result', '0');
    await expect(form.getByTestId('rail-send-code')).toBeDisabled();
    await form.getByTestId('rail-code').fill(await smsCode(rail.phone));

    // The password is too short, and the agreement must be opened before it can be ticked.
    await form.getByTestId('rail-login-submit').click();
    await expect(form.getByText(tx('rail', 'login.rules.password'))).toBeVisible();
    await form.getByTestId('rail-password').fill(rail.password);
    await expect(form.getByText(tx('rail', 'login.openFirst'))).toBeVisible();
    await expect(checkbox(form, 'rail-agree')).toBeDisabled();
    await shot(page, `rail-login-${lang}`);
    const [agreement] = await Promise.all([
      context.waitForEvent('page'),
      form.getByTestId('rail-agreement-link').click(),
    ]);
    await expect(agreement.getByTestId('agreement-text')).toContainText(tx('agreement-kyfw', 'title'));
    await agreement.close();
    await checkbox(form, 'rail-agree').check();
    await form.getByTestId('rail-login-submit').click();

    await expect(card).toHaveAttribute('data-state', 'active', { timeout: 60_000 });
    await expect(card.getByTestId('rail-username-shown')).toHaveText(rail.username);
    await expect(card.getByTestId('rail-state')).toHaveText(tx('rail', 'card.state.active'));
    await shot(page, `rail-card-linked-${lang}`);

    // Import the account's passengers: each comes with China Railway's status.
    await card.getByTestId('rail-import').click();
    const rows = page.getByTestId('rail-passenger');
    await expect(rows).toHaveCount(3, { timeout: 60_000 });
    await expect(rows.nth(2)).toHaveAttribute('data-status', 'NEED_MOBILE_OR_EMAIL');
    for (let i = 0; i < 3; i++) await checkbox(rows.nth(i), 'rail-passenger-check').check();
    await shot(page, `rail-import-${lang}`);
    await page.getByTestId('rail-import-submit').click();
    const cards = page.getByTestId('passenger-card');
    await expect(cards).toHaveCount(3, { timeout: 60_000 });
    const smith = cards.filter({ hasText: 'SMITH' });
    await expect(smith.getByTestId('rail-status')).toHaveAttribute('data-status', 'NEED_MOBILE_OR_EMAIL', {
      timeout: 60_000,
    });
    await expect(smith).toContainText(tx('passengers', 'rail.hint.NEED_MOBILE_OR_EMAIL'));
    await expect(cards.filter({ hasText: '李娜' }).getByTestId('rail-status')).toHaveAttribute(
      'data-status',
      'VERIFIED',
      { timeout: 60_000 },
    );

    // Log out, confirmed.
    await card.getByTestId('rail-logout').click();
    await expect(
      page.locator('.ant-modal-confirm-title', { hasText: tx('rail', 'card.confirmLogout.title') }),
    ).toBeVisible();
    await page.getByTestId('rail-logout-confirm').click();
    await expect(card).toHaveAttribute('data-state', 'none');
    expect(errors).toEqual([]);
  });

  test(`refuses to unlink the 12306 account while a ticket is being issued through it (${lang})`, async ({
    page,
    errors,
  }) => {
    test.setTimeout(150_000);
    await signUpThroughApi(page);
    const rail = await railAccountOf(page);
    await linkRailAccount(page, rail);
    const { id: orderId } = await bookTrip(page, 'train', 21, undefined, { railTicketing: 'online' });
    // The holder signs in on the rail service's own site, which ends our session: the paid ticket waits
    // to be issued through the account until the traveller logs in again here.
    const elsewhere = await page.request.post('/rail-sim/sign-in', {
      data: { username: rail.username, password: rail.password },
    });
    expect(elsewhere.ok()).toBe(true);
    await payByCard(page, orderId);

    await page.goto('/account/p-passengers');
    const card = page.getByTestId('rail-account');
    await expect(card).not.toHaveAttribute('data-state', 'none');
    await card.getByTestId('rail-logout').click();
    await page.getByTestId('rail-logout-confirm').click();
    await expect(page.getByTestId('rail-logout-blocked')).toHaveText(text(lang, 'errors', '6204'));
    await expect(page.locator('.ant-modal-confirm-title', { hasText: tx('rail', 'card.blocked.title') })).toBeVisible();
    await expect(
      page.locator('.ant-modal-confirm-title', { hasText: tx('rail', 'card.confirmLogout.title') }),
    ).toBeHidden();
    await shot(page, `rail-logout-blocked-${lang}`);
    await page.getByRole('button', { name: tx('rail', 'card.blocked.ok') }).click();
    await expect(card).not.toHaveAttribute('data-state', 'none');
    // The order says its ticket is still being issued.
    const order = (await (await page.request.get(`/api/order?id=${orderId}`)).json()) as {
      subOrders: { status: number; ticketing: string }[];
    };
    expect(order.subOrders[0]?.ticketing).toBe('online');
    expect([2, 7]).toContain(order.subOrders[0]?.status);
    // The refused logout's answer (422) is the only failed request.
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
  });
});
