import { expect } from '@playwright/test';
import { seriousViolations } from './accessibility';
import { eachLanguage, PAGES, test, text } from './support';

// One walk per language through every page, in one browser (its cache warm after the first page): each page
// a step of its own, its checks soft, so a run names every page that falls short.
eachLanguage((lang) => {
  test(`every page is complete in ${lang} and passes an accessibility scan`, async ({ page, errors }) => {
    test.slow();
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

        expect.soft((await seriousViolations(page)).map((v) => `${p.path} ${v}`)).toEqual([]);
        expect.soft(errors, p.path).toEqual([]);
      });
    }
  });
});

test('a phone-width screen does not scroll sideways, and passes the accessibility scan', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const p of PAGES.slice(0, 7)) {
    await page.goto(p.path);
    await expect(page.locator('h1')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, p.path).toBeLessThanOrEqual(0);
    // The airline fees' table, wider than a phone, scrolls within a region the keyboard reaches.
    expect.soft((await seriousViolations(page)).map((v) => `${p.path} ${v}`)).toEqual([]);
  }
});
