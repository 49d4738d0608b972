import { expect, type Page } from '@playwright/test';

/** On the booking page: ticks the saved traveller once the picker allows it, and fills the contact with them. */
export async function travellerAndContact(page: Page, name: string) {
  const item = page.getByTestId('passenger-picker').getByTestId('picker-item').filter({ hasText: name });
  await expect(item.getByRole('checkbox')).toBeEnabled({ timeout: 60_000 });
  await item.getByRole('checkbox').check();
  await page.getByTestId('contact-name').fill(name);
  await page.getByTestId('contact-phone').fill('13800138000');
  await page.getByTestId('contact-email').fill('zhou.jie@example.com');
}
