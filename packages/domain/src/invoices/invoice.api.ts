import { z } from 'zod';
import { defineEndpoint, okSchema } from '../api/endpoint';
import {
  invoiceFileQuerySchema,
  invoiceTitleIdSchema,
  invoiceTitleInputSchema,
  orderInvoicesQuerySchema,
  orderInvoicesSchema,
  requestInvoicesSchema,
  savedInvoiceTitleListSchema,
  savedInvoiceTitleSchema,
} from './invoice.schema';

/** Invoices, reimbursement vouchers and electronic itineraries of the signed-in user's own orders, and saved titles. */
export const invoiceEndpoints = {
  ofOrder: defineEndpoint({
    method: 'GET',
    path: '/api/invoices',
    query: orderInvoicesQuerySchema,
    response: orderInvoicesSchema,
    summary: "An order's invoices and what may still be requested",
  }),
  request: defineEndpoint({
    method: 'POST',
    path: '/api/invoices',
    body: requestInvoicesSchema,
    response: orderInvoicesSchema,
    summary: "Request an order's service fee invoice, rail vouchers and flight itineraries for a title",
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/api/invoice/pdf',
    query: invoiceFileQuerySchema,
    response: z.string().describe('application/pdf'),
    summary: 'An issued invoice, or the red-letter invoice that reversed it, as the PDF the e-invoice service made',
  }),
  titles: defineEndpoint({
    method: 'GET',
    path: '/api/invoice-titles',
    response: savedInvoiceTitleListSchema,
    summary: "The signed-in user's saved invoice titles",
  }),
  saveTitle: defineEndpoint({
    method: 'POST',
    path: '/api/invoice-title',
    body: invoiceTitleInputSchema,
    response: savedInvoiceTitleSchema,
    summary: 'Save an invoice title (a company with its unified social credit code)',
  }),
  removeTitle: defineEndpoint({
    method: 'POST',
    path: '/api/invoice-title/remove',
    body: invoiceTitleIdSchema,
    response: okSchema,
    summary: 'Delete a saved invoice title',
  }),
} as const;
