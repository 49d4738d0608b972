import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { shot as shotAt } from './setup';
import { eachLanguage, test, text } from './support';
import { bookTrip, payByCard, refundThroughApi, settleRefunds, signedInTraveller } from './trip-api';

const shot = (page: Page, name: string) => shotAt(page, name, { widths: [390, 1280], fullPage: true });

const pdfText = async (file: string) => {
  const parser = new PDFParse({ data: new Uint8Array(readFileSync(file)) });
  const { text: words } = await parser.getText();
  await parser.destroy();
  return words.replace(/\s+/g, '');
};

const COMPANY = '北京字节跳动科技有限公司';
const CODE = '91110000802100433B';

eachLanguage((lang) => {
  test.describe(`invoices (${lang})`, () => {
    test(`a ticketed train's service fee invoice and voucher are requested for a company with its credit code, issued and downloaded (${lang})`, async ({
      page,
      errors,
    }) => {
      test.setTimeout(180_000);
      await signedInTraveller(page, lang);
      const order = await bookTrip(page, 'train', 21, undefined, { railTicketing: 'offline' });
      await payByCard(page, order.id);
      await page.goto(`/order?id=${order.id}`);
      await expect(page.getByTestId('order-status')).toHaveText(text(lang, 'orders', 'status.5'), { timeout: 90_000 });

      const card = page.getByTestId('invoice-card');
      await expect(card).toContainText(text(lang, 'invoices', 'kinds.serviceFee'));
      await expect(card).toContainText(text(lang, 'invoices', 'kinds.railVoucher'));
      await card.getByTestId('invoice-request').click();
      // The form starts from the order's contact: a personal title in their name, sent to their address.
      await expect(card.getByTestId('title-name')).toHaveValue('张伟');
      await expect(card.getByTestId('invoice-email')).toHaveValue('zhang.wei@example.com');
      await card.getByText(text(lang, 'invoices', 'form.company'), { exact: true }).click();
      await card.getByTestId('title-name').fill(COMPANY);
      // One character off: the checksum refuses it under the field, in the page's language.
      await card.getByTestId('title-code').fill('91110000802100433C');
      await card.getByTestId('invoice-submit').click();
      await expect(card.getByText(text(lang, 'invoices', 'form.creditCodeInvalid'))).toBeVisible();
      // Typed with spaces and in lower case, as it is often copied.
      await card.getByTestId('title-code').fill('9111 0000 8021 0043 3b');
      await expect(card.getByTestId('title-code')).toHaveValue(CODE);
      await card.getByTestId('invoice-save-title').check();
      await shot(page, `invoice-form-${lang}`);
      await card.getByTestId('invoice-submit').click();

      const items = card.getByTestId('invoice-item');
      await expect(items).toHaveCount(2);
      const statuses = card.getByTestId('invoice-status');
      for (const i of [0, 1]) {
        await expect(statuses.nth(i)).toHaveText(text(lang, 'invoices', 'status.issued'), { timeout: 60_000 });
      }
      await expect(card.getByTestId('invoice-number').first()).toHaveText(/\d{20}/);
      await shot(page, `invoice-issued-${lang}`);

      const voucher = items.filter({ hasText: text(lang, 'invoices', 'kinds.railVoucher') });
      const number = ((await voucher.getByTestId('invoice-number').textContent()) ?? '').replace(/\D/g, '');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        voucher.getByTestId('invoice-download').click(),
      ]);
      expect(download.suggestedFilename()).toBe(`rail-voucher-${number}.pdf`);
      const words = await pdfText((await download.path()) as string);
      for (const shown of [number, COMPANY, CODE, '铁路电子客票', '联程科技有限公司']) expect(words).toContain(shown);

      // The ticket refunded: its voucher is reversed by a red-letter invoice of its own number, downloadable
      // beside the original; the service fee invoice stands.
      // The red letter follows the refund's end; the traveller comes back to the order then.
      await refundThroughApi(page, order.id);
      await settleRefunds(page, order.id);
      await expect
        .poll(
          async () => {
            const res = await page.request.get(`/api/invoices?orderId=${order.id}`);
            return ((await res.json()) as { items: { status: string }[] }).items.map((i) => i.status).sort();
          },
          { timeout: 120_000 },
        )
        .toEqual(['issued', 'reversed']);
      await page.reload();
      await expect(voucher.getByTestId('invoice-status')).toHaveText(text(lang, 'invoices', 'status.reversed'));
      await expect(voucher).toContainText(text(lang, 'invoices', 'item.reversedNote'));
      const red = ((await voucher.getByTestId('invoice-red-number').textContent()) ?? '').replace(/\D/g, '');
      expect(red).toMatch(/^\d{20}$/);
      expect(red).not.toBe(number);
      const fee = items.filter({ hasText: text(lang, 'invoices', 'kinds.serviceFee') });
      await expect(fee.getByTestId('invoice-status')).toHaveText(text(lang, 'invoices', 'status.issued'));
      await shot(page, `invoice-reversed-${lang}`);
      const [redDownload] = await Promise.all([
        page.waitForEvent('download'),
        voucher.getByTestId('invoice-download-red').click(),
      ]);
      expect(redDownload.suggestedFilename()).toBe(`red-rail-voucher-${red}.pdf`);
      const redWords = await pdfText((await redDownload.path()) as string);
      for (const shown of [red, number, '红字', COMPANY]) expect(redWords).toContain(shown);

      // The title was kept in the account.
      await page.goto('/account/invoice-titles');
      const title = page.getByTestId('invoice-title');
      await expect(title).toHaveCount(1);
      await expect(title).toContainText(COMPANY);
      await expect(title).toContainText(CODE);
      await shot(page, `invoice-titles-${lang}`);
      expect(errors).toEqual([]);
    });
  });
});
