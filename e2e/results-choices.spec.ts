import { expect, type Page } from '@playwright/test';
import { packSearchLink, type ResultLeg, type SearchCriteria, type SearchResult } from '../packages/domain/src/index';
import { travellerAndContact } from './booking-form';
import { inDays, routeCriteria, searchOnPage, signUpThroughApi } from './setup';
import { eachLanguage, test, text } from './support';
import { bookTrip, signedInTraveller } from './trip-api';

const ground = (l: ResultLeg | undefined) => l?.kind === 'taxi' || l?.kind === 'subway' || l?.kind === 'lands';

/** A door-to-door plan riding one train from Beijing South after a taxi or the metro, and that train's own result. */
function planAndTrain(results: SearchResult[]): { plan: SearchResult; train: SearchResult } {
  for (const plan of results) {
    if (plan.kind !== 'mix') continue;
    const rides = plan.legs.filter((l) => l.kind === 'land' || l.kind === 'air');
    const i = plan.legs.findIndex((l) => l.kind === 'land');
    const leg = plan.legs[i];
    if (rides.length !== 1 || !leg || leg.from.code !== 'VNP' || !ground(plan.legs[i - 1])) continue;
    const train = results.find(
      (r) =>
        r.kind === 'train' &&
        r.legs.length === 1 &&
        r.legs[0]?.number === leg.number &&
        r.legs[0]?.departureTime === leg.departureTime &&
        r.legs[0]?.to.code === leg.to.code,
    );
    if (train) return { plan, train };
  }
  throw new Error('no door-to-door plan rides a train that is also a result of its own');
}

/** The route page of one result (`/search/{routes}/{plan}`): its search runs again and the result opens. */
async function openResult(page: Page, days: number, id: string) {
  const date = inDays(days).slice(2).replaceAll('/', '');
  await page.goto(`/search/BJS-SHA-${date}/${encodeURIComponent(id)}`);
  await expect(page.locator('[data-testid="search-progress"][data-done="true"]')).toBeVisible({ timeout: 60_000 });
  const card = page.locator(`[data-result-id="${id}"]`);
  await expect(card).toBeVisible({ timeout: 60_000 });
  return card;
}

eachLanguage((lang, n) => {
  const tx = (ns: string, key: string) => text(lang, ns, key);

  test(`a train costs the same inside a door-to-door plan, with time to board, and is booked in the class tapped on its card (${lang})`, async ({
    page,
    errors,
  }) => {
    test.setTimeout(180_000);
    await signUpThroughApi(page, [{ name: '周杰', birth: '1986-04-12' }]);
    const days = 27 + n;
    const found = await searchOnPage(page, routeCriteria('all', days));
    const { plan, train } = planAndTrain(found.results);
    const leg = train.legs[0] as ResultLeg;

    // Inside the plan: the train at its own result's fare, reached in time for the station's checks.
    const planCard = await openResult(page, days, plan.id);
    const details = planCard.getByTestId('result-details');
    const ride = details.locator('li[data-leg-kind="land"]');
    const planFare = await ride.getByTestId('leg-fare').getByTestId('price').innerText();
    const boarding = details.getByTestId('connection').filter({ has: page.getByTestId('boarding-note') });
    await expect(boarding.getByTestId('boarding-note')).toHaveText(
      tx('results', 'timeline.ticketCheck').replace('{{minutes}}', '5'),
    );
    const minutes = Number(await boarding.locator('[data-minutes]').getAttribute('data-minutes'));
    expect(minutes, 'minutes at Beijing South before the train').toBeGreaterThanOrEqual(35);

    // The train's own card: the same fare for the same class.
    const trainCard = await openResult(page, days, train.id);
    const offered = trainCard.locator(`[data-seat="${leg.cabin}"] [data-testid="seat-choice"]`);
    await expect(offered.getByTestId('price')).toHaveText(planFare);

    // Tapping another class books that class; step 3 shows it chosen and still lets it change.
    const other = (leg.seats ?? []).find((s) => s.code !== leg.cabin && s.remaining > 0);
    if (!other) throw new Error(`${leg.number} has no other class with seats`);
    const otherName = tx('orders', `seats.${other.code}`);
    await trainCard.locator(`[data-seat="${other.code}"] [data-testid="seat-choice"]`).click();
    // Re-priced on the way: should the fare have moved, the traveller goes on at the new one.
    const dialog = page.getByTestId('price-change-dialog');
    await expect(page.getByTestId('booking-page').or(dialog)).toBeVisible({ timeout: 30_000 });
    if (await dialog.isVisible())
      await dialog.getByRole('button', { name: tx('results', 'priceChange.continue') }).click();
    await expect(page).toHaveURL(new RegExp(`/booking\\?.*seat=${other.code}`));
    const summary = page.getByTestId('summary-trains');
    await expect(summary).toHaveText(`${leg.number} ${otherName}`);
    await travellerAndContact(page, '周杰');
    await page.getByTestId('next-step').click();
    await expect(page.getByTestId('step-itinerary')).toContainText(otherName);
    await page.getByTestId('next-step').click();
    const classes = page.getByTestId('rail-card').getByTestId('seat-class');
    await expect(classes.and(page.locator(`[data-code="${other.code}"]`))).toBeChecked();
    await page
      .getByTestId('rail-card')
      .locator('label', { has: page.locator(`[data-code="${leg.cabin}"]`) })
      .click();
    await expect(summary).toHaveText(`${leg.number} ${tx('orders', `seats.${leg.cabin}`)}`);
    expect(errors).toEqual([]);
  });

  test(`the order, the itinerary and its calendar name stations, and the map opens on the door chosen, named in the page's language (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signedInTraveller(page, lang);
    const order = await bookTrip(page, 'train', 22 + n);
    const codes = /\b(VNP|AOH|BJP|SHH|FTP|SNH|BXP|IZQ|NKH)\b/;
    await page.goto(`/order?id=${order.id}`);
    await expect(page.getByTestId('order-page')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('leg').first()).toBeVisible();
    expect(await page.getByTestId('order-page').innerText()).not.toMatch(codes);
    await page.goto(`/itinerary?id=${order.id}`);
    await expect(page.getByTestId('itinerary-leg').first()).toBeVisible({ timeout: 60_000 });
    expect(await page.getByTestId('itinerary-page').innerText()).not.toMatch(codes);
    const ics = await (await page.request.get(`/api/itinerary/ics?id=${order.id}`)).text();
    const titles = ics.split(/\r?\n/).filter((l) => l.startsWith('SUMMARY'));
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).not.toMatch(codes);

    // A door beside a town known only by an English name: in Chinese its pin is still named in Chinese.
    const date = inDays(30).slice(2).replaceAll('/', '');
    const linked = await page.request.get(`/api/v2/link?routes=@31N121.29452E-BJS-${date}`);
    expect(linked.ok(), await linked.text()).toBe(true);
    const { criteria } = (await linked.json()) as { criteria: SearchCriteria };
    const doorName = criteria.legs[0]?.departureName ?? '';
    if (lang === 'zh-CN') expect(doorName, 'a Chinese name').not.toMatch(/[A-Za-z]/);
    await page.goto(`/?s=${packSearchLink(criteria)}`);
    await expect(page.getByTestId('leg-0').getByTestId('place-picker').first()).toContainText(doorName);
    await page.getByTestId('leg-0').getByTestId('choose-on-map').first().click();
    const map = page.getByRole('dialog');
    // Open on the door already chosen: its pin and its name, no coordinates.
    const pinName = map.getByTestId('map-pin-name');
    await expect(pinName).toBeVisible({ timeout: 60_000 });
    const name = await pinName.innerText();
    expect(name).toBe(doorName);
    if (lang === 'zh-CN') expect(name, 'a Chinese name').not.toMatch(/[A-Za-z]/);
    else expect(name).toMatch(/^(Near |Pinned location)/);
    expect(await map.innerText()).not.toMatch(/\d+\.\d{3,}/);
    const pin = map.locator('[data-map-marker="pin"]');
    await expect(pin).toBeVisible();
    const [mapBox, pinBox] = [await map.getByTestId('map').boundingBox(), await pin.boundingBox()];
    if (!mapBox || !pinBox) throw new Error('no map or pin');
    expect(pinBox.x > mapBox.x && pinBox.x < mapBox.x + mapBox.width, 'the pin is on the map shown').toBe(true);
    expect(pinBox.y > mapBox.y && pinBox.y < mapBox.y + mapBox.height, 'the pin is on the map shown').toBe(true);
  });
});
