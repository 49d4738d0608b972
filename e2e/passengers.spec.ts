import { expect, type Locator, type Page } from '@playwright/test';
import { eachLanguage, test, text } from './support';
import { signedInTraveller } from './trip-api';

const ID_CARD = '11010519491231002X';
const PASSPORT = 'E12345678';

/**
 * Picks an option of an antd select by typing it and choosing the first match, until the field shows it: on a
 * busy machine the list may still be filtering, or another select's list still closing, when the click comes.
 */
async function choose(page: Page, select: Locator, typed: string, option: string) {
  await expect(async () => {
    await select.click();
    await page.keyboard.type(typed);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: option })
      .first()
      .click({ timeout: 10_000 });
    await expect(select).toContainText(option, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/** The text box of an antd date picker, wherever the picker puts its test id. */
const dateInput = (scope: Locator, testId: string) =>
  scope.locator(`[data-testid="${testId}"] input, input[data-testid="${testId}"]`).first();

/**
 * Waits for the traveller dialog to finish opening: it grows from the button clicked, and a click while it
 * still moves may land on the button beside the one meant (Cancel, beside Save).
 */
async function opened(page: Page) {
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('passenger-form') });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom/);
}

async function typeDate(page: Page, input: Locator, date: string) {
  await input.click();
  await input.fill(date);
  await page.keyboard.press('Tab');
}

eachLanguage((lang) => {
  const tx = (ns: string, key: string) => text(lang, ns, key);
  const err = (code: number) => text(lang, 'errors', String(code));

  test(`saves, edits and deletes a traveller with an ID card and a passport, numbers masked (${lang})`, async ({
    page,
  }) => {
    // A long walk through the page, and China Railway's answer comes a few seconds after the save.
    test.setTimeout(150_000);
    await signedInTraveller(page, lang);
    await page.goto('/account');
    await page.getByRole('menuitem', { name: tx('account', 'menu.travellers') }).click();
    await expect(page).toHaveURL(/\/account\/p-passengers$/);
    await expect(page.getByRole('heading', { name: tx('passengers', 'title') })).toBeVisible();
    await expect(page.getByText(tx('passengers', 'empty.title'))).toBeVisible();

    await page.getByTestId('add-passenger').first().click();
    const modal = page.getByTestId('passenger-modal');
    const form = modal.getByTestId('passenger-form');
    await opened(page);
    await expect(form.getByTestId('name-hint')).toHaveText(tx('passengers', 'form.hint.either'));

    // Every message of spec §5 the form shows, in the UI language.
    await form.getByTestId('save-passenger').click();
    await expect(form.getByText(err(6114)).first()).toBeVisible();
    await form.getByLabel(tx('passengers', 'form.chineseName'), { exact: true }).fill('张');
    await expect(form.getByText(err(6101))).toBeVisible();
    await form.getByLabel(tx('passengers', 'form.surname'), { exact: true }).fill('Zh4ng');
    await expect(form.getByText(err(6102))).toBeVisible();
    await form.getByTestId('document-number').fill('110105194912310021');
    await expect(form.getByText(err(6103))).toBeVisible();
    await form.getByLabel(tx('passengers', 'form.phone'), { exact: true }).fill('12345');
    await expect(form.getByText(err(6002))).toBeVisible();
    await form.getByLabel(tx('passengers', 'form.email'), { exact: true }).fill('zhang@');
    await expect(form.getByText(err(6111))).toBeVisible();
    await form.getByTestId('remove-document').click();
    await form.getByTestId('save-passenger').click();
    await expect(form.getByText(err(6108))).toBeVisible();

    // Put it right: the ID card fills in date of birth and gender.
    await form.getByLabel(tx('passengers', 'form.chineseName'), { exact: true }).fill('张伟');
    await form.getByLabel(tx('passengers', 'form.surname'), { exact: true }).fill('zhang');
    await form.getByLabel(tx('passengers', 'form.givenNames'), { exact: true }).fill('wei');
    await form.getByLabel(tx('passengers', 'form.phone'), { exact: true }).fill('13800138000');
    await form.getByLabel(tx('passengers', 'form.email'), { exact: true }).fill('zhang.wei@example.com');
    await form.getByTestId('add-document').click();
    await form.getByTestId('document-number').fill(ID_CARD);
    await expect(dateInput(form, 'birth-date')).toHaveValue('1949-12-31');

    await form.getByTestId('add-document').click();
    const passport = form.getByTestId('document-row').nth(1);
    await choose(page, passport.getByTestId('document-type'), '', tx('passengers', 'documentTypes.A'));
    await choose(page, passport.getByTestId('document-country'), 'CN', lang === 'en' ? 'China' : '中国');
    await passport.getByTestId('document-number').fill('X1234567');
    await expect(passport.getByText(err(6105))).toBeVisible();
    await passport.getByTestId('document-number').fill(PASSPORT);
    await typeDate(page, dateInput(passport, 'document-expiry'), '2031-05-01');
    await form.getByTestId('save-passenger').click();
    await expect(form).toHaveCount(0);

    const card = page.getByTestId('passenger-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('张伟');
    await expect(card).toContainText('ZHANG/WEI');
    await expect(card).toContainText(lang === 'en' ? 'May 1, 2031' : '2031年5月1日');
    await expect(card.getByTestId('document-tag')).toHaveText([
      new RegExp(`${tx('passengers', 'documentTypes.A')}\\s*E1\\*\\*\\*\\*678`),
      new RegExp(`${tx('passengers', 'documentTypes.B')}\\s*1101\\*{10}002X`),
    ]);
    const body = (await page.content()) + (await page.evaluate(() => document.body.innerText));
    expect(body).not.toContain(ID_CARD);
    expect(body).not.toContain(PASSPORT);
    // China Railway answers shortly after the save.
    await expect(card.getByTestId('rail-status')).toHaveAttribute('data-status', 'VERIFIED', { timeout: 60_000 });
    await expect(card.getByTestId('rail-status')).toContainText(tx('passengers', 'rail.hint.VERIFIED'));

    // Edit: the saved numbers stay, shown masked, unless retyped.
    await card.getByTestId('edit-passenger').click();
    await opened(page);
    await expect(form.getByTestId('document-number').first()).toHaveAttribute('placeholder', 'E1****678');
    await expect(form.getByTestId('document-number').first()).toHaveValue('');
    // The saved ID card still decides date of birth and gender.
    await expect(dateInput(form, 'birth-date')).toHaveValue('1949-12-31');
    await expect(dateInput(form, 'birth-date')).toBeDisabled();
    await form.getByLabel(tx('passengers', 'form.chineseName'), { exact: true }).fill('张薇');
    await form.getByTestId('save-passenger').click();
    await expect(form).toHaveCount(0);
    await expect(card).toContainText('张薇');
    await expect(card.getByTestId('document-tag')).toHaveCount(2);

    // Unsaved edits: closing the form asks first, and so does leaving the page.
    await card.getByTestId('edit-passenger').click();
    await opened(page);
    await form.getByLabel(tx('passengers', 'form.chineseName'), { exact: true }).fill('张三丰');
    await form.getByRole('button', { name: tx('passengers', 'form.cancel') }).click();
    await expect(page.getByText(tx('passengers', 'leave.content'))).toBeVisible();
    await page.getByRole('button', { name: tx('passengers', 'leave.cancel') }).click();
    await expect(page.getByText(tx('passengers', 'leave.content'))).toHaveCount(0);
    await expect(form.getByLabel(tx('passengers', 'form.chineseName'), { exact: true })).toHaveValue('张三丰');
    await page.goBack();
    await expect(page.getByText(tx('passengers', 'leave.content'))).toBeVisible();
    await page.getByTestId('leave-confirm').click();
    await expect(page).not.toHaveURL(/p-passengers/);
    await page.goto('/account/p-passengers');
    await expect(card).toContainText('张薇');

    // Delete, after confirming.
    await card.getByTestId('delete-passenger').click();
    await expect(page.locator('.ant-modal-confirm-title')).toHaveText(tx('passengers', 'confirmDelete.title'));
    await page.getByTestId('delete-confirm').click();
    await expect(page.getByText(tx('passengers', 'empty.title'))).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});
