import { expect } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { test, text, useLanguage } from './support';

test('the download page shows QR codes that decode to the configured app links', async ({ page }) => {
  await page.goto('/download');
  const codes = page.locator('img[data-qr-value]');
  await expect(codes).toHaveCount(2);
  const expected = [
    'https://apps.apple.com/app/junction-travel/id0000000000',
    'https://junction.example/download/junction-android.apk',
  ];
  for (const [i, code] of (await codes.all()).entries()) {
    const png = PNG.sync.read(await code.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(expected[i]);
  }
});

test('the help centre filters questions and says when nothing matches', async ({ page }) => {
  await page.goto('/faq');
  const categories = page.getByTestId('faq-category');
  await expect(categories.first()).toBeVisible();
  expect(await categories.count()).toBeGreaterThanOrEqual(8);
  const search = page.getByRole('textbox', { name: text('en', 'faq', 'hero.searchPlaceholder') });
  await search.fill('12306');
  await expect(categories.first()).toContainText('12306');
  expect(await categories.count()).toBeLessThan(8);
  await search.fill('zzqx nothing like this');
  await expect(page.getByText(text('en', 'faq', 'noMatch'))).toBeVisible();
});

test('the airline fee table lists the main airlines and filters by name or code', async ({ page }) => {
  await page.goto('/airline-fees');
  const rows = page.getByTestId('airline-fees-table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(24);
  await page.getByRole('textbox', { name: text('en', 'fees', 'table.searchPlaceholder') }).fill('air china');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('CA');
});

test('in Chinese on a laptop, the fee columns name their times on one line', async ({ page, context, baseURL }) => {
  await useLanguage(context, baseURL ?? '', 'zh-CN');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/airline-fees');
  const table = page.getByTestId('airline-fees-table');
  for (const key of ['table.before2h', 'table.within2h']) {
    const heads = table.locator('th', { hasText: text('zh-CN', 'fees', key) });
    await expect(heads).toHaveCount(2);
    for (const head of await heads.all()) {
      // The head's text in lines of its font: one, not two.
      const lines = await head.evaluate((th) => {
        const style = getComputedStyle(th);
        const text = th.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
        return Math.round(text / Number.parseFloat(style.lineHeight));
      });
      expect(lines, key).toBe(1);
    }
  }
});

test('contact page states the service hours', async ({ page }) => {
  await page.goto('/contact-us');
  await expect(page.getByTestId('service-hours')).toContainText('9:00');
  await expect(page.getByTestId('service-hours')).toContainText('18:00');
});
