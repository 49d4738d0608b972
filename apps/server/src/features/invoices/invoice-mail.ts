import { escapeHtml } from '../../lib/text';
import { invoiceFileName } from './invoice-view';
import type { InvoicesRepository } from './invoices.repository';
import type { InvoiceMail } from './ports';

/**
 * Sends an order's issued documents to the address given with the request, as PDF attachments, in
 * Chinese and English (the address may be a company's finance office as well as the traveller's).
 */
export async function mailInvoices(repo: InvoicesRepository, send: InvoiceMail, orderId: string, orderNumber: string) {
  const files = await repo.issuedFiles(orderId);
  const first = files[0];
  if (!first) return;
  const list = files.map((f) => `${f.number} ${f.service ?? ''} ${f.travellerName ?? ''}`.trim());
  const text = [
    `您好，订单 ${orderNumber} 的 ${files.length} 张电子发票已开具，见附件（PDF）。`,
    `Hello, the ${files.length} e-invoice(s) of order ${orderNumber} are attached as PDF files.`,
    '',
    ...list,
    '',
    '联程旅行 Junction',
  ].join('\n');
  await send({
    to: first.email,
    subject: `[联程旅行 Junction] 订单 ${orderNumber} 的电子发票 / E-invoices for order ${orderNumber}`,
    text,
    html: text
      .split('\n')
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join(''),
    attachments: files.flatMap((f) =>
      f.pdf && f.number
        ? [
            {
              filename: invoiceFileName(f.kind, f.number, false),
              content: Buffer.from(f.pdf),
              contentType: 'application/pdf',
            },
          ]
        : [],
    ),
  });
}
