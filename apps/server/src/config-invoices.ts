import { z } from 'zod';

/**
 * Invoices: the seller's particulars printed on every invoice, and the simulated national e-invoice
 * service. The defaults are sample particulars, and every invoice drawn with them says so.
 */
export const invoiceSettings = {
  INVOICE_SELLER_NAME: z
    .string()
    .min(1)
    .default('联程科技有限公司')
    .describe("The seller on invoices: the operator's registered name"),
  INVOICE_SELLER_CREDIT_CODE: z
    .string()
    .length(18)
    .default('91310115MA1H7XJQ3X')
    .describe("The seller's unified social credit code (the default is a sample that passes the checksum)"),
  INVOICE_SELLER_ADDRESS: z
    .string()
    .default('上海市浦东新区示例路 1 号 021-00000000')
    .describe("The seller's registered address and telephone, as printed on invoices"),
  INVOICE_SELLER_BANK: z
    .string()
    .default('示例银行上海分行 0000 0000 0000 0000')
    .describe("The seller's bank and account, as printed on invoices"),
  INVOICE_SIM_LATENCY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(1200)
    .describe('Response time of the simulated national e-invoice service'),
};

/** Whether the seller's particulars are the samples above: every invoice drawn with them is marked a sample. */
export const sellerIsSample = (config: { INVOICE_SELLER_CREDIT_CODE: string }): boolean =>
  config.INVOICE_SELLER_CREDIT_CODE === invoiceSettings.INVOICE_SELLER_CREDIT_CODE.parse(undefined);
