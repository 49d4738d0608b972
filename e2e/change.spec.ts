import { expect, type Page } from '@playwright/test';
import {
  type ChangeOptions,
  isRide,
  type Order,
  type ResultLeg,
  railChangeAllowed,
  railClassFare,
  type SearchResult,
} from '../packages/domain/src/index';
import { signedInAgent } from './service-agent';
import { routeCriteria } from './setup';
import { LANGUAGES, type Lang, test, text, useLanguage, watchErrors } from './support';
import { bookTrip, payFromWallet, searchThroughApi, signedInTraveller, topUpWallet } from './trip-api';

const shot = async (page: Page, name: string) => {
  if (!process.env.SHOTS) return;
  // From the top, so that the sticky header is drawn at the head of the page and not over the part scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${process.env.SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

/** A train booked nine days ahead (within the railway's presale, so any train of its day may take it), paid and issued. */
async function ticketedTrain(
  page: Page,
  lang: Lang,
  choose?: (results: SearchResult[]) => SearchResult | undefined,
  people?: { name: string; birth: string }[],
) {
  const order = await bookTrip(page, 'train', 9, people, { choose });
  await payFromWallet(page, order.id);
  await page.goto(`/order?id=${order.id}`);
  await expect(page.getByTestId('order-status')).toHaveText(text(lang, 'orders', 'status.5'), { timeout: 90_000 });
  return order;
}

/** The trains of the ticket's day a change may move it to, by their fare in the ticket's class, cheapest first. */
async function trainsOfTheDay(page: Page, orderId: string) {
  const options = (await (await page.request.get(`/api/change/options?id=${orderId}`)).json()) as ChangeOptions;
  const ticket = options.tickets[0] as ChangeOptions['tickets'][number];
  const { results } = await searchThroughApi(page, {
    type: 1,
    mode: 'train',
    cabin: 'Y',
    adults: 1,
    children: 0,
    infants: 0,
    sort: 'best',
    flexDays: 0,
    filters: {},
    legs: [
      {
        departure: ticket.departure,
        destination: ticket.destination,
        departure_date: ticket.trip.departureTime.slice(0, 10).replaceAll('-', '/'),
        departure_only_airport: false,
        destination_only_airport: false,
      },
    ],
  });
  const fare = (r: SearchResult) => railClassFare(r.legs.find(isRide) as ResultLeg, ticket.trip.seatClass) ?? 0;
  const open = results.filter((r) => {
    const ride = r.legs.find(isRide);
    if (!ride || r.kind !== 'train' || r.legs.filter(isRide).length !== 1 || ride.soldOut || fare(r) === 0)
      return false;
    if (ride.number === ticket.trip.number) return false;
    const departureTime = ticket.trip.departureTime;
    return railChangeAllowed({
      departureTime,
      newDepartureTime: ride.departureTime,
      nowMs: Date.now(),
      changesMade: 0,
      sameCities: true,
    }).allowed;
  });
  const own = railClassFare(
    results.find((r) => r.legs.find(isRide)?.number === ticket.trip.number)?.legs.find(isRide) as ResultLeg,
    ticket.trip.seatClass,
  );
  return { ticket, own: own ?? 0, trains: open.sort((a, b) => fare(a) - fare(b)), fare };
}

/** True when a train's search result shows seats left in a class. */
const left = (r: SearchResult, code: string) =>
  (r.legs.find(isRide)?.seats?.find((s) => s.code === code)?.remaining ?? 0) > 0;

/** The dearest second-class train of the day, so that a cheaper one can take its ticket. */
const dearestSecondClass = (results: SearchResult[]) => {
  const second = (r: SearchResult) => railClassFare(r.legs[0] as ResultLeg, 'O') ?? 0;
  return results
    .filter((r) => r.kind === 'train' && r.legs.length === 1 && !r.legs[0]?.soldOut && r.legs[0]?.cabin === 'O')
    .sort((a, b) => second(b) - second(a))[0];
};

/** From the order page: Change, the ticket's own day searched, the train with this number chosen and quoted. */
async function chooseTrain(page: Page, number: string) {
  await page.getByTestId('change-ticket').first().click();
  await expect(page.getByTestId('change-page')).toBeVisible();
  // A flight may be sold at more than one fare: the first is taken.
  const row = page
    .getByTestId('change-result')
    .and(page.locator(`[data-number="${number}"]`))
    .first();
  await expect(row).toBeVisible({ timeout: 90_000 });
  await row.getByTestId('change-choose').click();
  await expect(page.getByTestId('change-quote')).toBeVisible({ timeout: 30_000 });
}

/** On the payment page, the difference paid; then the order page, read until the order is issued and its change done. */
async function payChange(page: Page, lang: Lang, orderId: string) {
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('payment-success')).toBeVisible({ timeout: 60_000 });
  await page.goto(`/order?id=${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveText(text(lang, 'orders', 'status.5'), { timeout: 90_000 });
  const row = page.getByTestId('change-row');
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  await expect(row.getByTestId('change-status')).toHaveText(text(lang, 'orders', 'change.status.done'));
}

for (const lang of LANGUAGES) {
  test.describe(`changing a ticket (${lang})`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await useLanguage(context, baseURL as string, lang);
    });

    test(`a train changed to a dearer one: the difference paid from the wallet on the payment page, then issued (${lang})`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      const errors = watchErrors(page);
      await signedInTraveller(page, lang);
      const order = await ticketedTrain(page, lang);
      const { ticket, own, trains, fare } = await trainsOfTheDay(page, order.id);
      // A dearer train with first-class seats left, taken in first class below, and seats left in the ticket's
      // own class, which the class picker prices too (on some days a train has none left in it).
      const dearer = trains
        .filter((r) => fare(r) > own && left(r, 'M') && left(r, ticket.trip.seatClass))
        .at(-1) as SearchResult;
      expect(dearer, 'a dearer train of the day with seats in first class and in the ticket’s class').toBeTruthy();
      const number = dearer.legs.find(isRide)?.number as string;
      await page.goto(`/order?id=${order.id}`);
      await chooseTrain(page, number);
      // The class picker prices every class of the new train from the server; first class is taken.
      const ride = dearer.legs.find(isRide) as ResultLeg;
      const option = (code: string) => page.locator(`label:has([data-testid="change-class"][data-code="${code}"])`);
      await expect(page.getByTestId('change-class')).toHaveCount(ride.seats?.length ?? 1);
      await expect(option(ticket.trip.seatClass).getByTestId('change-class-difference')).toContainText(/\d/, {
        timeout: 30_000,
      });
      await option('M').click();
      await expect(page.getByTestId('change-quote')).toContainText(text(lang, 'orders', 'seats.M'));
      await expect(page.getByTestId('change-due')).toBeVisible();
      await expect(page.getByTestId('change-refund')).toHaveCount(0);
      await shot(page, `change-quote-dearer-${lang}`);
      await topUpWallet(page, 500_000);
      await page.getByTestId('change-confirm').click();
      await expect(page).toHaveURL(new RegExp(`/payment\\?id=${order.id}$`));
      await page.locator('label:has([data-testid="method-wallet"])').click();
      // The payment page shows what the difference pays for: the old trip and the new one, fares, fee, difference.
      const summary = page.getByTestId('change-summary');
      const booked = (await (await page.request.get(`/api/order?id=${order.id}`)).json()) as Order;
      await expect(summary.getByTestId('change-from')).toContainText(booked.subOrders[0]?.flightNumber as string);
      await expect(summary.getByTestId('change-to')).toContainText(number);
      await expect(summary).toContainText(text(lang, 'payment', 'change.oldFare'));
      await expect(summary).toContainText(text(lang, 'payment', 'change.newFare'));
      await expect(summary.getByTestId('change-summary-due')).toBeVisible();
      await shot(page, `change-payment-${lang}`);
      await payChange(page, lang, order.id);
      await expect(page.getByTestId('sub-order').and(page.locator('[data-status="4"]'))).toHaveCount(1);
      await expect(page.getByTestId('sub-order').and(page.locator('[data-status="5"]'))).toContainText(number);
      // One change per ticket: the new one offers no Change.
      await expect(page.getByTestId('change-ticket')).toHaveCount(0);
      // The price box adds the difference paid to the booking's total; the new ticket alone has a voucher.
      const changed = (await (await page.request.get(`/api/order?id=${order.id}`)).json()) as Order;
      const difference = changed.changeMoney?.difference.amount ?? 0;
      expect(difference).toBeGreaterThan(0);
      const box = page.getByTestId('price-breakdown');
      await expect(box.getByTestId('order-total')).toHaveAttribute(
        'data-amount',
        String(changed.breakdown.totalMinor + difference),
      );
      await expect(box.getByTestId('change-difference')).toContainText(
        text(lang, 'orders', 'breakdown.changeDifference'),
      );
      await expect(box).toContainText(text(lang, 'orders', 'breakdown.paidInAll'));
      await expect(page.getByTestId('invoice-card')).toContainText(
        `${text(lang, 'invoices', 'kinds.railVoucher')} × 1`,
      );
      await shot(page, `change-order-done-${lang}`);
      expect(errors).toEqual([]);
    });

    test(`one of two travellers' train changed to a cheaper one: issued at once and their difference refunded (${lang})`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      const errors = watchErrors(page);
      await signedInTraveller(page, lang);
      // The dearest second-class train of the day, so that a cheaper one can take its ticket.
      const order = await ticketedTrain(page, lang, dearestSecondClass, [
        { name: '张伟', birth: '1985-03-02' },
        { name: '李娜', birth: '1990-05-06' },
      ]);
      const booked = ((await (await page.request.get(`/api/order?id=${order.id}`)).json()) as Order).subOrders[0]
        ?.flightNumber as string;
      const { ticket, own, trains, fare } = await trainsOfTheDay(page, order.id);
      const cheaper = trains.find((r) => fare(r) < own && left(r, ticket.trip.seatClass));
      expect(cheaper, 'a cheaper train of the day with seats in the ticket’s class').toBeTruthy();
      const number = cheaper?.legs.find(isRide)?.number as string;
      await page.goto(`/order?id=${order.id}`);
      await chooseTrain(page, number);
      // Both travellers are ticked at first, by name; 李娜 is unticked and keeps her ticket, and the quote is 张伟's alone.
      const tick = (position: number) =>
        page.getByTestId('change-traveller').and(page.locator(`[data-position="${position}"]`));
      await expect(page.getByTestId('change-travellers')).toContainText('张伟');
      await expect(page.getByTestId('change-travellers')).toContainText('李娜');
      await expect(tick(0)).toBeChecked();
      await expect(tick(1)).toBeChecked();
      await expect(page.getByTestId('change-refund')).toBeVisible();
      const both = (await page.getByTestId('change-refund').textContent()) as string;
      const alone = page.waitForResponse((r) => r.url().includes('/api/change/') && r.url().includes('travellers=0'));
      await tick(1).click();
      const quoted = (await (await alone).json()) as { classes: { quote: { refund: { amount: number } } | null }[] };
      expect(quoted.classes.some((c) => (c.quote?.refund.amount ?? 0) > 0)).toBe(true);
      await expect(page.getByTestId('change-refund')).not.toHaveText(both);
      // The last one ticked stays ticked: a change moves someone.
      await tick(0).click();
      await expect(tick(0)).toBeChecked();
      await expect(page.getByTestId('change-due')).toHaveCount(0);
      await shot(page, `change-quote-cheaper-${lang}`);
      await expect(page.getByTestId('change-refund-to')).toHaveText(text(lang, 'orders', 'change.refundTo.wallet'));
      await page.getByTestId('change-confirm').click();
      // The change's result: the new trip, what comes back and to where, followed until the new ticket stands.
      const done = page.getByTestId('change-done');
      await expect(done).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
      await expect(done.getByTestId('change-done-refund')).toContainText(
        text(lang, 'orders', 'change.refundTo.wallet'),
      );
      await shot(page, `change-done-cheaper-${lang}`);
      await done.getByTestId('change-done-order').click();
      await expect(page).toHaveURL(new RegExp(`/order\\?id=${order.id}$`));
      const row = page.getByTestId('change-row');
      await expect(row).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
      await expect(row).toContainText(number);
      await expect(row.getByTestId('change-refund-to')).toHaveAttribute('data-method', 'wallet');
      // Each traveller's ticket on the train they ride: 李娜's as issued, 张伟's old one changed, his new one issued.
      const ticketOf = (status: number, train: string) =>
        page
          .getByTestId('sub-order')
          .and(page.locator(`[data-status="${status}"]`))
          .filter({ hasText: train });
      await expect(ticketOf(5, booked)).toContainText('李娜');
      await expect(ticketOf(5, booked)).not.toContainText('张伟');
      await expect(ticketOf(4, booked)).toContainText('张伟');
      await expect(ticketOf(5, number)).toContainText('张伟');
      await expect(ticketOf(5, number)).not.toContainText('李娜');
      // The price box shows what came back as its own line, and the total less it.
      const changed = (await (await page.request.get(`/api/order?id=${order.id}`)).json()) as Order;
      const box = page.getByTestId('price-breakdown');
      await expect(box.getByTestId('change-refund')).toContainText(text(lang, 'orders', 'breakdown.changeRefund'));
      await expect(box.getByTestId('order-total')).toHaveAttribute(
        'data-amount',
        String(changed.breakdown.totalMinor - (changed.changeMoney?.refund.amount ?? 0)),
      );
      // The header, here and in the orders list: the earlier train's departure, and that the two ride different trains.
      const apart = (text(lang, 'orders', 'order.separateTrains').split('{{time}}')[1] as string).trim();
      await expect(page.getByTestId('order-page').getByTestId('separate-trains')).toContainText(apart);
      await shot(page, `change-order-cheaper-${lang}`);
      await page.goto('/account/trips');
      const card = page.getByTestId('order-card').and(page.locator(`[data-order="${order.id}"]`));
      await expect(card.getByTestId('separate-trains')).toContainText(apart);
      await shot(page, `change-trips-cheaper-${lang}`);
      await page.goto('/account/notices');
      const notices = page.getByTestId('notice').filter({ hasText: order.orderNumber });
      await expect(notices.and(page.locator('[data-kind="ticket-changed"]'))).toHaveCount(1);
      // The refund is paid out by a job after the new ticket is issued: the page is read again until it is told.
      await expect(async () => {
        await page.reload();
        await expect(notices.and(page.locator('[data-kind="change-refund-done"]'))).toHaveCount(1);
      }).toPass({ timeout: 60_000 });
      await expect(notices.and(page.locator('[data-kind="change-refund-done"]'))).toContainText(
        text(lang, 'notices', 'refundTo.wallet'),
      );
      await shot(page, `change-notices-${lang}`);
      expect(errors).toEqual([]);
    });

    test(`a train changed at our desk: an agent enters the new ticket at the service console, checked, and the order shows it (${lang})`, async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(300_000);
      const errors = watchErrors(page);
      await signedInTraveller(page, lang);
      const order = await ticketedTrain(page, lang, dearestSecondClass);
      // The desk's own agent leaves this order's change to the agents at the console.
      expect((await page.request.post('/rail-sim/desk/hold', { data: { orderId: order.id } })).ok()).toBe(true);
      const { ticket, own, trains, fare } = await trainsOfTheDay(page, order.id);
      const cheaper = trains.find((r) => fare(r) < own && left(r, ticket.trip.seatClass)) as SearchResult;
      expect(cheaper, 'a cheaper train of the day with seats in the ticket’s class').toBeTruthy();
      const number = cheaper.legs.find(isRide)?.number as string;
      await page.goto(`/order?id=${order.id}`);
      await chooseTrain(page, number);
      await page.getByTestId('change-confirm').click();
      await expect(page.getByTestId('change-done')).toBeVisible({ timeout: 60_000 });

      // The agent finds it on the console's desk tab: the traveller, the order, both trains by station name.
      const agent = await signedInAgent(browser, baseURL as string, lang, lang === 'en' ? 'Zhou' : '周敏');
      const desk = agent.page;
      const agentErrors = watchErrors(desk);
      await desk.goto('/service');
      await desk.getByTestId('desk-tab').click();
      const item = desk.getByTestId('desk-item').filter({ hasText: order.orderNumber });
      await expect(item).toBeVisible({ timeout: 60_000 });
      await expect(item.getByTestId('desk-old')).toContainText(ticket.trip.number);
      await expect(item.getByTestId('desk-old')).toContainText(ticket.trip.from[lang]);
      await expect(item.getByTestId('desk-new')).toContainText(number);
      const ride = cheaper.legs.find(isRide) as ResultLeg;
      await expect(item.getByTestId('desk-new')).toContainText(`${ride.from.name[lang]} → ${ride.to.name[lang]}`);
      await expect(item.getByTestId('desk-new')).not.toContainText(ride.from.code);
      await expect(item.getByTestId('desk-new')).toContainText(text(lang, 'orders', 'seats.O'));
      await expect(item.getByTestId('desk-fare')).toContainText(
        text(lang, 'chat', 'desk.fareLess').split('{{')[0] as string,
      );
      await expect(item.getByTestId('waiting-time')).toBeVisible();
      await shot(desk, `service-desk-${lang}`);

      // The new ticket as the railway issued it: a seat letter the railway never writes is named, then put right.
      await item.getByTestId('desk-complete').click();
      const dialog = desk.getByRole('dialog');
      const ticketNumber = `E${Date.now()}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
      await dialog.getByTestId('desk-ticket-number').fill(ticketNumber);
      await dialog.getByTestId('desk-coach').fill('6');
      await dialog.getByTestId('desk-seat').fill('9E');
      await desk.getByTestId('desk-confirm-complete').click();
      await expect(dialog.getByTestId('desk-wrong-seat')).toHaveText(text(lang, 'errors', 'field.seat'));
      await shot(desk, `service-desk-ticket-${lang}`);
      await dialog.getByTestId('desk-seat').fill('9f');
      await desk.getByTestId('desk-confirm-complete').click();
      await expect(desk.getByTestId('desk-done')).toContainText(text(lang, 'chat', 'desk.completed'));
      await expect(item).toHaveCount(0);

      // The traveller's order shows the new ticket, as the agent entered it.
      await page.goto(`/order?id=${order.id}`);
      await expect(page.getByTestId('change-row')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
      const issued = page.getByTestId('sub-order').and(page.locator('[data-status="5"]')).filter({ hasText: number });
      await expect(issued.getByTestId('ticket-number')).toContainText(ticketNumber);
      await expect(issued).toContainText('09F');
      await shot(page, `change-order-desk-${lang}`);
      expect(errors).toEqual([]);
      expect(agentErrors).toEqual([]);
      await agent.context.close();
    });

    test(`a flight changed to another of its airline, up to business: the change fee and the rise paid on the payment page (${lang})`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      const errors = watchErrors(page);
      await signedInTraveller(page, lang);
      const { results } = await searchThroughApi(page, routeCriteria('flight', 9));
      const nonstop = results.filter(
        (r) => r.kind === 'flight' && r.agent === 'own' && r.legs.length === 1 && r.fees.changeBefore !== null,
      );
      const carrier = (r: SearchResult) => r.legs[0]?.carrier;
      // The new flight has business seats left: the change moves up to business.
      const business = (r: SearchResult) => (r.legs[0]?.seats?.find((x) => x.code === 'C')?.remaining ?? 0) > 0;
      const booked = nonstop.find((r) => nonstop.some((o) => o !== r && carrier(o) === carrier(r) && business(o)));
      const other = nonstop.find((o) => o !== booked && carrier(o) === carrier(booked as SearchResult) && business(o));
      expect(
        booked && other,
        'an airline with two nonstop flights that allow changes, the second with business seats',
      ).toBeTruthy();
      const bookedNumber = booked?.legs[0]?.number as string;
      const number = other?.legs[0]?.number as string;
      const order = await bookTrip(page, 'flight', 9, undefined, {
        choose: (found) =>
          found.find((r) => r.kind === 'flight' && r.legs.length === 1 && r.legs[0]?.number === bookedNumber),
      });
      await payFromWallet(page, order.id);
      await page.goto(`/order?id=${order.id}`);
      await expect(page.getByTestId('order-status')).toHaveText(text(lang, 'orders', 'status.5'), { timeout: 90_000 });
      // The booked flight as it runs now (its airline may have moved it when it issued the ticket).
      const ticketed = (await (await page.request.get(`/api/order?id=${order.id}`)).json()) as Order;
      const bookedTime = ticketed.legs[0]?.departureTime.slice(11, 16) as string;
      await chooseTrain(page, number);
      // The new flight's cabins, each priced by the server: the ticket's economy first, business taken.
      const option = (code: string) => page.locator(`label:has([data-testid="change-class"][data-code="${code}"])`);
      await expect(option('Y').getByTestId('change-class-difference')).toContainText(/\d/, { timeout: 30_000 });
      await option('C').click();
      const quote = page.getByTestId('change-quote');
      await expect(quote).toContainText(text(lang, 'orders', 'cabins.C'));
      await expect(quote).toContainText(text(lang, 'orders', 'change.airFee'));
      await expect(page.getByTestId('change-due')).toBeVisible();
      await shot(page, `change-quote-flight-${lang}`);
      await topUpWallet(page, 1_000_000);
      await page.getByTestId('change-confirm').click();
      await expect(page).toHaveURL(new RegExp(`/payment\\?id=${order.id}$`));
      const summary = page.getByTestId('change-summary');
      await expect(summary.getByTestId('change-from')).toContainText(bookedNumber);
      await expect(summary.getByTestId('change-to')).toContainText(number);
      await expect(summary).toContainText(text(lang, 'payment', 'change.fee'));
      await page.locator('label:has([data-testid="method-wallet"])').click();
      await shot(page, `change-payment-flight-${lang}`);
      await payChange(page, lang, order.id);
      // The changed ticket keeps its own flight and time, with no schedule change of the new flight's ride on it.
      const changed = page.getByTestId('sub-order').and(page.locator('[data-status="4"]'));
      await expect(changed.getByTestId('ticket-row')).toContainText(`${bookedNumber} `);
      await expect(changed.getByTestId('ticket-row')).toContainText(bookedTime);
      await expect(changed.getByTestId('schedule-changed')).toHaveCount(0);
      await expect(page.getByTestId('sub-order').and(page.locator('[data-status="5"]'))).toContainText(number);
      // The order's flight is the new one, in business.
      await expect(page.getByTestId('itinerary').getByTestId('leg').first()).toContainText(
        `${number} · ${text(lang, 'orders', 'cabins.C')}`,
      );
      await shot(page, `change-order-flight-${lang}`);
      expect(errors).toEqual([]);
    });
  });
}
