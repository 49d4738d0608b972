import { expect, type Page } from '@playwright/test';
import type { Order, OrderFulfilment } from '../packages/domain/src/index';
import { shot as shotAt } from './setup';
import { eachLanguage, type Lang, test, text } from './support';
import { bookTrip, payByCard, signedInTraveller } from './trip-api';

const shot = (page: Page, name: string) => shotAt(page, name, { widths: [390, 1280], fullPage: true });

/** The order's tickets once they are issued, however long a busy machine takes over it. */
async function untilIssued(page: Page, orderId: string): Promise<OrderFulfilment> {
  let fulfilment: OrderFulfilment | undefined;
  await expect
    .poll(
      async () => {
        fulfilment = (await (await page.request.get(`/api/order/fulfilment?id=${orderId}`)).json()) as OrderFulfilment;
        return fulfilment.tickets.length;
      },
      { timeout: 90_000 },
    )
    .toBeGreaterThan(0);
  if (!fulfilment) throw new Error('no tickets');
  return fulfilment;
}

/** The trips the service worker has saved, by path and query. */
const savedTrips = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('junction-trips');
    return (await cache.keys()).map((r) => {
      const url = new URL(r.url);
      return url.pathname + url.search;
    });
  });

/** The part of a banner's text before the time it was saved at. */
const lead = (lang: Lang, key: string) => text(lang, 'orders', key).split('{{time}}')[0] ?? '';

// The service worker keeps the trips readable offline: these tests let it run (the others block it).
test.use({ serviceWorkers: 'allow', freshContext: true });

eachLanguage((lang) => {
  test(`a train ticket and a flight open with the network off, as saved, and refresh once back online (${lang})`, async ({
    page,
    context,
    errors,
  }) => {
    test.setTimeout(240_000);
    await signedInTraveller(page, lang);
    const train = await bookTrip(page, 'train', 9);
    await payByCard(page, train.id);
    const flight = await bookTrip(page, 'flight', 12);
    await payByCard(page, flight.id);
    const issued = await untilIssued(page, train.id);
    await untilIssued(page, flight.id);
    const order = (await (await page.request.get(`/api/order?id=${train.id}`)).json()) as Order;
    const leg = order.legs[0];
    const ticket = issued.tickets[0];
    if (!leg || !ticket?.coach || !ticket.seat) throw new Error('the train ticket has no coach and seat');

    // Online: the trips list alone, read through the worker once it has taken the page over; every upcoming
    // trip and its tickets are saved with it, though neither order is opened online.
    await page.goto('/account/trips');
    await expect(page.getByTestId('order-card')).toHaveCount(2);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    // Installed from here, the site is named in the page's language.
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', `/manifest.${lang}.webmanifest`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await expect
      .poll(() => savedTrips(page), { timeout: 60_000 })
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^\/api\/orders\?/),
          `/api/order?id=${train.id}`,
          `/api/order/fulfilment?id=${train.id}`,
          `/api/order?id=${flight.id}`,
          `/api/order/fulfilment?id=${flight.id}`,
        ]),
      );

    // What was saved is what the API answers: documents and phones masked, never whole.
    const saved = (
      await page.evaluate(async () => {
        const cache = await caches.open('junction-trips');
        return Promise.all((await cache.keys()).map(async (r) => (await (await cache.match(r))?.text()) ?? ''));
      })
    ).join('\n');
    expect(saved).toContain('"documentMasked":"1101');
    expect(saved).not.toMatch(/\d{6}(19|20)\d{2}[01]\d[0-3]\d\d{3}[\dX]/);
    expect(saved).not.toContain('13800138000');

    // Offline: the trips, then the train's ticket never opened before, from what was saved, with the time it
    // was saved, and how the e-ticket is checked at the station.
    await context.setOffline(true);
    await page.goto('/account/trips');
    await expect(page.getByTestId('offline-banner')).toContainText(lead(lang, 'offline.trips'));
    await expect(page.getByTestId('order-card')).toHaveCount(2);
    await shot(page, `offline-trips-${lang}`);
    await page.locator(`[data-order="${train.id}"]`).getByTestId('view-order').click();
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toContainText(lead(lang, 'offline.order'));
    await expect(banner).toContainText(text(lang, 'orders', 'offline.actions'));
    const coach = text(lang, 'orders', 'ticketing.coachNo').replace('{{coach}}', ticket.coach);
    const row = page.getByTestId('ticket-row');
    await expect(row).toContainText(coach);
    await expect(row).toContainText(ticket.seat);
    await expect(row).toContainText(ticket.ticketNumber);
    await expect(page.getByTestId('rail-entry')).toHaveText(text(lang, 'orders', 'ticketing.entryIdCard'));
    await expect(page.getByTestId('itinerary')).toContainText(leg.from.name[lang]);
    await expect(page.getByTestId('itinerary')).toContainText(leg.to.name[lang]);
    // What needs the network waits for it.
    await expect(page.getByTestId('refund-ticket')).toBeDisabled();
    await expect(page.getByTestId('order-chat')).toBeDisabled();
    await shot(page, `offline-train-${lang}`);
    // Its itinerary, offline too: stations, seat and how to enter.
    await page.getByTestId('order-itinerary').click();
    const sheet = page.getByTestId('itinerary-sheet');
    await expect(sheet).toContainText(leg.from.name[lang]);
    await expect(sheet).toContainText(leg.to.name[lang]);
    await expect(sheet.getByTestId('itinerary-ticket')).toContainText(coach);
    await expect(sheet.getByTestId('itinerary-ticket')).toContainText(ticket.seat);
    await expect(sheet.getByTestId('rail-entry')).toHaveText(text(lang, 'orders', 'ticketing.entryIdCard'));
    await shot(page, `offline-itinerary-${lang}`);
    // The flight, opened afresh without a connection.
    await page.goto(`/order?id=${flight.id}`);
    await expect(page.getByTestId('offline-banner')).toContainText(lead(lang, 'offline.order'));
    await expect(page.getByTestId('ticket-row')).toHaveCount(1);
    await shot(page, `offline-flight-${lang}`);

    // Back online, the page reads the order again by itself and the banner goes.
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await expect(page.getByTestId('refund-ticket')).toBeEnabled();
    expect(errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);

    // Signing out leaves nothing of the account's trips on the device.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: text(lang, 'common', 'header.logout') }).click();
    await expect(page.getByTestId('login-button')).toBeVisible();
    await expect.poll(() => savedTrips(page)).toEqual([]);
  });
});
