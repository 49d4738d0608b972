import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { LANGUAGES, PAGES, text, useLanguage, watchErrors } from './support';

for (const lang of LANGUAGES) {
  for (const p of PAGES) {
    test(`${p.path} is complete in ${lang} and passes an accessibility scan`, async ({ page, context, baseURL }) => {
      await useLanguage(context, baseURL ?? '', lang);
      const errors = watchErrors(page);
      await page.goto(p.path);
      await expect(page.locator('h1')).toHaveText(text(lang, p.namespace, p.titleKey));
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('site-footer')).toContainText(text(lang, 'common', 'footer.serviceHours'));
      await expect(page.getByTestId('registration-notices')).toBeVisible();
      const body = await page.locator('body').innerText();
      expect(body, 'every placeholder is filled in').not.toContain('{{');
      if (lang === 'zh-CN') expect(body).toMatch(/[\u4e00-\u9fff]{8}/);

      const scan = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
      const serious = scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
}

test('a phone-width screen does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const p of PAGES.slice(0, 7)) {
    await page.goto(p.path);
    await expect(page.locator('h1')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, p.path).toBeLessThanOrEqual(0);
  }
});
