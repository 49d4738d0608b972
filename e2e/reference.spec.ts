import { expect } from '@playwright/test';
import { smsCode } from './outbox';
import { test, text } from './support';

test('the display currency converts prices, rounding up, with the currency table symbol (¥, not CN¥), and can show the original beside them', async ({
  page,
}) => {
  await page.goto('/airline-fees');
  const airChina = page.getByTestId('airline-fees-table').locator('tr', { hasText: 'Air China' });
  await expect(airChina.getByTestId('price').first()).toHaveText('¥800');
  await page.getByTestId('currency-switch').click();
  await page.getByRole('combobox', { name: text('en', 'common', 'header.displayCurrency') }).fill('USD');
  await page.keyboard.press('Enter');
  await expect(airChina.getByTestId('price').first()).toHaveText(/^\$\d{3}\.\d{2}$/);
  const usd = Number((await airChina.getByTestId('price').first().innerText()).slice(1));
  const rates = (await (await page.request.get('/api/currencies')).json()) as {
    rates: { rates: Record<string, number> };
  };
  expect(usd).toBeGreaterThanOrEqual(800 * (rates.rates.rates['CNY:USD'] ?? 0));
  expect(usd - 800 * (rates.rates.rates['CNY:USD'] ?? 0)).toBeLessThan(0.01);
  await page.getByRole('switch', { name: text('en', 'common', 'header.showOriginalCurrency') }).click();
  await expect(airChina.getByTestId('price').first()).toContainText('(¥800)');
  await page.reload();
  await expect(airChina.getByTestId('price').first()).toContainText('(¥800)');
});

test('the area-code select filters by name or code in Chinese and sends the code to that country', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL ?? '' }]);
  await page.goto('/register');
  const form = page.getByTestId('register-form');
  const select = form.getByTestId('area-code-select');
  await expect(select).toContainText('+86');
  await select.click();
  await page.keyboard.type('香港');
  const option = page.locator('.ant-select-item-option', { hasText: '中国香港' });
  await expect(option).toContainText('+852');
  await option.click();
  await expect(select).toContainText('+852');
  const hk = `5${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await form.getByPlaceholder(text('zh-CN', 'account', 'register.mobilePlaceholder')).fill(hk);
  await form.getByTestId('send-code').click();
  expect(await smsCode(`+852${hk}`)).toMatch(/^\d{6}$/);
  await select.click();
  await page.keyboard.type('+44');
  await expect(page.locator('.ant-select-item-option', { hasText: '英国' })).toBeVisible();
});

test('the currency switch works in Chinese: euros on the fee table, with the original yuan beside them', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL ?? '' }]);
  await page.goto('/airline-fees');
  const airChina = page.getByTestId('airline-fees-table').locator('tr', { hasText: '中国国际航空' });
  await expect(airChina.getByTestId('price').first()).toHaveText('¥800');
  await page.getByTestId('currency-switch').click();
  await page.getByRole('combobox', { name: text('zh-CN', 'common', 'header.displayCurrency') }).fill('EUR');
  await page.keyboard.press('Enter');
  await expect(airChina.getByTestId('price').first()).toHaveText(/^€\d{2,3}\.\d{2}$/);
  await page.getByRole('switch', { name: text('zh-CN', 'common', 'header.showOriginalCurrency') }).click();
  await expect(airChina.getByTestId('price').first()).toContainText('(¥800)');
  await expect(page.getByTestId('currency-switch')).toContainText('EUR');
});
