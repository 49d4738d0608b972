import { expect } from '@playwright/test';
import { travellerAndContact } from './booking-form';
import { newMobile } from './outbox';
import {
  idNumber,
  keepSignedIn,
  linkRailAccount,
  railAccount,
  registerUser,
  routeCriteria,
  searchOnPage,
  shot,
} from './setup';
import { eachLanguage, openOrderFromPayment, test, text } from './support';
import { payFromWallet } from './trip-api';

eachLanguage((lang) => {
  const tx = (ns: string, key: string) => text(lang, ns, key);

  test(`books a verified student on a student ticket at the student fare and shows it on the order (${lang})`, async ({
    page,
    errors,
  }) => {
    test.setTimeout(180_000);
    const { user } = await registerUser(page);
    // A 12306 account whose passenger 李明 is a verified student between Beijing and Shanghai, linked and imported.
    const rail = await railAccount(page, {
      name: '周杰',
      idNumber: idNumber('1986-04-12'),
      passengers: [
        {
          name: '李明',
          documentType: 'B',
          documentNumber: idNumber('2006-09-01'),
          phone: `+86${newMobile()}`,
          type: 'STUDENT',
          student: { school: '复旦大学', homeCity: 'BJS', schoolCity: 'SHA', enrolledYear: 2024, check: 'verified' },
        },
      ],
    });
    await linkRailAccount(page, rail);
    const listed = (await (await page.request.get('/api/rail/passengers')).json()) as { items: { id: string }[] };
    const imported = await page.request.post('/api/rail/passengers/import', {
      data: { ids: listed.items.map((p) => p.id) },
    });
    expect(imported.ok(), await imported.text()).toBe(true);
    await keepSignedIn(page, user);

    const found = await searchOnPage(page, routeCriteria('train', 20));
    await expect(page.getByTestId('result-card').first()).toBeVisible();
    const shown = await page.getByTestId('result-card').evaluateAll((cards) => cards.map((c) => c.dataset.resultId));
    const train = found.results.find(
      (r) =>
        shown.includes(r.id) &&
        r.kind === 'train' &&
        r.legs.length === 1 &&
        /^G/.test(r.legs[0]?.number ?? '') &&
        r.legs[0]?.cabin === 'O',
    );
    if (!train) throw new Error('no G train in second class');
    const adult = train.legs[0]?.price.amount ?? 0;
    const studentMinor = Math.round((adult * 0.75) / 50) * 50;
    // The results show the student fare beside the second class, the fare the booking then offers.
    const onCard = page.locator(`[data-result-id="${train.id}"] [data-seat="O"]`).getByTestId('student-fare');
    await expect(onCard).toHaveAttribute('data-amount', String(studentMinor), { timeout: 30_000 });
    await expect(onCard).toContainText(tx('results', 'card.studentFare').split('{{')[0]?.trim() ?? '');
    await expect(onCard).toContainText(String(studentMinor / 100));
    await shot(page, `student-results-${lang}`, { widths: [1280, 390] });
    await page.goto(`/booking?${new URLSearchParams({ search: found.searchId, result: train.id })}`);
    await travellerAndContact(page, '李明');
    // The student fare from the server, beside the adult one, to tick.
    const choice = page.getByTestId('student-ticket');
    await expect(choice).toBeVisible({ timeout: 30_000 });
    await expect(choice).toContainText(String(studentMinor / 100));
    await choice.locator('input').check();
    await expect(page.getByTestId('rail-type').first()).toContainText(tx('orders', 'types.STUDENT'));
    await shot(page, `student-booking-${lang}`, { widths: [1280, 390] });
    for (let i = 0; i < 3; i++) await page.getByTestId('next-step').click();
    await expect(page.getByTestId('price-breakdown')).toContainText(tx('orders', 'types.STUDENT'));
    await page.getByTestId('create-order').click();
    await expect(page).toHaveURL(/\/payment\?id=/, { timeout: 20_000 });
    await payFromWallet(page, new URL(page.url()).searchParams.get('id') ?? '');
    await openOrderFromPayment(page);
    await expect(page.getByTestId('order-travellers')).toContainText(tx('orders', 'types.STUDENT'), {
      timeout: 60_000,
    });
    await shot(page, `student-order-${lang}`, { widths: [1280, 390] });
    expect(errors).toEqual([]);
  });
});
