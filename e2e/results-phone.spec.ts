import { expect, type Page } from '@playwright/test';
import { packSearchLink, type SearchCriteria } from '../packages/domain/src/index';
import { seriousViolations } from './accessibility';
import { routeCriteria } from './setup';
import { eachLanguage, type Lang, test, text } from './support';

/** Beijing to Shanghai for a family, so the summary has more facts than a phone's line holds. */
const criteria = (lang: Lang, mode: SearchCriteria['mode'] = 'all'): SearchCriteria =>
  routeCriteria(mode, 32, { adults: 2, children: 1, infants: 1 }, lang);

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

const NAMES = {
  en: { VNP: 'Beijing South', AOH: 'Shanghai Hongqiao', PEK: 'Beijing Capital' },
  'zh-CN': { VNP: '北京南', AOH: '上海虹桥', PEK: '北京首都' },
} as const;

/** The numbers in a text: "Showing 20 of 164", "164 results from 5 suppliers". */
const numbersIn = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).innerText()).match(/\d+/g) ?? []).map(Number);

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

eachLanguage((lang) => {
  test(`on a phone the results come first, with filters in a drawer and sorts that scroll, in ${lang}`, async ({
    page,
  }) => {
    test.slow();
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

    // The summary's buttons keep their words on one line each, inside the screen: those that do not fit
    // beside each other take a row below.
    for (const id of ['copy-search-link', 'track-prices', 'modify-search']) {
      const button = page.getByTestId('search-summary').getByTestId(id);
      const lines = await button.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const tops = Array.from(range.getClientRects())
          .filter((r) => r.width > 0 && r.height > 8)
          .map((r) => r.top)
          .sort((a, b) => a - b);
        let count = 0;
        let last = Number.NEGATIVE_INFINITY;
        for (const top of tops) {
          if (top - last > 8) {
            count++;
            last = top;
          }
        }
        return count;
      });
      expect(lines, `${id} on one line`).toBe(1);
      const box = await button.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width, `${id} on the screen`).toBe(true);
    }

    // Seat classes, sold out ones too, read clearly, and each is named by what it shows.
    expect(await seriousViolations(page)).toEqual([]);

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

  test(`on a phone every card names its flights and trains, the count agrees with the list, and new results never cover the first card, in ${lang}`, async ({
    page,
  }) => {
    test.slow();
    // The suppliers answer at once in a test: the first page is held as if the others were still answering,
    // until the traveller is reading it.
    let isHeld = true;
    await page.route('**/api/v2/pull', async (route) => {
      // A pull still under way when the test ends meets a closed page: it has no one left to answer.
      const response = await route.fetch().catch(() => null);
      if (!response) return;
      const body = await response.json().catch(() => null);
      if (!body) return route.fulfill({ response }).catch(() => {});
      if (isHeld && body.page) {
        const shown = body.page.results.length;
        body.page = { ...body.page, count: shown, matched: shown };
        Object.assign(body, { done: false, phase: 'filter', answered: Math.max(0, body.total - 1) });
      }
      await route.fulfill({ response, json: body });
    });
    await page.setViewportSize(PHONE);
    await page.goto(`/search?s=${packSearchLink(criteria(lang))}`);
    await expect(page.getByTestId('results-count')).toBeVisible({ timeout: 60_000 });

    // Flight and train numbers on every card, inside the phone's width.
    // A card drawn again while it is measured (a pull's answer) is measured again.
    for (const card of await cards(page).all()) {
      const numbers = card.getByTestId('result-numbers');
      await expect(async () => {
        await expect(numbers).toHaveText(/^([A-Z0-9]{2}\d{1,4}|[GDCZTK]?\d{1,4})( · |$)/, { timeout: 5_000 });
        const box = await numbers.boundingBox();
        expect(box && box.width > 0 && box.x + box.width <= PHONE.width, 'numbers shown whole').toBe(true);
      }).toPass({ timeout: 30_000 });
    }

    // Reading the list, the traveller is not moved: new results wait in a bar beside the list's count.
    await cards(page).first().hover();
    isHeld = false;
    const bar = page.getByTestId('new-results-bar');
    await expect(bar).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-testid="search-progress"][data-done="true"]')).toBeVisible({ timeout: 60_000 });
    const [shown = 0, total = 0] = await numbersIn(page, 'results-count');
    expect(shown).toBe(total);
    expect((await numbersIn(page, 'search-progress'))[0]).toBe(total);
    expect((await numbersIn(page, 'new-results-bar'))[0]).toBeGreaterThan(0);
    const first = cards(page).first();
    const noCover = async () => {
      const [b, c] = [await bar.boundingBox(), await first.boundingBox()];
      if (b && c) expect(overlaps(b, c), 'the bar covers the first card').toBe(false);
    };
    await bar.scrollIntoViewIfNeeded();
    await expect(bar).toHaveAttribute('data-placement', 'inline');
    await noCover();
    // Scrolled so the first card's top is under the header: the bar floats, still off the first card.
    const header = await page.evaluate(() =>
      Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--j-header-height')),
    );
    const cardTop = (await first.boundingBox())?.y ?? 0;
    await page.evaluate((by) => window.scrollBy(0, by), cardTop - header + 60);
    await expect(bar).toHaveAttribute('data-placement', /top|bottom/);
    await expect(bar).toBeInViewport();
    await noCover();
    await page.evaluate(() => window.scrollBy(0, 1200));
    await expect(bar).toBeInViewport();
    await noCover();

    // Shown, the new results are counted alike above the list and in it.
    await bar.getByTestId('show-new-results').click();
    await expect(bar).toBeHidden();
    const [, all = 0] = await numbersIn(page, 'results-count');
    expect(all).toBeGreaterThan(total);
    expect((await numbersIn(page, 'search-progress'))[0]).toBe(all);

    // The days around the date searched, each with the lowest fare of each kind: flights change with the day.
    const calendar = page.getByTestId('price-calendar');
    const searched = criteria(lang).legs[0]?.departure_date ?? '';
    const days = calendar.getByTestId('calendar-day');
    await expect(days).toHaveCount(7);
    await expect(days.nth(3)).toHaveAttribute('data-date', searched);
    await expect(days.nth(3)).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
    for (const kind of ['flight', 'train', 'mix'])
      await expect(days.nth(3).locator(`[data-kind="${kind}"] [data-testid="price"]`)).toBeVisible();
    const flightFares = await days
      .locator('[data-kind="flight"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-amount')));
    expect(new Set(flightFares).size, 'flights cost differently from day to day').toBeGreaterThan(1);
    // The next day opens its own search.
    const next = days.nth(4);
    const nextDate = (await next.getAttribute('data-date')) ?? '';
    await next.click();
    await expect(page.getByTestId('price-calendar').getByTestId('calendar-day').nth(3)).toHaveAttribute(
      'data-date',
      nextDate,
    );
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test(`result cards name stations without railway codes, airports with their terminal, a train its stops, and only the route's airlines, in ${lang}`, async ({
    page,
  }) => {
    test.slow();
    const names = NAMES[lang];
    await openResults(page, lang, 'train');
    const train = cards(page).filter({ has: page.getByTestId('place-name').filter({ hasText: names.VNP }) });
    const ends = train.first().getByTestId('place-name');
    await expect(ends.first()).toHaveText(names.VNP);
    await expect(ends.first()).toHaveAttribute('title', names.VNP);
    const list = page.getByTestId('results-list');
    for (const code of ['VNP', 'AOH', 'BJP', 'SHH', 'FTP', 'SNH']) await expect(list).not.toContainText(code);
    // A train's stations under its details, by name with their times.
    await train.first().getByTestId('result-details-toggle').click();
    await train.first().getByTestId('train-stops-toggle').click();
    const stops = train.first().getByTestId('train-stop');
    await expect(stops.first()).toBeVisible();
    expect(await stops.count()).toBeGreaterThan(2);
    await expect(train.first().locator('[data-testid="train-stop"][data-ride="end"]').first()).toContainText(names.VNP);
    await expect(train.first().getByTestId('train-stops')).toContainText(/\d{2}:\d{2}/);
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    await openResults(page, lang, 'flight');
    const fromCapital = cards(page)
      .filter({ has: page.getByTestId('place-name').filter({ hasText: 'PEK' }) })
      .first()
      .getByTestId('place-name')
      .first();
    await expect(fromCapital).toContainText(names.PEK);
    await expect(fromCapital).toContainText(/PEK T[123]/);
    // The airline filter offers the airlines of these results: no Korean Air, Asiana or EVA between Beijing and Shanghai.
    await page.getByTestId('filters-open').click();
    const airlines = page.getByRole('dialog').getByTestId('filter-carriers');
    await expect(airlines).toBeVisible();
    const offered = await airlines
      .locator('li[data-option]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-option')));
    expect(offered).toContain('CA');
    for (const code of ['KE', 'OZ', 'BR']) expect(offered).not.toContain(code);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });
});
