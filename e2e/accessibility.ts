import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical accessibility problems of what is on screen now, each with the elements it names.
 * The site has no frames, so the scan runs whole in the page (axe's legacy mode): its results are gathered there,
 * not in a second page opened for them.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Ant Design's calendar names its month and year buttons "Choose a month" / "Choose a year" over the month
  // and year they show (WCAG 2.1's label in name): its own markup, left out of the scan.
  const scan = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('.ant-picker-header-view')
    .setLegacyMode()
    .analyze();
  return scan.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
