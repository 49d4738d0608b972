import { expect, type Page } from '@playwright/test';
import { TEST_CARDS } from '../apps/server/src/features/payment/gateway/simulator/test-cards';
import type { SearchResult } from '../packages/domain/src/index';
import { travellerAndContact } from './booking-form';
import { fillCardForm } from './card-form';
import {
  idNumber,
  linkRailAccount,
  railAccount,
  routeCriteria,
  saveTraveller,
  searchOnPage,
  shot as shotAt,
} from './setup';
import { SOLD_OUT_TRAIN, soldOutDates } from './sold-out';
import { eachLanguage, type Lang, test, text } from './support';
import { signedInTraveller } from './trip-api';

/** A train search on the results page, some days ahead. */
const searchTrains = (page: Page, days: number) => searchOnPage(page, routeCriteria('train', days));

/** A train search on the day the railway has the train sold out for this language's test. */
const searchSoldOutDay = (page: Page, lang: Lang) => {
  const criteria = routeCriteria('train', 0);
  const date = soldOutDates()[lang];
  // The search form's date is `yyyy/mm/dd`.
  const day = date.replaceAll('-', '/');
  return searchOnPage(page, { ...criteria, legs: criteria.legs.map((leg) => ({ ...leg, departure_date: day })) });
};

/** The whole page at 1280 and 1440 px. */
const shot = (page: Page, name: string) => shotAt(page, name, { fullPage: true });

/**
 * A signed-in traveller with 周杰 saved as a traveller with his ID card, and his own 12306 account linked for
 * online ticketing.
 */
async function signedInWithRailAccount(page: Page, lang: Lang, birth: string) {
  await signedInTraveller(page, lang);
  const holderId = idNumber(birth);
  await saveTraveller(page, { name: '周杰', birth, idNumber: holderId });
  await linkRailAccount(page, await railAccount(page, { name: '周杰', idNumber: holderId }));
}

/** Each language books its own day, so seats one test brings back never fill the other's order. */
const DAYS: Record<Lang, number> = { en: 5, 'zh-CN': 6 };

const fillCard = (page: Page, lang: Lang) => fillCardForm(page, lang, TEST_CARDS.visa, { name: 'ZHOU JIE' });

/** The window at each width, with a part of the page in view. */
const shotHere = async (page: Page, name: string, part: ReturnType<Page['locator']>) => {
  if (!process.env.SHOTS) return;
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await part.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

eachLanguage((lang) => {
  const tx = (ns: string, key: string) => text(lang, ns, key);

  test(`joins the waiting list of a sold-out class with the payment held, and is ticketed when seats come back (${lang})`, async ({
    page,
    errors,
  }) => {
    test.setTimeout(240_000);
    await signedInWithRailAccount(page, lang, '1986-04-12');

    const found = await searchTrains(page, DAYS[lang]);
    const candidates = found.results.filter(
      (r) => r.kind === 'train' && r.legs.length === 1 && r.legs[0]?.seats?.some((s) => s.remaining === 0),
    );
    expect(candidates.length).toBeGreaterThan(0);
    const train = candidates[0] as SearchResult;
    const leg = train.legs[0] as NonNullable<SearchResult['legs'][number]>;
    const soldOut = leg.seats?.find((s) => s.remaining === 0)?.code ?? '';
    // The results say the class is sold out and may be waited for.
    const card = page.locator(`[data-testid="result-card"][data-result-id="${train.id}"]`);
    if (await card.count())
      await expect(card.locator(`[data-seat="${soldOut}"]`)).toContainText(tx('results', 'card.waitlist'));

    await page.goto(`/booking?${new URLSearchParams({ search: found.searchId, result: train.id })}`);
    await expect(page.getByTestId('rail-ticketing')).toHaveAttribute('data-way', 'online', { timeout: 60_000 });
    await travellerAndContact(page, '周杰');
    await page.getByTestId('next-step').click();
    await page.getByTestId('next-step').click();

    // Extras: the sold-out class may be chosen for the waiting list, whose terms are shown at once.
    const classOption = page.locator(`label:has([data-testid="seat-class"][data-code="${soldOut}"])`);
    await expect(classOption).toContainText(tx('orders', 'waitlist.soldOutJoin'));
    await classOption.click();
    const offer = page.getByTestId('waitlist-offer');
    await expect(offer).toBeVisible();
    await expect(offer).toContainText(tx('orders', 'waitlist.held'));
    await expect(offer).toContainText(tx('orders', 'waitlist.refund'));
    await expect(offer).toContainText(tx('orders', 'waitlist.cardOnly'));
    await expect(offer.getByTestId('waitlist-cutoff')).not.toBeEmpty();
    await shot(page, `waitlist-booking-${lang}`);
    await page.getByTestId('next-step').click();
    await expect(page.getByTestId('waitlist-summary')).toContainText(tx('orders', 'waitlist.held'));
    await expect(page.getByTestId('create-order')).toHaveText(tx('orders', 'waitlist.create'));
    await page.getByTestId('create-order').click();

    // Payment: card only, the amount held and not taken.
    await expect(page).toHaveURL(/\/payment\?id=/, { timeout: 60_000 });
    const orderId = new URL(page.url()).searchParams.get('id') ?? '';
    await expect(page.getByTestId('waitlist-card-only')).toContainText(tx('payment', 'waitlist.noteTitle'));
    await expect(
      page.locator('[data-testid="method-wallet"] input, input[data-testid="method-wallet"]').first(),
    ).toBeDisabled();
    await fillCard(page, lang);
    await shot(page, `waitlist-payment-${lang}`);
    await page.getByTestId('pay-submit').click();
    await expect(page.getByTestId('payment-held')).toContainText(tx('payment', 'waitlist.heldTitle'), {
      timeout: 30_000,
    });

    // The order waits: its status, the held amount and the cut-off with its countdown.
    await page.goto(`/order?id=${orderId}`);
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', '8');
    await expect(page.getByTestId('order-status')).toHaveText(tx('orders', 'status.8'));
    const waiting = page.getByTestId('waitlist-card');
    await expect(waiting).toHaveAttribute('data-status', 'waiting');
    await expect(waiting.getByTestId('waitlist-held')).not.toBeEmpty();
    await expect(waiting.getByTestId('waitlist-countdown')).toHaveText(/\d{2}:\d{2}:\d{2}/);
    await expect(waiting.getByTestId('waitlist-stop')).toBeVisible();
    await shot(page, `waitlist-order-${lang}`);
    await page.goto('/account/trips');
    const trip = page.locator(`[data-testid="order-card"][data-order="${orderId}"]`);
    await expect(trip.getByTestId('trip-waitlist')).toContainText(tx('orders', 'waitlist.listHeld'));
    await shot(page, `waitlist-trips-${lang}`);

    // China Railway returns a seat of that class: the order is filled, captured and ticketed online.
    const returned = await page.request.post('/rail-sim/seats/return', {
      data: { train: leg.number, date: leg.departureTime.slice(0, 10), seatClass: soldOut, seats: 1 },
    });
    expect(returned.ok(), await returned.text()).toBe(true);
    await page.goto(`/order?id=${orderId}`);
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', '5', { timeout: 90_000 });
    await expect(page.getByTestId('waitlist-ended')).toHaveAttribute('data-status', 'filled');
    await expect(page.getByTestId('waitlist-ended')).toContainText(tx('orders', 'waitlist.filled'));
    await shot(page, `waitlist-ticketed-${lang}`);
    expect(errors).toEqual([]);
  });
});

eachLanguage((lang) => {
  const tx = (ns: string, key: string) => text(lang, ns, key);

  test(`shows a train sold out in every class after the bookable ones and books it on the waiting list (${lang})`, async ({
    page,
    errors,
  }) => {
    test.setTimeout(240_000);
    await signedInWithRailAccount(page, lang, '1988-09-21');

    // The railway has no ticket left on the train in any class: it is still listed, marked sold out.
    const found = await searchSoldOutDay(page, lang);
    const train = found.results.find((r) => r.kind === 'train' && r.legs[0]?.number === SOLD_OUT_TRAIN);
    expect(train, `${SOLD_OUT_TRAIN} in the results`).toBeDefined();
    const leg = train?.legs[0] as NonNullable<SearchResult['legs'][number]>;
    expect(leg.soldOut).toBe(true);
    expect(leg.seats?.every((s) => s.remaining === 0)).toBe(true);
    const card = page.locator(`[data-testid="result-card"][data-result-id="${train?.id}"]`);
    // Listed last, it may be on a later page of the list.
    const list = page.getByTestId('results-list');
    await expect(list).toHaveAttribute('aria-busy', 'false');
    for (let i = 0; i < 5 && (await card.count()) === 0; i++) {
      await page.getByTestId('show-more').click();
      await expect(list).toHaveAttribute('aria-busy', 'false');
    }
    await expect(card).toHaveAttribute('data-sold-out', 'true');
    await expect(card.getByTestId('sold-out-badge')).toHaveText(tx('results', 'card.soldOutEverywhere'));
    const chips = card.locator('[data-seat]');
    await expect(chips).toHaveCount(leg.seats?.length ?? 0);
    for (const chip of await chips.all()) await expect(chip).toContainText(tx('results', 'card.waitlist'));
    await expect(card.getByTestId('select-result')).toHaveText(tx('results', 'card.waitlist'));
    await expect(card.getByTestId('waitlist-note')).toHaveText(tx('results', 'card.waitlistHeld'));
    // Every bookable train comes first, in the default order.
    const soldOutFlags = await page
      .getByTestId('result-card')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-sold-out') === 'true'));
    expect(soldOutFlags.length).toBeGreaterThan(10);
    expect(soldOutFlags.indexOf(true)).toBe(soldOutFlags.lastIndexOf(false) + 1);
    await card.scrollIntoViewIfNeeded();
    await shotHere(page, `sold-out-results-${lang}`, card);

    // Its action opens booking, where every class is offered for the waiting list and the quoted one is chosen.
    await card.getByTestId('select-result').click();
    await expect(page).toHaveURL(/\/booking\?/, { timeout: 60_000 });
    await expect(page.getByTestId('rail-ticketing')).toHaveAttribute('data-way', 'online', { timeout: 60_000 });
    await travellerAndContact(page, '周杰');
    await page.getByTestId('next-step').click();
    await page.getByTestId('next-step').click();
    const classes = page.locator('label:has([data-testid="seat-class"])');
    await expect(classes).toHaveCount(leg.seats?.length ?? 0);
    for (const option of await classes.all()) await expect(option).toContainText(tx('orders', 'waitlist.soldOutJoin'));
    const offer = page.getByTestId('waitlist-offer');
    await expect(offer).toBeVisible();
    await expect(offer).toContainText(tx('orders', 'waitlist.held'));
    await expect(offer.getByTestId('waitlist-cutoff')).not.toBeEmpty();
    await shot(page, `sold-out-booking-${lang}`);
    await page.getByTestId('next-step').click();
    await expect(page.getByTestId('create-order')).toHaveText(tx('orders', 'waitlist.create'));
    await page.getByTestId('create-order').click();

    await expect(page).toHaveURL(/\/payment\?id=/, { timeout: 60_000 });
    const orderId = new URL(page.url()).searchParams.get('id') ?? '';
    await fillCard(page, lang);
    await page.getByTestId('pay-submit').click();
    await expect(page.getByTestId('payment-held')).toContainText(tx('payment', 'waitlist.heldTitle'), {
      timeout: 30_000,
    });
    await page.goto(`/order?id=${orderId}`);
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', '8');
    await expect(page.getByTestId('waitlist-card')).toHaveAttribute('data-status', 'waiting');

    if (lang === 'en') {
      // A seat of the quoted class comes back: filled, captured and ticketed.
      const returned = await page.request.post('/rail-sim/seats/return', {
        data: { train: leg.number, date: leg.departureTime.slice(0, 10), seatClass: leg.cabin, seats: 1 },
      });
      expect(returned.ok(), await returned.text()).toBe(true);
      await page.reload();
      await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', '5', { timeout: 90_000 });
      await expect(page.getByTestId('waitlist-ended')).toHaveAttribute('data-status', 'filled');
    } else {
      // The traveller stops waiting: released at once, the hold voided.
      await page.getByTestId('waitlist-stop').click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: tx('orders', 'waitlist.confirmStopOk') })
        .click();
      await expect(page.getByTestId('waitlist-ended')).toHaveAttribute('data-status', 'released', {
        timeout: 30_000,
      });
      await expect(page.getByTestId('waitlist-ended')).toContainText(tx('orders', 'waitlist.cancelled'));
      await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', '7');
    }
    expect(errors).toEqual([]);
  });
});
