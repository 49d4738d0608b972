import { expect, type Page, test } from '@playwright/test';
import { packSearchLink, type SearchCriteria } from '../packages/domain/src/index';
import { inDays } from './setup';
import { LANGUAGES, type Lang, text, useLanguage } from './support';

/** Beijing to Shanghai for a family, so the summary has more facts than a phone's line holds. */
const criteria = (lang: Lang, mode: SearchCriteria['mode'] = 'all'): SearchCriteria => ({
  type: 1,
  cabin: 'Y',
  adults: 2,
  children: 1,
  infants: 1,
  sort: 'best',
  mode,
  flexDays: 0,
  filters: {},
  legs: [
    {
      departure: 'BJS',
      destination: 'SHA',
      departure_date: inDays(32),
      departure_only_airport: false,
      destination_only_airport: false,
      departureName: lang === 'zh-CN' ? '北京' : 'Beijing',
      destinationName: lang === 'zh-CN' ? '上海' : 'Shanghai',
    },
  ],
});

const PHONE = { width: 390, height: 844 };
const cards = (page: Page) => page.getByTestId('result-card');

async function openResults(page: Page, lang: Lang, mode: SearchCriteria['mode'] = 'all') {
  await page.setViewportSize(PHONE);
  await page.goto(`/search?s=${packSearchLink(criteria(lang, mode))}`);
  await expect(page.locator('[data-testid="search-progress"][data-done="true"]')).toBeVisible({ timeout: 60_000 });
  await expect(cards(page).first()).toBeVisible();
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * The facts of the search summary, line by line, each with whether a separator shows before it: a dot
 * is drawn in its `::before`, and shows unless it falls outside a list that clips its overflow.
 */
function summaryLines(page: Page) {
  return page.getByTestId('search-summary').evaluate((summary) => {
    const list = summary.querySelector('ul');
    if (!list) return [];
    const box = list.getBoundingClientRect();
    const clips = getComputedStyle(list).overflowX !== 'visible';
    const facts = Array.from(list.querySelectorAll(':scope > li')).map((li) => {
      const rect = li.getBoundingClientRect();
      const dot = getComputedStyle(li, '::before');
      const hasDot = dot.content !== 'none' && dot.content !== 'normal' && dot.content !== '""';
      const dotLeft = dot.position === 'absolute' ? rect.left + Number.parseFloat(dot.left) : rect.left;
      return {
        text: (li as HTMLElement).innerText,
        top: Math.round(rect.top),
        shows: hasDot && (!clips || dotLeft >= box.left),
      };
    });
    const lines = [...new Set(facts.map((f) => f.top))].sort((a, b) => a - b);
    return lines.map((top) => facts.filter((f) => f.top === top));
  });
}

for (const lang of LANGUAGES) {
  test(`on a phone the results come first, with filters in a drawer and sorts that scroll, in ${lang}`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.slow();
    await useLanguage(context, baseURL ?? '', lang);
    await openResults(page, lang);

    // Results first: the first card is on the first screen, and no filter stands above it.
    await expect(cards(page).first()).toBeInViewport();
    await expect(page.getByTestId('filters-panel')).toHaveCount(0);
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    // The summary wraps onto lines that start with a fact, never with a separator.
    const lines = await summaryLines(page);
    expect(lines.length, 'the facts take more than one line').toBeGreaterThan(1);
    for (const line of lines) {
      expect(line[0]?.shows, `"${line[0]?.text}" starts a line`).toBe(false);
      for (const fact of line.slice(1)) expect(fact.shows, `a dot before "${fact.text}"`).toBe(true);
    }

    // The sort tabs scroll sideways within their row; the page itself does not.
    const tabs = page.getByTestId('sort-tabs');
    const row = await tabs.evaluate((el) => {
      const scroller = el.parentElement as HTMLElement;
      return { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth };
    });
    expect(row.scrollWidth).toBeGreaterThan(row.clientWidth);
    const latest = page.getByRole('tab', { name: new RegExp(text(lang, 'results', 'sort.latest')) });
    await expect(latest).not.toBeInViewport();
    await latest.click();
    await expect(latest).toHaveAttribute('aria-selected', 'true');
    await expect(latest).toBeInViewport();
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    // Filters open in a drawer; the button counts the filters that are on.
    const open = page.getByTestId('filters-open');
    await expect(open).toHaveAttribute('data-active', '0');
    await open.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByTestId('filters-panel')).toBeVisible();
    await drawer
      .getByTestId('filter-stops')
      .getByRole('checkbox', { name: text(lang, 'results', 'filters.stopValues.1') })
      .uncheck();
    await drawer.getByTestId('filters-apply').click();
    await expect(drawer).toBeHidden();
    await expect(open).toHaveAttribute('data-active', '1');
    await expect(open).toContainText('1');
    await expect(page.getByTestId('results-list')).toHaveAttribute('aria-busy', 'false');
    const transfers = await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-transfers')));
    expect(transfers).not.toContain('1');

    await open.click();
    await page.getByRole('dialog').getByTestId('filters-reset').click();
    await page.getByRole('dialog').getByTestId('filters-apply').click();
    await expect(open).toHaveAttribute('data-active', '0');
  });
}

const NAMES = {
  en: { VNP: 'Beijing South', AOH: 'Shanghai Hongqiao', PEK: 'Beijing Capital' },
  'zh-CN': { VNP: '北京南', AOH: '上海虹桥', PEK: '北京首都' },
} as const;

for (const lang of LANGUAGES) {
  test(`result cards name the stations and airports, with the code beside the name, in ${lang}`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.slow();
    await useLanguage(context, baseURL ?? '', lang);
    const names = NAMES[lang];
    await openResults(page, lang, 'train');
    const train = cards(page).filter({ has: page.getByTestId('place-name').filter({ hasText: 'VNP' }) });
    const ends = train.first().getByTestId('place-name');
    await expect(ends.first()).toHaveText(`${names.VNP}VNP`);
    await expect(ends.first()).toHaveAttribute('title', names.VNP);
    const fromSouthToHongqiao = cards(page).filter({
      has: page.getByTestId('place-name').filter({ hasText: 'AOH' }),
    });
    await expect(fromSouthToHongqiao.first().getByTestId('place-name').last()).toHaveText(`${names.AOH}AOH`);

    await openResults(page, lang, 'flight');
    const fromCapital = cards(page)
      .filter({ has: page.getByTestId('place-name').filter({ hasText: 'PEK' }) })
      .first()
      .getByTestId('place-name')
      .first();
    await expect(fromCapital).toContainText(names.PEK);
    await expect(fromCapital).toContainText('PEK');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });
}
