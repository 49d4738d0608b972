import type { Basics, FeatureModule } from '../../feature-module';
import type { JobRegistry } from '../../jobs/jobs';
import { EInvoiceSimulator } from './einvoice/simulator';
import { InvoiceTitles } from './invoice-titles';
import { registerInvoiceJobs } from './invoices.jobs';
import { InvoicesRepository } from './invoices.repository';
import { invoiceRoutes } from './invoices.routes';
import { type InvoiceNotifier, InvoicesService } from './invoices.service';
import type { EInvoiceService, InvoiceMail } from './ports';

/**
 * Invoices: an order's service fee invoice, rail reimbursement vouchers and flight e-ticket itineraries,
 * issued through the national e-invoice service (the simulator unless one is given) and reversed by
 * red-letter invoices; saved titles. Its service's `reverseTickets` is what a refund or a change calls.
 */
export function invoicesModule(
  basics: Basics,
  ports: { notify: InvoiceNotifier; mail: InvoiceMail; einvoice?: EInvoiceService },
): FeatureModule<InvoicesService> {
  const { db, config, now } = basics;
  const repo = new InvoicesRepository(db);
  const einvoice =
    ports.einvoice ??
    new EInvoiceSimulator(db, {
      // The operator's particulars as the site shows them, and its bank.
      seller: {
        name: config.COMPANY_NAME_ZH,
        creditCode: config.BUSINESS_LICENSE,
        address: `${config.COMPANY_ADDRESS_ZH} ${config.SERVICE_PHONE}`,
        bank: config.INVOICE_SELLER_BANK,
      },
      sample: config.COMPANY_PARTICULARS_ARE_SAMPLES,
      latencyMs: config.INVOICE_SIM_LATENCY_MS,
      now,
    });
  const service = new InvoicesService(repo, einvoice, ports.notify, new InvoiceTitles(repo, now), now, ports.mail);
  return {
    service,
    routes: invoiceRoutes(service),
    jobs: (registry: JobRegistry) => registerInvoiceJobs(registry, service),
  };
}
