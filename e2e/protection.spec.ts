import { expect, type Page } from '@playwright/test';
import {
  neededMinutes,
  type ProtectionAnswer,
  type ResultLeg,
  type SearchCriteria,
  type SearchResult,
  selfTransfers,
  ticketsOf,
} from '../packages/domain/src/index';
import { routeCriteria, shot } from './setup';
import { eachLanguage, test, text } from './support';
import { bookTrip, payFromWallet, searchThroughApi, signedInTraveller } from './trip-api';

const isRide = (l: ResultLeg) => l.kind === 'air' || l.kind === 'land';

/** Minutes to spare at a plan's first self-transfer, or undefined without one. */
function slack(r: SearchResult): number | undefined {
  const [first] = selfTransfers(
    r.legs,
    ticketsOf(r).map((x) => x.legs),
  );
  if (!first) return undefined;
  const arrive = Date.parse((r.legs[first.arriving] as ResultLeg).arrivalTime);
  const depart = Date.parse((r.legs[first.departing] as ResultLeg).departureTime);
  return (depart - arrive) / 60_000 - neededMinutes(r.legs, first);
}

/** Beijing to Hangzhou, door-to-door: a flight to Shanghai and the train on, or two trains, on separate tickets. */
function toHangzhou(days: number): SearchCriteria {
  const c = routeCriteria('all', days);
  return {
    ...c,
    legs: [{ ...(c.legs[0] as SearchCriteria['legs'][number]), destination: 'HGH', destinationName: 'Hangzhou' }],
  };
}

/** The first ride of a plan's first self-transfer, the ride after it, and the latest the first may land. */
function change(r: SearchResult) {
  const [transfer] = selfTransfers(
    r.legs,
    ticketsOf(r).map((x) => x.legs),
  );
  if (!transfer || (slack(r) ?? -1) < 5) return undefined;
  const first = r.legs[transfer.arriving] as ResultLeg;
  const next = r.legs[transfer.departing] as ResultLeg;
  return { first, by: Date.parse(next.departureTime) - neededMinutes(r.legs, transfer) * 60_000 };
}

/**
 * A chooser of a plan starting with a flight from Beijing that no later nonstop flight of its route can
 * replace in time for the ride after it (each candidate route's flights of the day searched, the least time
 * to spare first): cancelled, it is rebooked with a later departure of the ride after it too.
 */
async function noLaterFlightMakes(page: Page, days: number): Promise<(results: SearchResult[]) => SearchResult> {
  const candidates = (await searchThroughApi(page, toHangzhou(days))).results
    .filter((r) => change(r)?.first.kind === 'air' && r.legs[0] === change(r)?.first)
    .sort((a, b) => (slack(a) ?? 0) - (slack(b) ?? 0));
  const routes = new Map<string, ResultLeg[]>();
  for (const r of candidates) {
    const { first, by } = change(r) as { first: ResultLeg; by: number };
    if (!routes.has(first.to.code)) {
      if (routes.size >= 4) break;
      const c = routeCriteria('flight', days);
      const leg = { ...(c.legs[0] as SearchCriteria['legs'][number]), destination: first.to.code };
      const found = await searchThroughApi(page, { ...c, legs: [leg] }).catch(() => ({ results: [] }));
      routes.set(
        first.to.code,
        found.results.filter((x) => x.legs.length === 1).map((x) => x.legs[0] as ResultLeg),
      );
    }
    const later = (routes.get(first.to.code) ?? [])
      .filter((l) => !l.soldOut && l.from.code === first.from.code && l.to.code === first.to.code)
      .filter((l) => Date.parse(l.departureTime) > Date.parse(first.departureTime))
      .sort((a, b) => Date.parse(a.departureTime) - Date.parse(b.departureTime))[0];
    if (later && Date.parse(later.arrivalTime) > by) {
      const key = (x: SearchResult) => x.legs.map((l) => `${l.number}@${l.departureTime}`).join();
      return (results) => {
        const plan = results.find((x) => key(x) === key(r));
        if (!plan) throw new Error('the plan chosen is no longer found');
        return plan;
      };
    }
  }
  throw new Error('no plan whose first flight no later flight can replace in time');
}

/**
 * A self-transfer with time to spare at the change, booked and paid through the API and ticketed, whose
 * first ride the simulated operator then runs ten hours late (or cancels; `cancel-tight`: one no later
 * departure of its route can replace in time); answers the order's id once its case is open.
 */
async function missedConnection(
  page: Page,
  days: number,
  how: 'delay' | 'cancel' | 'cancel-tight' = 'delay',
): Promise<string> {
  let first: ResultLeg | undefined;
  const tight = how === 'cancel-tight' ? await noLaterFlightMakes(page, days) : undefined;
  const order = await bookTrip(page, 'mix', days, undefined, {
    criteria: toHangzhou(days),
    choose: (results) => {
      const plan = tight ? tight(results) : results.find((r) => (slack(r) ?? -1) >= 5);
      first = plan?.legs.find(isRide);
      return plan;
    },
  });
  await payFromWallet(page, order.id);
  await expect
    .poll(
      async () => ((await (await page.request.get(`/api/order?id=${order.id}`)).json()) as { status: number }).status,
      {
        message: 'the order to be ticketed',
        timeout: 90_000,
      },
    )
    .toBe(5);
  const ride = first as ResultLeg;
  const day = { service: ride.number, date: ride.departureTime.slice(0, 10) };
  const told =
    how === 'delay'
      ? await page.request.post('/ticketing-sim/delays', { data: { ...day, minutes: 600 } })
      : await page.request.post('/ticketing-sim/cancellations', { data: day });
  expect(told.ok(), await told.text()).toBe(true);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/order/protection?id=${order.id}`)).json()) as ProtectionAnswer).cases
          .length,
      { message: 'the missed connection to be told', timeout: 60_000 },
    )
    .toBe(1);
  return order.id;
}

/** Takes a choice on the order page: its button, then the confirmation (two clicks). */
async function take(page: Page, choice: 'rebook' | 'refund') {
  await page.getByTestId(`protection-${choice}`).click();
  await page.getByTestId('protection-confirm').click();
}

eachLanguage((lang, n) => {
  test(`a delay that breaks a protected connection is rebooked on the next departure in two clicks (${lang})`, async ({
    page,
    errors,
  }) => {
    test.setTimeout(240_000);
    await signedInTraveller(page, lang);
    const orderId = await missedConnection(page, 23 + n);
    await page.goto(`/order?id=${orderId}`);
    const card = page.getByTestId('protection-card');
    await expect(card).toContainText(text(lang, 'orders', 'protection.title'));
    await expect(card.getByTestId('protection-case')).toHaveAttribute('data-status', 'offered');
    await shot(page, `protection-offered-${lang}`, { fullPage: true });
    await take(page, 'rebook');
    await expect(card.getByTestId('protection-case')).toHaveAttribute('data-status', 'rebooked');
    await expect(card.getByTestId('protection-outcome')).toContainText(text(lang, 'orders', 'protection.rebooked'));
    // The new ticket is issued through the railway or the airline, beside the missed one marked changed.
    await expect(page.getByTestId('sub-order')).toHaveCount(3, { timeout: 60_000 });
    await expect(page.getByTestId('sub-order').last()).toHaveAttribute('data-status', '5', { timeout: 90_000 });
    await expect(page.locator('[data-testid="sub-order"][data-status="4"]')).toContainText(
      text(lang, 'orders', 'subStatus.4'),
    );
    await shot(page, `protection-rebooked-${lang}`, { fullPage: true });
    // The notice of the missed connection, in the site's language, leads to the order.
    await page.goto('/account/notices');
    const notice = page.locator('[data-testid="notice"][data-kind="connection-missed"]');
    await expect(notice).toContainText(lang === 'en' ? 'is protected' : '已受保障');
    await expect(page.locator('[data-testid="notice"][data-kind="protection-rebooked"]')).toBeVisible();
    // The terms are a page of their own.
    await page.goto(`/order?id=${orderId}`);
    await page.getByTestId('protection-terms').click();
    await expect(page.getByTestId('agreement-text')).toContainText(text(lang, 'agreement-protection', 'title'));
    expect(errors).toEqual([]);
  });
});

test.describe(() => {
  test.use({ lang: 'zh-CN' });

  test('a traveller on a phone takes the refund of the unused ticket instead (zh-CN, 390 px)', async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInTraveller(page, 'zh-CN');
    const orderId = await missedConnection(page, 25);
    await page.goto(`/order?id=${orderId}`);
    const card = page.getByTestId('protection-card');
    await take(page, 'refund');
    await expect(card.getByTestId('protection-case')).toHaveAttribute('data-status', 'refunded');
    await expect(card.getByTestId('protection-outcome')).toContainText(text('zh-CN', 'orders', 'protection.refunded'));
    // Being refunded, or already paid back: the refund is paid out after a short time.
    await expect(
      page.locator('[data-testid="sub-order"][data-status="6"], [data-testid="sub-order"][data-status="3"]'),
    ).toHaveCount(1);
    if (process.env.SHOTS)
      await page.screenshot({ path: `${process.env.SHOTS}/protection-refunded-zh-CN-390.png`, fullPage: true });
  });
});

eachLanguage((lang, n) => {
  test(`a cancelled first ride of a protected connection is refunded in full in two clicks (${lang})`, async ({
    page,
    errors,
  }) => {
    test.setTimeout(240_000);
    await signedInTraveller(page, lang);
    const orderId = await missedConnection(page, 27 + n, 'cancel');
    await page.goto(`/order?id=${orderId}`);
    // The cancelled ticket is marked as the operator's doing, and the card tells a cancellation, not a delay.
    const marked = page.getByTestId('operator-cancelled');
    await expect(marked).toHaveCount(1);
    await expect(marked).toHaveText(
      new RegExp(
        `${text(lang, 'orders', 'tickets.cancelled.flight')}|${text(lang, 'orders', 'tickets.cancelled.railway')}`,
      ),
    );
    const card = page.getByTestId('protection-card');
    await expect(card.getByTestId('protection-cause')).toHaveAttribute('data-cause', 'cancellation');
    await expect(card.getByTestId('protection-refund')).toHaveText(text(lang, 'orders', 'protection.refundCancelled'));
    await shot(page, `protection-cancelled-${lang}`, { fullPage: true });
    await take(page, 'refund');
    await expect(card.getByTestId('protection-case')).toHaveAttribute('data-status', 'refunded');
    await expect(card.getByTestId('protection-outcome')).toContainText(
      text(lang, 'orders', 'protection.refundedCancelled'),
    );
    // The cancelled ticket is being refunded, or already paid back; the other still stands.
    await expect(
      page.locator('[data-testid="sub-order"][data-status="6"], [data-testid="sub-order"][data-status="3"]'),
    ).toHaveCount(1);
    await expect(page.locator('[data-testid="sub-order"][data-status="5"]')).toHaveCount(1);
    // The notice of the cancellation, in the site's language.
    await page.goto('/account/notices');
    const notice = page.locator('[data-testid="notice"][data-kind="service-cancelled-protected"]');
    await expect(notice).toContainText(lang === 'en' ? 'is protected' : '已受保障');
    expect(errors).toEqual([]);
  });
});

eachLanguage((lang, n) => {
  test(`a cancelled first ride no later departure can replace in time is rebooked with a later second ride (${lang})`, async ({
    page,
    errors,
  }) => {
    test.setTimeout(240_000);
    await signedInTraveller(page, lang);
    const orderId = await missedConnection(page, 29 + n, 'cancel-tight');
    await page.goto(`/order?id=${orderId}`);
    const card = page.getByTestId('protection-card');
    await expect(card.getByTestId('protection-cause')).toHaveAttribute('data-cause', 'cancellation');
    // Both rides are offered: the next flight, and in place of the train booked a later one it makes.
    await expect(card.getByTestId('protection-case')).toContainText(text(lang, 'orders', 'protection.onward'));
    await expect(card.getByTestId('protection-onward')).toHaveCount(1);
    await expect(card.getByTestId('protection-rebook')).toHaveText(text(lang, 'orders', 'protection.rebookBoth'));
    await shot(page, `protection-onward-${lang}`, { fullPage: true });
    await take(page, 'rebook');
    await expect(card.getByTestId('protection-case')).toHaveAttribute('data-status', 'rebooked');
    await expect(card.getByTestId('protection-outcome')).toContainText(text(lang, 'orders', 'protection.rebooked'));
    await expect(card.getByTestId('protection-outcome').getByTestId('protection-onward')).toBeVisible();
    // Both tickets are replaced: two marked changed, two new ones issued by the airline and the railway.
    await expect(page.locator('[data-testid="sub-order"][data-status="4"]')).toHaveCount(2, { timeout: 60_000 });
    await expect(page.locator('[data-testid="sub-order"][data-status="5"]')).toHaveCount(2, { timeout: 90_000 });
    await expect(page.getByTestId('operator-cancelled')).toHaveCount(0);
    await shot(page, `protection-onward-rebooked-${lang}`, { fullPage: true });
    // One notice of the rebooking, naming both new rides, in the site's language.
    await page.goto('/account/notices');
    const notice = page.locator('[data-testid="notice"][data-kind="protection-rebooked-onward"]');
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText(lang === 'en' ? 'then on' : '再转乘');
    await expect(page.locator('[data-testid="notice"][data-kind="protection-rebooked"]')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
