import { expect, type Page } from '@playwright/test';
import { TEST_CARDS } from '../apps/server/src/features/payment/gateway/simulator/test-cards';
import { fillCardForm } from './card-form';
import { keepSignedIn, registerUser, shot as shotAt } from './setup';
import { eachLanguage, type Lang, test, text } from './support';
import { BILLING, bookTrip, cardToken, topUpWallet } from './trip-api';

// Two tests stop the page's clock, which stays with the context: each test has a context of its own.
test.use({ freshContext: true });

/**
 * A new traveller with an order awaiting payment, booked through the API as the booking page does; the
 * traveller signs in on the login page, which leads back to the payment page.
 */
async function openPaymentAfterSignIn(page: Page, lang: Lang): Promise<string> {
  const { mobile } = await registerUser(page);
  const { id } = await bookTrip(page);
  await page.context().clearCookies({ name: 'sid' });
  await page.goto(`/login?redirect=${encodeURIComponent(`/payment?id=${id}`)}`);
  await page.getByPlaceholder(text(lang, 'account', 'login.accountPlaceholder')).fill(mobile);
  await page.getByLabel(text(lang, 'account', 'login.password')).fill('travel2026');
  await page.getByRole('button', { name: text(lang, 'account', 'login.submit'), exact: true }).click();
  await expect(page.getByTestId('payment-page')).toBeVisible({ timeout: 60_000 });
  return id;
}

/** A new traveller, signed in, with an order awaiting payment booked through the API; the payment page open. */
async function openPayment(page: Page): Promise<string> {
  const { user } = await registerUser(page);
  const { id } = await bookTrip(page);
  await keepSignedIn(page, user);
  await page.goto(`/payment?id=${id}`);
  await expect(page.getByTestId('payment-page')).toBeVisible({ timeout: 60_000 });
  return id;
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.keyboard.type(option);
  await page.keyboard.press('Enter');
}

/** Chooses the card method and fills the form as a traveller would. */
const fillCard = (page: Page, lang: Lang, number: string, cvc = '123') => fillCardForm(page, lang, number, { cvc });

const errorText = (lang: Lang, code: number) => text(lang, 'errors', String(code));

const shot = (page: Page, name: string) => shotAt(page, name, { widths: [1280, 1440], fullPage: true });

eachLanguage((lang) => {
  test.describe(`payment (${lang})`, () => {
    test(`pays by card, returns to the order after 3 seconds, and a second payment shows 2000 (${lang})`, async ({
      page,
      errors,
    }) => {
      const id = await openPaymentAfterSignIn(page, lang);
      await expect(page.getByTestId('payment-countdown')).toHaveText(/^(29|30):\d{2}$/);
      await expect(page.getByTestId('charge-cny')).toContainText('¥');
      // A method is required.
      await page.getByTestId('pay-submit').click();
      await expect(page.getByTestId('method-required')).toHaveText(errorText(lang, 2103));
      await shot(page, `payment-${lang}`);
      await fillCard(page, lang, '4242 4242 4242 4241');
      await page.getByTestId('card-cvc').focus();
      await expect(page.getByTestId('card-form')).toContainText(text(lang, 'card', 'errors.luhn'));
      await page.getByTestId('card-number').fill(TEST_CARDS.visa);
      await expect(page.getByTestId('card-brand')).toHaveText('VISA');
      // Corrected, the number's error goes while the field still has the focus.
      await expect(page.getByTestId('card-form')).not.toContainText(text(lang, 'card', 'errors.luhn'));
      await shot(page, `payment-card-${lang}`);
      await page.getByTestId('pay-submit').click();
      await expect(page.getByTestId('payment-success')).toContainText(text(lang, 'payment', 'success.title'));
      await expect(page).toHaveURL(new RegExp(`/order\\?id=${id}$`), { timeout: 60_000 });
      // Paid, and ticketing may have begun already, or be done.
      await expect(page.getByTestId('order-status')).toHaveText(
        new RegExp(
          `^(${text(lang, 'orders', 'status.2')}|${text(lang, 'orders', 'status.4')}|${text(lang, 'orders', 'status.5')})$`,
        ),
      );
      await page.goto(`/payment?id=${id}`);
      await expect(page.getByTestId('already-paid')).toContainText(errorText(lang, 2000));
      expect(errors).toEqual([]);
    });

    test(`shows a declined card and insufficient funds beside the form (${lang})`, async ({ page }) => {
      await openPayment(page);
      await fillCard(page, lang, TEST_CARDS.declined);
      await page.getByTestId('pay-submit').click();
      await expect(page.getByTestId('form-error')).toHaveText(errorText(lang, 2104));
      await page.getByTestId('card-number').fill(TEST_CARDS.insufficientFunds);
      await page.getByTestId('pay-submit').click();
      await expect(page.getByTestId('form-error')).toHaveText(errorText(lang, 2105));
      await shot(page, `payment-declined-${lang}`);
    });

    test(`passes and fails the 3-D Secure challenge; a failed check keeps the name and billing address typed (${lang})`, async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const id = await openPayment(page);
      const failCheck = async () => {
        await expect(page).toHaveURL(/\/gateway-sim\/3ds\//);
        await page.getByRole('button', { name: lang === 'en' ? 'Fail verification' : '验证失败' }).click();
        await expect(page).toHaveURL(/\/payment\?id=.*attempt=/);
        await expect(page.getByTestId('payment-error')).toHaveText(errorText(lang, 2108));
      };
      await fillCard(page, lang, TEST_CARDS.threeDSecure);
      await page.getByTestId('pay-submit').click();
      await failCheck();
      // Back on the page: a new card, chosen, with the name and the billing address still there; the number
      // and code are typed anew (the processor's token of the card is never kept in the browser).
      await expect(page.getByTestId('method-card')).toBeChecked();
      await shot(page, `payment-3ds-failed-${lang}`);
      await expect(page.getByTestId('card-name')).toHaveValue('ZHANG WEI');
      await expect(page.getByTestId('billing-line1')).toHaveValue('1 Jianguomenwai Avenue');
      await expect(page.getByTestId('billing-phone')).toHaveValue('+8613800138000');
      await expect(page.getByTestId('card-number')).toHaveValue('');
      await page.getByTestId('card-number').fill(TEST_CARDS.threeDSecure);
      await pick(page, text(lang, 'card', 'expMonth'), '12');
      await pick(page, text(lang, 'card', 'expYear'), String(new Date().getFullYear() + 3));
      await page.getByTestId('card-cvc').fill('123');
      await page.getByTestId('pay-submit').click();
      await expect(page).toHaveURL(/\/gateway-sim\/3ds\//);
      await page.getByRole('button', { name: lang === 'en' ? 'Complete verification' : '完成验证' }).click();
      await expect(page.getByTestId('payment-success')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/order\\?id=${id}$`), { timeout: 60_000 });
      // Paid: nothing is kept for the order any more.
      await page.goto(`/payment?id=${id}`);
      await expect(page.getByTestId('already-paid')).toBeVisible();
      expect(await page.evaluate((key) => sessionStorage.getItem(key), `junction.payment.${id}`)).toBeNull();
    });

    test(`on a phone: the card number has its width, and a bar at the bottom keeps the amount and Pay in view (${lang})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await openPayment(page);
      const bar = page.getByTestId('pay-bar');
      const inView = async () => {
        const box = await bar.boundingBox();
        expect(box).not.toBeNull();
        expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(844 + 1);
        expect(box?.y ?? 0).toBeGreaterThan(844 - 120);
        const pay = await page.getByTestId('pay-submit').boundingBox();
        expect((pay?.x ?? 0) + (pay?.width ?? 0)).toBeLessThanOrEqual(390);
      };
      await expect(bar.getByTestId('pay-bar-total')).toHaveText(
        (await page.getByTestId('charge-cny').textContent()) ?? '',
      );
      await inView();
      await page
        .getByTestId('payment-methods')
        .getByText(text(lang, 'payment', 'method.card'), { exact: true })
        .click();
      // The accepted brands go under the number, on their own line; the number keeps the field's width.
      const number = await page.getByTestId('card-number').boundingBox();
      expect(number?.width ?? 0).toBeGreaterThan(200);
      const brands = await page.getByTestId('card-brands').boundingBox();
      expect(brands?.y ?? 0).toBeGreaterThanOrEqual((number?.y ?? 0) + (number?.height ?? 0));
      expect((brands?.x ?? 0) + (brands?.width ?? 0)).toBeLessThanOrEqual(390);
      await page.getByTestId('card-number').fill(TEST_CARDS.visa);
      await expect(page.getByTestId('card-brand')).toHaveText('VISA');
      expect((await page.getByTestId('card-number').boundingBox())?.width ?? 0).toBeGreaterThan(150);
      // Half-way down the form and at its end, the bar is still at the bottom of the screen.
      await page.getByTestId('billing-city').scrollIntoViewIfNeeded();
      await inView();
      await page.getByTestId('billing-phone').scrollIntoViewIfNeeded();
      await inView();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, `payment-phone-${lang}`);
    });

    test(`pays with a saved card, its security code typed again; a wrong code is declined beside it (${lang})`, async ({
      page,
      errors,
    }) => {
      const id = await openPayment(page);
      // A card saved in the wallet (as the wallet page saves it), with its security code 123.
      const token = await cardToken(page, TEST_CARDS.threeDSecure);
      const saved = await page.request.post('/api/wallet/card', {
        data: { token, name: 'ZHANG WEI', billing: BILLING, description: lang === 'en' ? 'Travel card' : '出行卡' },
      });
      expect(saved.ok()).toBe(true);
      await page.reload();
      // The saved card is offered as a method of its own, with its description.
      const method = page.getByTestId('payment-methods').getByText('Visa •••• 3220');
      await expect(page.getByTestId('payment-methods')).toContainText(lang === 'en' ? 'Travel card' : '出行卡');
      await method.click();
      await expect(page.getByTestId('saved-card-form')).toContainText('ZHANG WEI');
      // Nothing typed: the code is required before anything is sent.
      await page.getByTestId('pay-submit').click();
      await expect(page.getByTestId('saved-card-form')).toContainText(text(lang, 'card', 'errors.required'));
      await page.getByTestId('saved-cvc').fill('999');
      await page.getByTestId('pay-submit').click();
      await expect(page.getByTestId('saved-card-form')).toContainText(errorText(lang, 2107));
      await shot(page, `payment-saved-card-${lang}`);
      await page.getByTestId('saved-cvc').fill('123');
      await page.getByTestId('pay-submit').click();
      // The card's issuer asks for 3-D Secure, as it does for a new card.
      await expect(page).toHaveURL(/\/gateway-sim\/3ds\//);
      await page.getByRole('button', { name: lang === 'en' ? 'Complete verification' : '完成验证' }).click();
      await expect(page.getByTestId('payment-success')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/order\\?id=${id}$`), { timeout: 60_000 });
      // The declined code's answer (422) is the only failed request.
      expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
    });

    test(`closes payment when the countdown reaches zero (${lang})`, async ({ page }) => {
      await page.clock.install();
      await openPayment(page);
      await expect(page.getByTestId('payment-countdown')).toBeVisible();
      await page.clock.fastForward('31:00');
      await expect(page.getByTestId('payment-closed')).toContainText(text(lang, 'payment', 'closed.title'));
      await shot(page, `payment-closed-${lang}`);
    });
  });

  test(`pays from the wallet balance once it covers the order, after a clear message while it does not (${lang})`, async ({
    page,
    errors,
  }) => {
    test.setTimeout(120_000);
    const id = await openPayment(page);
    await page
      .getByTestId('payment-methods')
      .getByText(text(lang, 'payment', 'method.wallet'), { exact: true })
      .click();
    await page.getByTestId('pay-submit').click();
    await expect(page.getByTestId('form-error')).toContainText(text(lang, 'errors', '2150'));

    // Top up the wallet from a saved card (as the wallet page does), then pay from it.
    const order = (await (await page.request.get(`/api/order?id=${id}`)).json()) as {
      orderNumber: string;
      payment: { price: { amount: number } };
    };
    await topUpWallet(page, order.payment.price.amount);

    // The clock stands still from here, so the success can be read before the page returns to the order.
    await page.clock.install();
    await page.reload();
    await expect(page.getByTestId('charge-how')).toHaveText(text(lang, 'payment', 'inCny'));
    await page
      .getByTestId('payment-methods')
      .getByText(text(lang, 'payment', 'method.wallet'), { exact: true })
      .click();
    await expect(page.getByTestId('wallet-available')).not.toBeEmpty();
    // Paid from the wallet: no card is charged.
    await expect(page.getByTestId('charge-how')).toHaveText(text(lang, 'payment', 'walletInCny'));
    await expect(page.getByTestId('amount-label')).toHaveText(text(lang, 'payment', 'total'));
    await page.getByTestId('pay-submit').click();
    await expect(page.getByTestId('payment-success')).toContainText(text(lang, 'payment', 'success.title'));
    await expect(page.getByTestId('amount-label')).toHaveText(text(lang, 'payment', 'amountPaid'));
    await expect(page.getByTestId('charge-how')).toHaveText(text(lang, 'payment', 'paidFromWallet'));
    await expect(page.getByTestId('pay-bar')).toHaveCount(0);
    await page.clock.runFor(4000);
    await expect(page).toHaveURL(new RegExp(`/order\\?id=${id}$`));
    await page.goto('/account/wallet');
    await expect(page.getByTestId('wallet-balance')).toHaveText(/¥\s?0$/);
    await expect(page.getByTestId('wallet-entry').first()).toHaveAttribute('data-kind', 'payment');
    // The payment names the order it paid for.
    await expect(page.getByTestId('wallet-entry').first().getByTestId('entry-order')).toHaveText(
      text(lang, 'wallet', 'history.orderNumber').replace('{{number}}', order.orderNumber),
    );
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
  });
});
