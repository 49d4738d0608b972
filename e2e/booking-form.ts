import { expect, type Page } from '@playwright/test';

/** On the booking page: ticks each saved traveller named, once the picker allows it. */
export async function chooseTravellers(page: Page, names: string[]) {
  const picker = page.getByTestId('passenger-picker');
  for (const name of names) {
    const item = picker.getByTestId('picker-item').filter({ hasText: name });
    await expect(item.getByRole('checkbox')).toBeEnabled({ timeout: 60_000 });
    await item.getByRole('checkbox').check();
  }
}

/** On the booking page: the contact's name, a mainland mobile number and an e-mail address. */
export async function fillContact(page: Page, name: string, email: string) {
  await page.getByTestId('contact-name').fill(name);
  await page.getByTestId('contact-phone').fill('13800138000');
  await page.getByTestId('contact-email').fill(email);
}

/** On the booking page: ticks the saved traveller once the picker allows it, and fills the contact with them. */
export async function travellerAndContact(page: Page, name: string, email = 'zhou.jie@example.com') {
  await chooseTravellers(page, [name]);
  await fillContact(page, name, email);
}
