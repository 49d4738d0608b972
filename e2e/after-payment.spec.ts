import { expect, type Page, test } from '@playwright/test';
import { TEST_CARDS } from '../apps/server/src/features/payment/gateway/simulator/test-cards';
import { LANGUAGES, type Lang, text, useLanguage, watchErrors } from './support';
import { bookTrip, signedInTraveller } from './trip-api';

const shot = async (page: Page, name: string) => {
  if (!process.env.SHOTS) return;
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${process.env.SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.keyboard.type(option);
  await page.keyboard.press('Enter');
}

/** Pays the order on the payment page with a new card, as a traveller does, and follows it back to the order. */
async function payByCard(page: Page, lang: Lang, orderId: string, number: string = TEST_CARDS.visa) {
  await page.goto(`/payment?id=${orderId}`);
  await page
    .getByTestId('payment-methods')
    .getByText(text(lang, 'payment', 'method.card'), { exact: true })
    .click();
  await page.getByTestId('card-number').fill(number);
  await pick(page, text(lang, 'payment', 'card.expMonth'), '12');
  await pick(page, text(lang, 'payment', 'card.expYear'), String(new Date().getFullYear() + 3));
  await page.getByTestId('card-cvc').fill('123');
  await page.getByTestId('card-name').fill('ZHANG WEI');
  await page.getByTestId('billing-line1').fill('1 Jianguomenwai Avenue');
  await page.getByTestId('billing-city').fill('Beijing');
  await page.getByTestId('billing-region').fill('Beijing');
  await page.getByTestId('billing-zip').fill('100004');
  await page.getByTestId('billing-phone').fill('+8613800138000');
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('payment-success')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/order\\?id=${orderId}$`), { timeout: 10_000 });
}

/** Waits until the order page shows the order ticketed (it asks again by itself while tickets are issued). */
async function untilTicketed(page: Page, lang: Lang) {
  await expect(page.getByTestId('order-status')).toHaveText(text(lang, 'orders', 'status.5'), { timeout: 60_000 });
}

for (const lang of LANGUAGES) {
  test.describe(`after payment (${lang})`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await useLanguage(context, baseURL as string, lang);
    });

    test(`a paid order becomes ticketed, with its receipt, notices and unread counts (${lang})`, async ({ page }) => {
      test.setTimeout(150_000);
      const errors = watchErrors(page);
      await signedInTraveller(page, lang);
      const order = await bookTrip(page, 'flight');
      await payByCard(page, lang, order.id, TEST_CARDS.mastercard);
      await untilTicketed(page, lang);
      // The header counts the notices that came with payment and tickets.
      await expect(page.getByTestId('header-bell')).toContainText(/^[34]$/);

      const rows = page.getByTestId('ticket-row');
      await expect(rows).toHaveCount(1);
      await expect(rows.getByTestId('ticket-number')).toHaveText(/^\d{13}$/);
      const receipt = page.getByTestId('receipt');
      const method = receipt.getByTestId('receipt-method');
      await expect(method).toContainText(text(lang, 'orders', 'receipt.brands.mastercard'));
      await expect(method).toContainText('4444');
      await expect(receipt.getByTestId('receipt-paid')).toHaveText(/\d/);
      await shot(page, `order-ticketed-${lang}`);

      // Order created, payment received, tickets issued (and a schedule change, when the airline made one).
      await page.goto('/account/notices');
      const notices = page.getByTestId('notice').filter({ hasText: order.orderNumber });
      for (const kind of ['order-created', 'payment-received', 'tickets-issued']) {
        await expect(notices.and(page.locator(`[data-kind="${kind}"]`))).toHaveCount(1);
      }
      const count = String(await notices.count());
      await expect(page.getByTestId('header-bell')).toContainText(count);
      await expect(page.getByTestId('menu-unread')).toContainText(count);
      await shot(page, `notices-ticketed-${lang}`);
      await page.getByTestId('notices-read-all').click();
      await expect(page.getByTestId('header-bell').locator('.ant-badge-count')).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  });
}
