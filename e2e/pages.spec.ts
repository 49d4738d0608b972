import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { LANGUAGES, PAGES, text, useLanguage, watchErrors } from './support';

// One walk per language through every page, in one browser (its cache warm after the first page): each page
// a step of its own, its checks soft, so a run names every page that falls short.
for (const lang of LANGUAGES) {
  test(`every page is complete in ${lang} and passes an accessibility scan`, async ({ page, context, baseURL }) => {
    test.slow();
    await useLanguage(context, baseURL ?? '', lang);
    const errors = watchErrors(page);
    for (const p of PAGES) {
      await test.step(p.path, async () => {
        await page.goto(p.path);
        await expect.soft(page.locator('h1')).toHaveText(text(lang, p.namespace, p.titleKey));
        await expect.soft(page.locator('html')).toHaveAttribute('lang', lang);
        await expect.soft(page.getByTestId('site-footer')).toContainText(text(lang, 'common', 'footer.serviceHours'));
        await expect.soft(page.getByTestId('registration-notices')).toBeVisible();
        const body = await page.locator('body').innerText();
        expect.soft(body, `${p.path}: every placeholder is filled in`).not.toContain('{{');
        if (lang === 'zh-CN') expect.soft(body, p.path).toMatch(/[\u4e00-\u9fff]{8}/);

        const scan = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
        const serious = scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect
          .soft(serious.map((v) => `${p.path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`))
          .toEqual([]);
        expect.soft(errors, p.path).toEqual([]);
      });
    }
  });
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
