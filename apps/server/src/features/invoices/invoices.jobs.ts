import { z } from 'zod';
import type { JobRegistry } from '../../jobs/jobs';
import type { InvoicesService } from './invoices.service';

/** Invoices' jobs: issuing each invoice, reversing one with a red-letter invoice, and mailing an order's invoices. */
export function registerInvoiceJobs(jobs: JobRegistry, invoices: InvoicesService): void {
  jobs.task('invoices.issue', z.object({ invoiceId: z.uuid() }), (p) => invoices.issue(p.invoiceId));
  jobs.task('invoices.reverse', z.object({ invoiceId: z.uuid() }), (p) => invoices.reverse(p.invoiceId));
  jobs.task('invoices.mail', z.object({ orderId: z.uuid() }), (p) => invoices.mail(p.orderId));
}
