import { expect, type Page } from '@playwright/test';
import { packSearchLink, type SearchCriteria } from '../packages/domain/src/index';
import { routeCriteria } from './setup';
import { type Lang, switchLanguage, test, text, useLanguage } from './support';

/** Beijing to Shanghai, with the names the home form gave in the language of the search. */
const criteria = (lang: Lang): SearchCriteria => routeCriteria('all', 31, {}, lang);

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
/**
 * English words in a Chinese page: a run of Latin letters with a lower-case letter in it. Codes (PEK,
 * G123, CA1501, A350-900, CNY) are upper case and belong to both languages; so do the units kg and km,
 * and "App", which Chinese writes as it is (下载App).
 */
const ENGLISH_WORD = /\b(?!kg\b|km\b|App\b)[A-Za-z]*[a-z][A-Za-z]*\b/g;

/**
 * Everything the header and the results say: their text, the page title, and the labels and tips a
 * screen reader or pointer finds. (The footer's attributions and licence numbers are proper names.)
 */
async function everythingShown(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.title];
    const roots = Array.from(document.querySelectorAll('header, main, [role="dialog"], [role="tooltip"]'));
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('script, style, noscript')) continue;
        const value = node.textContent?.trim();
        if (value) texts.push(value);
      }
    }
    for (const el of roots.flatMap((r) =>
      Array.from(r.querySelectorAll('[title], [aria-label], [alt], [placeholder]')),
    )) {
      // Ant Design labels its icons with their names (check-circle), the same in every language.
      if (el.matches('.anticon')) continue;
      for (const attr of ['title', 'aria-label', 'alt', 'placeholder']) {
        const value = el.getAttribute(attr)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

function otherLanguage(texts: string[], lang: Lang): string[] {
  if (lang === 'en') return texts.filter((t) => HAN.test(t));
  return texts.filter((t) => (t.match(ENGLISH_WORD) ?? []).length > 0);
}

const KINDS = ['flight', 'train', 'mix'] as const;

/** Opens the details of the first card of a kind, so its timeline (stations, airports, lines, sellers) shows. */
async function openFirst(page: Page, kind: (typeof KINDS)[number]) {
  const card = page.locator(`[data-testid="result-card"][data-kind="${kind}"]`).first();
  // Results that came in after the list was drawn wait in the bar above it; the kind may be further down.
  // A door-to-door result may come last, once its timetable is built on a busy machine: until it shows,
  // the bar is opened whenever it appears and the list shown further.
  await expect(async () => {
    const fresh = page.getByTestId('show-new-results');
    const more = page.getByTestId('show-more');
    if (await fresh.isVisible()) await fresh.click();
    else if ((await card.count()) === 0 && (await more.isVisible())) {
      await more.click();
      await expect(page.getByTestId('results-list')).toHaveAttribute('aria-busy', 'false');
    }
    await expect(card, `a ${kind} result`).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
  const toggle = card.getByTestId('result-details-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(card.getByTestId('journey-timeline').first()).toBeVisible();
}

for (const [from, to] of [
  ['en', 'zh-CN'],
  ['zh-CN', 'en'],
] as const) {
  test(`switching the results page from ${from} to ${to} leaves no text in ${from}`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.slow();
    await useLanguage(context, baseURL ?? '', from);
    await page.goto(`/search?s=${packSearchLink(criteria(from))}`);
    await expect(page.locator('[data-testid="search-progress"][data-done="true"]')).toBeVisible({ timeout: 60_000 });
    // The page starts clean in its own language, so a leftover after the switch comes from the switch.
    for (const kind of KINDS) {
      await openFirst(page, kind);
      expect(otherLanguage(await everythingShown(page), from), `${kind} details in ${from}`).toEqual([]);
    }

    await switchLanguage(page, to, (lang) =>
      expect(page.getByTestId('modify-search')).toHaveText(text(lang, 'results', 'summary.modify'), { timeout: 3_000 }),
    );
    for (const kind of KINDS) {
      await openFirst(page, kind);
      await expect
        .poll(async () => otherLanguage(await everythingShown(page), to), {
          message: `texts of ${kind} results still in ${from} after switching to ${to}`,
        })
        .toEqual([]);
    }
  });
}
