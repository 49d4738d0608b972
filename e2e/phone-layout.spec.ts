import { expect, type Locator, type Page } from '@playwright/test';
import type { SearchResult } from '../packages/domain/src/index';
import { seriousViolations } from './accessibility';
import { routeCriteria, saveTraveller } from './setup';
import { eachLanguage, type Lang, test, text } from './support';
import { bookTrip, payByCard, retimeFlight, searchThroughApi, signedInTraveller } from './trip-api';

const PHONE = { width: 390, height: 844 };

/** How many lines an element's text takes, from the boxes of its words as laid out (icons aside). */
const linesOf = (locator: Locator) =>
  locator.evaluate((el) => {
    const tops: number[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.push(r.top);
    }
    tops.sort((a, b) => a - b);
    let lines = 0;
    let last = Number.NEGATIVE_INFINITY;
    for (const top of tops) {
      if (top - last > 8) lines++;
      if (top - last > 8) last = top;
    }
    return lines;
  });

/** Nothing of the page is wider than the phone, and the header's account button is on the screen. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const avatar = await page.getByTestId('account-menu').boundingBox();
  expect(avatar).not.toBeNull();
  expect((avatar?.x ?? 0) + (avatar?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  // The notices' bell is drawn, not an empty space before the avatar.
  await expect(page.getByTestId('header-bell').locator('svg')).toBeVisible();
}

/** A Beijing–Shanghai flight found through the API, to open the booking page on. */
async function flightToBook(page: Page): Promise<{ searchId: string; result: SearchResult }> {
  const { searchId, results } = await searchThroughApi(page, routeCriteria('flight', 21));
  const result = results.find((r) => r.kind === 'flight' && r.legs.length === 1);
  if (!result) throw new Error('no flight to book');
  return { searchId, result };
}

const brandOf = (lang: Lang) => (lang === 'en' ? 'Junction' : '联程旅行');

eachLanguage((lang) => {
  test(`on a 390 px phone the header, the search tabs, booking and the itinerary fit on the screen (${lang})`, async ({
    page,
    errors,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(PHONE);
    await signedInTraveller(page, lang);

    // Home: the name beside the logo and the "flights + trains" tab each stay on one line.
    await page.goto('/');
    const logo = page.getByTestId('site-header').getByRole('link', { name: brandOf(lang), exact: true });
    await expect(logo).toBeVisible();
    expect(await linesOf(logo)).toBe(1);
    const tabs = page.getByTestId('mode').locator('label');
    await expect(tabs).toHaveCount(3);
    await expect(tabs.first()).toHaveText(text(lang, 'search-form', 'mode.all'));
    for (let i = 0; i < 3; i++) {
      expect(await linesOf(tabs.nth(i))).toBe(1);
      const box = await tabs.nth(i).boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    }
    await fitsThePhone(page);

    // The places found for what a traveller types come in a list inside the screen, narrower than on a computer.
    const from = page.getByRole('combobox', { name: text(lang, 'common', 'placePicker.from') });
    await from.click();
    await from.fill(lang === 'en' ? 'beijing' : '北京');
    const places = page.getByRole('listbox');
    await expect(places.getByRole('option').first()).toBeVisible();
    await expect
      .poll(async () => {
        const box = await places.boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width;
      })
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.keyboard.press('Escape');
    // Signed in on a phone, the header's account button shows only the avatar and is named all the same.
    expect(await seriousViolations(page)).toEqual([]);

    // Booking: the four steps take one short row, the form begins on the first screen, "0 of 9" on one line.
    await saveTraveller(page, { name: '李娜', birth: '1987-07-15' });
    const { searchId, result } = await flightToBook(page);
    await page.goto(`/booking?search=${searchId}&result=${result.id}`);
    const steps = page.getByTestId('booking-steps');
    await expect(steps).toBeVisible();
    expect((await steps.boundingBox())?.height ?? 999).toBeLessThan(110);
    const travellers = page.getByTestId('step-travellers');
    expect((await travellers.boundingBox())?.y ?? 999).toBeLessThan(PHONE.height / 2);
    const count = page.getByTestId('picker-count');
    await expect(count).toBeVisible();
    expect(await linesOf(count)).toBe(1);
    await page.getByTestId('picker-item').first().getByRole('checkbox').check();
    expect(await linesOf(count)).toBe(1);
    await fitsThePhone(page);
    // The contact's fields are named by their labels, the tags readable.
    await expect(page.getByLabel(text(lang, 'orders', 'booking.contact.email'), { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The itinerary: its buttons, Print among them, and the sheet are inside the screen.
    const order = await bookTrip(page, 'mix');
    await page.goto(`/itinerary?id=${order.id}`);
    await expect(page.getByTestId('itinerary-sheet')).toBeVisible();
    // Not paid yet: nothing is being issued.
    await expect(page.getByTestId('itinerary-reference').first()).toHaveText(
      text(lang, 'orders', 'itineraryPage.afterPayment'),
    );
    for (const id of ['itinerary-ics', 'itinerary-pdf', 'itinerary-print']) {
      const box = await page.getByTestId(id).boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    }
    const sheet = await page.getByTestId('itinerary-sheet').boundingBox();
    expect((sheet?.x ?? 0) + (sheet?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await fitsThePhone(page);
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/itinerary-phone-${lang}.png` });

    // The airline re-times the flight on issuing it: the ticket says so, its old time in a tag.
    await retimeFlight(page, order.id, 35);
    // Paid, the order page's itinerary card says its title whole, its calendar and print links under it.
    await payByCard(page, order.id);
    await page.goto(`/order?id=${order.id}`);
    const itinerary = page.getByTestId('order-itinerary-card');
    const title = itinerary.locator('.ant-card-head-title');
    await expect(title).toHaveText(text(lang, 'orders', 'order.itinerary'));
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const id of ['order-ics', 'order-itinerary']) {
      const box = await itinerary.getByTestId(id).boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    }
    // Its tickets, once issued, are cards inside the screen: nothing scrolls sideways out of sight.
    const tickets = page.getByTestId('tickets-card');
    await expect(tickets.getByTestId('schedule-changed').first()).toBeVisible({ timeout: 60_000 });
    for (const row of await tickets.getByTestId('ticket-row').all()) {
      const box = await row.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await tickets.evaluate((card) => card.scrollWidth <= card.clientWidth)).toBe(true);
    const scrollers = await tickets.evaluate(
      (card) =>
        Array.from(card.querySelectorAll('*')).filter(
          (el) => el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX),
        ).length,
    );
    expect(scrollers).toBe(0);
    await fitsThePhone(page);
    if (process.env.SHOTS) await tickets.screenshot({ path: `${process.env.SHOTS}/tickets-phone-${lang}.png` });

    // The notices of the order: the account menu is one row of tabs, so the page's heading is on the first
    // screen; each notice's time and links keep their own line, none broken in two.
    await page.goto('/account/notices');
    const heading = page.getByRole('heading', { level: 1, name: text(lang, 'notices', 'title') });
    await expect(heading).toBeVisible();
    const top = await heading.boundingBox();
    expect((top?.y ?? 999) + (top?.height ?? 999), 'the heading under the menu').toBeLessThan(PHONE.height / 2);
    await expect(page.getByTestId('account-tabs').locator('[aria-current="page"]')).toBeInViewport();
    const first = await page.getByTestId('notice').first().boundingBox();
    expect(first?.y ?? 999, 'the first notice').toBeLessThan(PHONE.height);
    const notice = page.getByTestId('notice').filter({ hasText: order.orderNumber }).first();
    await expect(notice.getByTestId('notice-order')).toBeVisible();
    for (const part of [notice.locator('time'), notice.getByTestId('notice-order'), notice.getByTestId('notice-read')])
      expect(await linesOf(part)).toBe(1);
    await fitsThePhone(page);
    expect(errors).toEqual([]);
  });
});
