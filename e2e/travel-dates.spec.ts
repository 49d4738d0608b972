import { expect } from '@playwright/test';
import type { SearchResult } from '../packages/domain/src/index';
import { travellerAndContact } from './booking-form';
import { routeCriteria, searchOnPage, shot, signUpThroughApi } from './setup';
import { eachLanguage, openOrderFromPayment, test, text } from './support';

/** A day of travel as each language writes it: "Sat, Dec 5, 2026" / "2026年12月5日周六". */
const written = (isoLocal: string, lang: string) => {
  const [y, m, d] = isoLocal.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(lang, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
};
const overnight = (r: SearchResult) =>
  r.kind === 'train' &&
  r.legs.length === 1 &&
  !r.legs[0]?.soldOut &&
  r.legs[0]?.arrivalTime.slice(0, 10) !== r.legs[0]?.departureTime.slice(0, 10);

eachLanguage((lang) => {
  test(`an overnight train shows its day in the site's language and "+1" on its arrival, from booking to the trips list (${lang})`, async ({
    page,
    errors,
  }) => {
    test.setTimeout(150_000);
    await signUpThroughApi(page, [{ name: '赵敏', birth: '1988-08-08' }]);
    const found = await searchOnPage(page, routeCriteria('train', 23));
    const train = found.results.find(overnight);
    expect(train, 'an overnight train between Beijing and Shanghai').toBeDefined();
    const leg = train?.legs[0];
    const day = written(leg?.departureTime ?? '', lang);
    const noIsoDate = /\d{4}-\d{2}-\d{2}/;

    await page.goto(`/booking?${new URLSearchParams({ search: found.searchId, result: train?.id ?? '' })}`);
    const summary = page.getByTestId('booking-summary');
    await expect(summary.getByTestId('travel-dates')).toContainText(`${day} ${leg?.departureTime.slice(11, 16)}`);
    await expect(summary.getByTestId('plus-days')).toHaveText('+1');
    await travellerAndContact(page, '赵敏', 'zhao.min@example.com');
    await page.getByTestId('next-step').click();

    // Step 2: the journey under its date, the arrival the next morning marked.
    const itinerary = page.getByTestId('step-itinerary');
    await expect(itinerary.getByTestId('journey-date')).toHaveText(day);
    await expect(itinerary.getByTestId('plus-days')).toHaveText('+1');
    await expect(itinerary).not.toContainText(noIsoDate);
    await shot(page, `booking-dates-${lang}`, { widths: [390, 1280], fullPage: true });
    for (let i = 0; i < 2; i++) await page.getByTestId('next-step').click();
    await page.getByTestId('create-order').click();

    // The order page and its payment summary.
    await expect(page).toHaveURL(/\/payment\?id=/, { timeout: 60_000 });
    await expect(page.getByTestId('travel-dates')).toContainText(day);
    await openOrderFromPayment(page);
    const head = page.getByTestId('order-page').getByTestId('travel-dates').first();
    await expect(head).toContainText(`${day} ${leg?.departureTime.slice(11, 16)}`);
    await expect(head.getByTestId('plus-days')).toHaveText('+1');
    await expect(page.getByTestId('itinerary').getByTestId('journey-date')).toHaveText(day);
    await shot(page, `order-dates-${lang}`, { widths: [390, 1280], fullPage: true });

    // The trips list.
    await page.goto('/account/trips');
    const card = page.getByTestId('order-card').first();
    await expect(card.getByTestId('travel-dates')).toContainText(day);
    await expect(card.getByTestId('plus-days')).toHaveText('+1');
    await expect(card).not.toContainText(noIsoDate);
    await expect(card).toContainText(text(lang, 'orders', 'status.0'));
    await shot(page, `trips-dates-${lang}`, { widths: [390, 1280], fullPage: true });
    expect(errors).toEqual([]);
  });
});
