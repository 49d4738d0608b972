import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import ical, { type VEvent } from 'node-ical';
import { TEST_CARDS } from '../apps/server/src/features/payment/gateway/simulator/test-cards';
import { shiftIso } from '../packages/domain/src/index';
import { fillCardForm } from './card-form';
import { shot as shotAt } from './setup';
import { eachLanguage, type Lang, test, text } from './support';
import { bookTrip, payFromWallet, retimeFlight, settleRefunds, signedInTraveller } from './trip-api';

const shot = (page: Page, name: string) => shotAt(page, name, { widths: [390, 1280], fullPage: true });

/** Pays the order on the payment page with a new card, as a traveller does, and follows it back to the order. */
async function payByCard(page: Page, lang: Lang, orderId: string, number: string = TEST_CARDS.visa) {
  await page.goto(`/payment?id=${orderId}`);
  await fillCardForm(page, lang, number);
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('payment-success')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/order\\?id=${orderId}$`), { timeout: 60_000 });
}

/** Waits until the order page shows the order ticketed (it asks again by itself while tickets are issued). */
async function untilTicketed(page: Page, lang: Lang) {
  await expect(page.getByTestId('order-status')).toHaveText(text(lang, 'orders', 'status.5'), { timeout: 60_000 });
}

eachLanguage((lang) => {
  test.describe(`after payment (${lang})`, () => {
    test(`a paid order becomes ticketed, with its receipt, notices and unread counts (${lang})`, async ({
      page,
      errors,
    }) => {
      test.setTimeout(150_000);
      await signedInTraveller(page, lang);
      const order = await bookTrip(page, 'flight');
      await payByCard(page, lang, order.id, TEST_CARDS.mastercard);
      await untilTicketed(page, lang);
      // The header counts the notices that came with payment and tickets.
      await expect(page.getByTestId('header-bell')).toContainText(/^[34]$/);

      const rows = page.getByTestId('ticket-row');
      await expect(rows).toHaveCount(1);
      await expect(rows.getByTestId('ticket-number')).toHaveText(/^\d{13}$/);
      const receipt = page.getByTestId('receipt');
      const method = receipt.getByTestId('receipt-method');
      await expect(method).toContainText(text(lang, 'orders', 'receipt.brands.mastercard'));
      await expect(method).toContainText('4444');
      await expect(receipt.getByTestId('receipt-paid')).toHaveText(/\d/);
      await shot(page, `order-ticketed-${lang}`);

      // Order created, payment received, tickets issued (and a schedule change, when the airline made one).
      await page.goto('/account/notices');
      const notices = page.getByTestId('notice').filter({ hasText: order.orderNumber });
      for (const kind of ['order-created', 'payment-received', 'tickets-issued']) {
        await expect(notices.and(page.locator(`[data-kind="${kind}"]`))).toHaveCount(1);
      }
      const count = String(await notices.count());
      await expect(page.getByTestId('header-bell')).toContainText(count);
      await expect(page.getByTestId('menu-unread')).toContainText(count);
      await shot(page, `notices-ticketed-${lang}`);
      await page.getByTestId('notices-read-all').click();
      await expect(page.getByTestId('header-bell').locator('[data-badge-count]')).toHaveCount(0);
      expect(errors).toEqual([]);
    });

    test(`the itinerary shows the whole plan, prints on A4, and its calendar file and PDF download (${lang})`, async ({
      page,
      errors,
    }) => {
      test.setTimeout(180_000);
      await signedInTraveller(page, lang);
      const order = await bookTrip(page, 'mix');
      // The airline re-times the flight 25 minutes later when it issues the ticket.
      const bookedFlight = await retimeFlight(page, order.id, 25);
      const departs = shiftIso(bookedFlight.departureTime, 25 * 60_000);
      await payByCard(page, lang, order.id);
      await untilTicketed(page, lang);
      // The order page: the flight at its new time, the booked one beside it.
      const row = page.getByTestId('ticket-row').first();
      await expect(row).toContainText(departs.slice(11, 16));
      await expect(row.getByTestId('schedule-changed')).toContainText(bookedFlight.departureTime.slice(11, 16));

      await page.getByTestId('order-itinerary').click();
      await expect(page).toHaveURL(new RegExp(`/itinerary\\?id=${order.id}$`));
      const sheet = page.getByTestId('itinerary-sheet');
      await expect(sheet.getByTestId('itinerary-order-number')).toHaveText(order.orderNumber);
      // Door to door: the metro legs around the flight are on it, and the flight's ticket.
      const legs = sheet.getByTestId('itinerary-leg');
      expect(await legs.count()).toBeGreaterThanOrEqual(3);
      await expect(sheet.locator('[data-testid="itinerary-leg"][data-kind="air"]')).toHaveCount(1);
      await expect(sheet.locator('[data-testid="itinerary-leg"][data-kind="subway"]').first()).toBeVisible();
      const flight = sheet.locator('[data-testid="itinerary-leg"][data-kind="air"]');
      await expect(flight.getByTestId('itinerary-reference')).toHaveText(/^[A-Z0-9]{6}$/);
      await expect(flight.getByTestId('itinerary-ticket')).toContainText('张伟');
      await expect(flight.getByTestId('itinerary-ticket')).toContainText(/\d{13}/);
      await expect(sheet.getByTestId('itinerary-document')).toHaveText(/^\d{4}\*+\d{3}[\dX]$/);
      // The flight leaves at its new time; the note tells the time it was booked with.
      await expect(flight.locator('strong').first()).toHaveText(departs.slice(11, 16));
      await expect(flight.getByTestId('itinerary-changed')).toContainText(bookedFlight.departureTime.slice(11, 16));
      await shot(page, `itinerary-${lang}`);

      // The print layout: A4, without the site's header, footer or buttons.
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByTestId('site-header')).toBeHidden();
      await expect(page.getByTestId('itinerary-print')).toBeHidden();
      await expect(sheet).toBeVisible();
      if (process.env.SHOTS) {
        await page.setViewportSize({ width: 794, height: 1123 });
        await page.screenshot({ path: `${process.env.SHOTS}/itinerary-print-${lang}.png`, fullPage: true });
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      await page.emulateMedia({ media: 'screen' });

      // The calendar file: every leg, the flight at its (new) local time in Beijing's zone, as the page shows it.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('itinerary-ics').click()]);
      expect(download.suggestedFilename()).toBe(`itinerary-${order.orderNumber}.ics`);
      const ics = readFileSync((await download.path()) as string, 'utf8');
      const events = Object.values(ical.sync.parseICS(ics)).filter((x): x is VEvent => x?.type === 'VEVENT');
      expect(events).toHaveLength(await legs.count());
      const ride = events.find((e) => String(e.summary).startsWith(text(lang, 'orders', 'legs.air')));
      expect(ride?.start.tz).toBe('Asia/Shanghai');
      const shown = `${(await flight.locator('strong').first().textContent()) ?? ''}`;
      expect(ics).toContain(`;TZID=Asia/Shanghai:`);
      expect(
        new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit' }).format(
          ride?.start,
        ),
      ).toBe(shown);

      // The notice of the change reads the same two times.
      await page.goto('/account/notices');
      const notice = page
        .getByTestId('notice')
        .filter({ hasText: order.orderNumber })
        .and(page.locator('[data-kind="schedule-change"]'));
      await expect(notice).toContainText(departs.slice(11, 16));
      await expect(notice).toContainText(bookedFlight.departureTime.slice(11, 16));

      const file = await page.request.get(`/api/itinerary/pdf?id=${order.id}`);
      expect(file.headers()['content-type']).toBe('application/pdf');
      expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
      expect(errors).toEqual([]);
    });

    test(`refunds one traveller's ticket and withdraws it, then the other traveller until the money is back (${lang})`, async ({
      page,
      errors,
    }) => {
      test.setTimeout(200_000);
      await signedInTraveller(page, lang);
      const order = await bookTrip(page, 'flight', 21, [
        { name: '张伟', birth: '1985-03-02' },
        { name: '李娜', birth: '1987-06-18' },
      ]);
      await payByCard(page, lang, order.id);
      await untilTicketed(page, lang);
      const rowOf = (name: string) => page.getByTestId('ticket-row').filter({ hasText: name });
      await expect(page.getByTestId('ticket-row')).toHaveCount(2);
      const processing = text(lang, 'orders', 'refund.status.processing');

      // One ticket, 李娜's: the quote names her and her flight, then her refund is followed on its page.
      await rowOf('李娜').getByTestId('refund-ticket').click();
      const quote = page.getByTestId('quote-ticket');
      await expect(quote).toHaveCount(1);
      await expect(quote).toContainText('李娜');
      await expect(quote).toContainText(text(lang, 'orders', 'refund.flight'));
      await shot(page, `refund-quote-${lang}`);
      await page.getByTestId('confirm-refund').click();
      await expect(page).toHaveURL(/\/refund-detail\?id=/);
      await expect(page.getByTestId('refund-status')).toHaveText(processing);
      await expect(page.getByTestId('refund-traveller-name')).toContainText('李娜');
      await expect(page.getByTestId('received-before')).toBeVisible();
      await shot(page, `refund-processing-${lang}`);
      // On the order: her ticket is being refunded; his stands, and so do the ticket and the order.
      await page.getByTestId('refund-order').click();
      await expect(page.getByTestId('order-status')).toHaveText(text(lang, 'orders', 'status.5'));
      await expect(page.getByTestId('sub-status')).toHaveText(text(lang, 'orders', 'subStatus.5'));
      await expect(rowOf('李娜').getByTestId('ticket-refund')).toHaveText(
        text(lang, 'orders', 'refund.ticketStatus.processing'),
      );
      await expect(rowOf('张伟').getByTestId('refund-ticket')).toBeVisible();
      await shot(page, `order-one-refunded-${lang}`);

      // Withdrawn with "Confirm cancel refund": her ticket stands again.
      await rowOf('李娜').getByTestId('ticket-refund').click();
      await page.getByTestId('withdraw-refund').click();
      await expect(page.getByRole('dialog')).toContainText(text(lang, 'orders', 'refund.confirmWithdrawTitle'));
      await page
        .getByRole('dialog')
        .getByRole('button', { name: text(lang, 'orders', 'refund.withdraw') })
        .click();
      await expect(page.getByTestId('refund-status')).toHaveText(text(lang, 'orders', 'refund.status.withdrawn'));
      await page.getByTestId('refund-order').click();
      await expect(rowOf('李娜').getByTestId('refund-ticket')).toBeVisible();

      // One traveller, 张伟, from the travellers: left to run, the money goes back to the card.
      await page.getByTestId('order-traveller').filter({ hasText: '张伟' }).getByTestId('refund-traveller').click();
      await expect(page.getByTestId('quote-ticket')).toHaveCount(1);
      await expect(page.getByTestId('quote-ticket')).toContainText('张伟');
      await page.getByTestId('confirm-refund').click();
      await expect(page).toHaveURL(/\/refund-detail\?id=/);
      await settleRefunds(page, order.id);
      await expect(page.getByTestId('refund-status')).toHaveText(text(lang, 'orders', 'refund.status.done'), {
        timeout: 90_000,
      });
      await expect(page.getByTestId('refund-channel')).toHaveText(text(lang, 'orders', 'refund.channels.card'));
      await shot(page, `refund-done-${lang}`);
      await page.getByTestId('refund-order').click();
      await expect(rowOf('张伟').getByTestId('ticket-refund')).toHaveText(
        text(lang, 'orders', 'refund.ticketStatus.done'),
      );
      // 李娜 still flies: the order stands, and its receipt says what came back.
      await expect(page.getByTestId('order-status')).toHaveText(text(lang, 'orders', 'status.5'));
      await expect(page.getByTestId('receipt').getByTestId('receipt-refunded')).toBeVisible();

      // The notices date the money's arrival the site's way, never as 2026-12-05.
      await page.goto('/account/notices');
      const notices = page.getByTestId('notice').filter({ hasText: order.orderNumber });
      await expect(notices.and(page.locator('[data-kind="refund-done"]'))).toHaveCount(1);
      const asked = notices.and(page.locator('[data-kind="refund-processing"]')).first();
      await expect(asked).toContainText(
        lang === 'en' ? /[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}/ : /\d{4}年\d{1,2}月\d{1,2}日周/,
      );
      await expect(asked).not.toContainText(/\d{4}-\d{2}-\d{2}/);
      // The itinerary of flights alone is headed as a flight's.
      await page.goto(`/itinerary?id=${order.id}`);
      await expect(page.getByTestId('itinerary-sheet')).toContainText(
        text(lang, 'orders', 'itineraryPage.heading.flight'),
      );
      expect(errors).toEqual([]);
    });

    test(`a train ticket's refund takes the railway's share of its fare alone and keeps the service fee (${lang})`, async ({
      page,
      errors,
    }) => {
      test.setTimeout(150_000);
      await signedInTraveller(page, lang);
      // Five days ahead: China Railway keeps 5 % of the fare.
      const order = await bookTrip(page, 'train', 5);
      await payFromWallet(page, order.id);
      await page.goto(`/order?id=${order.id}`);
      // Our agents buy an offline ticket at the railway a little later than an online one.
      await expect(page.getByTestId('order-status')).toHaveText(text(lang, 'orders', 'status.5'), {
        timeout: 90_000,
      });
      const sub = (
        (await (await page.request.get(`/api/order?id=${order.id}`)).json()) as {
          subOrders: { price: { amount: number }; serviceFee: { amount: number } | null }[];
        }
      ).subOrders[0];
      const service = sub?.serviceFee?.amount ?? 0;
      const fare = (sub?.price.amount ?? 0) - service;
      expect(service).toBeGreaterThan(0);
      await page.getByTestId('ticket-row').first().getByTestId('refund-ticket').click();
      const fee = Math.round((fare * 5) / 100 / 50) * 50;
      await expect(page.getByTestId('quote-fee')).toHaveAttribute('data-amount', String(fee));
      await expect(page.getByTestId('quote-service-fee')).toHaveAttribute('data-amount', String(service));
      await expect(page.getByTestId('quote-refunded')).toHaveAttribute('data-amount', String(fare - fee));
      await expect(page.getByTestId('quote-ticket')).toContainText(text(lang, 'orders', 'refund.train'));
      await expect(page.getByTestId('refund-quote')).toContainText(text(lang, 'orders', 'refund.serviceFeeKept'));
      await shot(page, `refund-train-quote-${lang}`);
      expect(errors).toEqual([]);
    });
  });
});
