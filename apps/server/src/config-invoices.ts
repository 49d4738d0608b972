import { z } from 'zod';

/**
 * Invoices: the seller's bank printed on every invoice beside the operator's particulars (its Chinese name,
 * address and business licence number, the unified social credit code), and the simulated national
 * e-invoice service. While the operator's particulars are samples (`COMPANY_PARTICULARS_ARE_SAMPLES`),
 * every invoice drawn says it is a sample and no invoice.
 */
export const invoiceSettings = {
  INVOICE_SELLER_BANK: z
    .string()
    .default('示例银行北京分行 0000 0000 0000 0000')
    .describe("The seller's bank and account, as printed on invoices"),
  INVOICE_SIM_LATENCY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(1200)
    .describe('Response time of the simulated national e-invoice service'),
};
