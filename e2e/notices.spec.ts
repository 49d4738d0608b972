import { expect } from '@playwright/test';
import { shot as shotAt } from './setup';
import { eachLanguage, test, text } from './support';
import { bookTrip, signedInTraveller } from './trip-api';

const shot = (page: import('@playwright/test').Page, name: string) => shotAt(page, name, { fullPage: true });

eachLanguage((lang) => {
  test(`an order's notice is counted in the header and the account menu, listed with its order and read, in ${lang}`, async ({
    page,
    errors,
  }) => {
    await signedInTraveller(page, lang);
    const order = await bookTrip(page);

    await page.goto('/account/notices');
    await expect(page.getByTestId('header-bell')).toContainText('1');
    await expect(page.getByTestId('menu-unread')).toContainText('1');
    const notice = page.getByTestId('notice').filter({ hasText: order.orderNumber });
    await expect(notice).toHaveAttribute('data-kind', 'order-created');
    await expect(notice).toHaveAttribute('data-read', 'false');
    const title = text(lang, 'notices', 'kinds.order-created.title').replace('{{orderNumber}}', order.orderNumber);
    await expect(notice.getByRole('heading')).toHaveText(title);
    await expect(notice).toContainText(lang === 'en' ? 'from Beijing to Shanghai' : '从北京到上海');
    await expect(notice.getByTestId('notice-order')).toHaveAttribute('href', `/order?id=${order.id}`);
    await shot(page, `notices-${lang}`);

    await notice.getByTestId('notice-read').click();
    await expect(notice).toHaveAttribute('data-read', 'true');
    await expect(page.getByTestId('notices-unread')).toHaveText(text(lang, 'notices', 'unread_zero'));
    await expect(page.getByTestId('header-bell').locator('[data-badge-count]')).toHaveCount(0);

    await notice.getByTestId('notice-order').click();
    await expect(page).toHaveURL(new RegExp(`/order\\?id=${order.id}`));
    await expect(page.getByTestId('order-number')).toHaveText(order.orderNumber);
    expect(errors).toEqual([]);
  });
});
