import { expect, type Locator, type Page } from '@playwright/test';
import { luhnCheckDigit } from '../packages/domain/src/index';
import { shot as shotAt } from './setup';
import { eachLanguage, type Lang, test, text } from './support';
import { BILLING, cardToken, signedInTraveller } from './trip-api';

/** Full-page screenshots on a phone and at the desktop widths of spec §9, when SHOTS names a folder. */
const shot = (page: Page, name: string) => shotAt(page, name, { widths: [390, 1280, 1440], fullPage: true });

/** The amount box of the top-up form, wherever antd puts its test id. */
const amountInput = (page: Page) =>
  page.locator('[data-testid="top-up-amount"] input, input[data-testid="top-up-amount"]').first();

/** A Visa test number of its own for each `i`, with its Luhn check digit. */
function visaNumber(i: number): string {
  const body = `400000456${String(i).padStart(6, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

type TypedCard = { number: string; month: string; years: number; cvc: string; name: string; billing: string[] };
const LI_NA: Omit<TypedCard, 'number'> = {
  month: '11',
  years: 4,
  cvc: '456',
  name: 'LI NA',
  billing: ['88 Century Avenue', 'Shanghai', 'Shanghai', '200120', '+852 5123 4567'],
};
const ZHANG_WEI: Omit<TypedCard, 'number'> = {
  month: '12',
  years: 5,
  cvc: '123',
  name: 'ZHANG WEI',
  billing: ['1 Jianguomenwai Avenue', 'Beijing', 'Beijing', '100004', '+86 138 0013 8000'],
};

/** Types a card and its billing address into a form's fields as a traveller does, the expiry picked by keyboard. */
async function typeCard(page: Page, form: Locator, card: TypedCard) {
  await form.getByTestId('card-number').fill(card.number);
  await form.getByTestId('card-exp-month').click();
  await page.keyboard.type(card.month);
  await page.keyboard.press('Enter');
  await form.getByTestId('card-exp-year').click();
  await page.keyboard.type(String(new Date().getFullYear() + card.years));
  await page.keyboard.press('Enter');
  await form.getByTestId('card-cvc').fill(card.cvc);
  await form.getByTestId('card-name').fill(card.name);
  const fields = ['billing-line1', 'billing-city', 'billing-region', 'billing-zip', 'billing-phone'];
  for (const [i, field] of fields.entries()) await form.getByTestId(field).fill(card.billing[i] ?? '');
}

/** The top-up form opened for ¥100 from a new card, the card and its billing address typed in; the form. */
async function topUpByNewCard(page: Page, lang: Lang, number: string) {
  await page.getByTestId('top-up').click();
  await amountInput(page).fill('100');
  await page
    .getByTestId('top-up-form')
    .getByText(text(lang, 'wallet', 'topUp.newCard'))
    .click();
  const form = page.getByTestId('top-up-form');
  await typeCard(page, form, { ...LI_NA, number });
  return form;
}

eachLanguage((lang) => {
  const tx = (key: string) => text(lang, 'wallet', key);

  test(`opens the wallet from the account menu: a zero balance and an empty history (${lang})`, async ({
    page,
    errors,
  }) => {
    await signedInTraveller(page, lang);
    await page.goto('/account');
    await page.getByRole('menuitem', { name: text(lang, 'account', 'menu.wallet') }).click();
    await expect(page).toHaveURL(/\/account\/wallet$/);
    await expect(page.getByRole('heading', { name: tx('title'), level: 1 })).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText(/¥\s?0(\.00)?/);
    await expect(page.getByText(tx('history.empty.title'))).toBeVisible();
    await shot(page, `wallet-empty-${lang}`);
    expect(errors).toEqual([]);
  });

  test(`saves a card, edits it, tops up from it directly and through 3-D Secure, and deletes it (${lang})`, async ({
    page,
    errors,
  }) => {
    test.setTimeout(120_000);
    await signedInTraveller(page, lang);
    await page.goto('/account/wallet');
    await expect(page.getByText(tx('card.empty.title'))).toBeVisible();

    const addCard = async (number: string, description: string) => {
      await page.getByTestId('add-card').first().click();
      const form = page.getByTestId('card-form');
      await typeCard(page, form, { ...ZHANG_WEI, number });
      await form.getByTestId('card-description').fill(description);
      await page.getByTestId('card-save').click();
      await expect(page.getByTestId('card-form')).toBeHidden();
    };

    // A number that fails the Luhn check is refused next to the field, before anything is sent.
    await page.getByTestId('add-card').first().click();
    await page.getByTestId('card-number').fill('4242 4242 4242 4241');
    await page.getByTestId('card-number').blur();
    await expect(page.getByText(text(lang, 'card', 'errors.luhn'))).toBeVisible();
    await page.getByRole('button', { name: tx('card.cancel') }).click();

    await addCard('4242424242424242', 'Personal Visa');
    const visa = page.getByTestId('saved-card').filter({ hasText: '4242' });
    await expect(visa.getByTestId('card-masked')).toHaveText('•••• •••• •••• 4242');
    await expect(visa).toContainText('Personal Visa');
    await expect(visa).toContainText('1 Jianguomenwai Avenue');
    // The phone is kept sealed and shown with its middle hidden.
    await expect(visa.getByTestId('card-phone')).toHaveText('+86 138****8000');
    await expect(visa).toContainText('12/');

    await visa.getByTestId('card-edit').click();
    await page.getByTestId('card-description-edit').fill('Travel Visa');
    await page.getByTestId('card-description-save').click();
    await expect(visa.getByTestId('card-description-text')).toHaveText('Travel Visa');

    // Top up ¥500 from the Visa.
    await page.getByTestId('top-up').click();
    await amountInput(page).fill('500');
    await page.getByTestId('top-up-form').locator('label').filter({ hasText: '4242' }).first().click();
    // The saved card's security code is typed again; a wrong one is declined by the card's issuer.
    await page.getByTestId('top-up-cvc').fill('321');
    await page.getByTestId('top-up-submit').click();
    await expect(page.getByTestId('top-up-form')).toContainText(text(lang, 'errors', '2107'));
    await page.getByTestId('top-up-cvc').fill('123');
    await page.getByTestId('top-up-submit').click();
    await expect(page.getByTestId('wallet-balance')).toHaveText(/¥\s?500(\.00)?$/);
    await expect(page.getByTestId('wallet-entry').first()).toContainText('VISA •••• 4242');

    // A card whose issuer asks for 3-D Secure: the challenge page, then back to the wallet.
    await addCard('4000000000003220', '');
    await page.getByTestId('top-up').click();
    await amountInput(page).fill('250.50');
    await page.getByTestId('top-up-form').locator('label').filter({ hasText: '3220' }).first().click();
    await page.getByTestId('top-up-cvc').fill('123');
    await page.getByTestId('top-up-submit').click();
    await expect(page).toHaveURL(/\/gateway-sim\/3ds\//);
    await expect(page.getByTestId('challenge-amount')).toContainText('250.50');
    await page.locator('button.pass').click();
    await expect(page).toHaveURL(/\/account\/wallet/);
    await expect(page.getByTestId('wallet-balance')).toHaveText(/¥\s?750\.50$/);
    await expect(page).toHaveURL(/\/account\/wallet$/);
    await expect(page.getByTestId('wallet-entry')).toHaveCount(2);
    await shot(page, `wallet-${lang}`);

    // Three wrong security codes lock a card for a day: it is offered no more, and says until when.
    await page.getByTestId('top-up').click();
    await amountInput(page).fill('10');
    await page.getByTestId('top-up-form').locator('label').filter({ hasText: '3220' }).first().click();
    // Each try is answered before the next: the message of the one before is still on the form.
    const tryCode = async (code: string) => {
      await page.getByTestId('top-up-cvc').fill(code);
      const answered = page.waitForResponse(
        (r) => r.url().endsWith('/api/wallet/topup') && r.request().method() === 'POST',
      );
      await page.getByTestId('top-up-submit').click();
      await answered;
    };
    for (const wrong of ['901', '902']) {
      await tryCode(wrong);
      await expect(page.getByTestId('top-up-form')).toContainText(text(lang, 'errors', '2107'));
      await page.getByTestId('top-up-cvc').fill('');
    }
    await tryCode('903');
    await expect(page.getByTestId('top-up-locked')).toHaveText(text(lang, 'errors', '2156'));
    await expect(page.getByTestId('top-up-submit')).toBeDisabled();
    await expect(page.getByTestId('top-up-card-locked')).toBeVisible();
    await shot(page, `wallet-top-up-locked-${lang}`);
    await page.keyboard.press('Escape');
    const threeDs = page.getByTestId('saved-card').filter({ hasText: '3220' });
    await expect(threeDs.getByTestId('card-locked')).toBeVisible();
    await shot(page, `wallet-card-locked-${lang}`);
    await expect(page.getByTestId('wallet-balance')).toHaveText(/¥\s?750\.50$/);

    await threeDs.getByTestId('card-delete').click();
    await page.getByTestId('card-delete-confirm').click();
    await expect(page.getByTestId('saved-card')).toHaveCount(1);

    // A top-up from a new card, saved to the wallet once the money arrived.
    const form = await topUpByNewCard(page, lang, '5555555555554444');
    await expect(form.getByTestId('top-up-save')).toBeChecked();
    await form.getByTestId('card-description').fill('Mastercard');
    await shot(page, `wallet-top-up-new-card-${lang}`);
    await page.getByTestId('top-up-submit').click();
    await expect(page.getByTestId('wallet-balance')).toHaveText(/¥\s?850\.50$/);
    const master = page.getByTestId('saved-card').filter({ hasText: '4444' });
    await expect(master).toContainText('Mastercard');
    await expect(master.getByTestId('card-phone')).toHaveText('+852 ****4567');
    expect(errors).toEqual([]);
  });

  test(`at ten saved cards offers to save a new card on a top-up, tops up, and says the card was not saved (${lang})`, async ({
    page,
    errors,
  }) => {
    test.setTimeout(120_000);
    await signedInTraveller(page, lang);
    for (let i = 0; i < 10; i++) {
      const res = await page.request.post('/api/wallet/card', {
        data: { token: await cardToken(page, visaNumber(300 + i)), name: 'ZHANG WEI', billing: BILLING },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }
    await page.goto('/account/wallet');
    await expect(page.getByTestId('saved-card')).toHaveCount(10);
    const form = await topUpByNewCard(page, lang, visaNumber(400));
    // Saving is offered, unticked, with what the limit means.
    const save = form.getByTestId('top-up-save');
    await expect(save).toBeEnabled();
    await expect(save).not.toBeChecked();
    await expect(form.getByTestId('top-up-save-full')).toContainText(tx('topUp.saveFull'));
    await save.check();
    await page.getByTestId('top-up-submit').click();
    // The top-up goes through; the new card is not saved, and the page says why.
    await expect(page.getByText(text(lang, 'errors', '2153'))).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText(/¥\s?100(\.00)?$/);
    await expect(page.getByTestId('saved-card')).toHaveCount(10);

    // A new card whose issuer asks for 3-D Secure: back on the wallet page, the page says why again.
    await topUpByNewCard(page, lang, '4000000000003220');
    await save.check();
    await page.getByTestId('top-up-submit').click();
    await expect(page).toHaveURL(/\/gateway-sim\/3ds\//);
    await page.locator('button.pass').click();
    await expect(page.getByTestId('wallet-balance')).toHaveText(/¥\s?200(\.00)?$/);
    await expect(page.getByText(text(lang, 'errors', '2153'))).toBeVisible();
    await expect(page.getByTestId('saved-card')).toHaveCount(10);
    expect(errors).toEqual([]);
  });
});
