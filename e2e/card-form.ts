import type { Page } from '@playwright/test';
import { type Lang, text } from './support';

/** Picks an option of a labelled select by typing it, as a keyboard user does. */
export async function pickOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.keyboard.type(option);
  await page.keyboard.press('Enter');
}

/** Chooses a new card on the payment page and fills its form as a traveller would, without paying yet. */
export async function fillCardForm(
  page: Page,
  lang: Lang,
  number: string,
  { cvc = '123', name = 'ZHANG WEI' }: { cvc?: string; name?: string } = {},
): Promise<void> {
  await page
    .getByTestId('payment-methods')
    .getByText(text(lang, 'payment', 'method.card'), { exact: true })
    .click();
  await page.getByTestId('card-number').fill(number);
  await pickOption(page, text(lang, 'card', 'expMonth'), '12');
  await pickOption(page, text(lang, 'card', 'expYear'), String(new Date().getFullYear() + 3));
  await page.getByTestId('card-cvc').fill(cvc);
  await page.getByTestId('card-name').fill(name);
  await page.getByTestId('billing-line1').fill('1 Jianguomenwai Avenue');
  await page.getByTestId('billing-city').fill('Beijing');
  await page.getByTestId('billing-region').fill('Beijing');
  await page.getByTestId('billing-zip').fill('100004');
  await page.getByTestId('billing-phone').fill('+8613800138000');
}
