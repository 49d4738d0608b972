import { dateTimeFormat, formatMoney, type Language } from '@junction/domain';
import type PDFDocument from 'pdfkit';

/**
 * The drawing's version: raise it when the layout changes, so PDFs kept of the older one are drawn again. Here,
 * not beside the drawing, so that the service reads it without loading the PDF library in its thread.
 */
export const PDF_LAYOUT = 1;

/** The itinerary PDF's page, margins and colours, and the small formatters its drawing shares. */
export const A4 = { width: 595.28, height: 841.89 };
export const M = 42;
export const W = A4.width - 2 * M;
export const BOTTOM = A4.height - 64;
export const C = {
  primary: '#1b5fd9',
  text: '#1a2740',
  muted: '#5b6b86',
  border: '#dfe5ef',
  soft: '#f3f6fb',
  price: '#e0531a',
};

export type Doc = InstanceType<typeof PDFDocument>;

export const cny = (amount: number, language: Language) =>
  formatMoney({ amountMinor: amount, currency: 'CNY' }, language);
export const day = (iso: string) => iso.slice(0, 10);
export const clock = (iso: string) => iso.slice(11, 16);
export const daysBetween = (a: string, b: string) => Math.round((Date.parse(day(b)) - Date.parse(day(a))) / 86_400_000);

/** An instant as Beijing time in the language's style, with the zone named. */
export const beijing = (at: Date | string, language: Language) =>
  dateTimeFormat(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Shanghai',
    timeZoneName: 'short',
  }).format(new Date(at));
