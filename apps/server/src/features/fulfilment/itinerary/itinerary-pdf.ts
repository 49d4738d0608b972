import path from 'node:path';
import { isAwaitingPayment, type Language, orderStatusCodec } from '@junction/domain';
import PDFDocument from 'pdfkit';
import { fill } from '../../../lib/text';
import { A4, BOTTOM, beijing, C, clock, cny, type Doc, day, daysBetween, M, W } from './itinerary-pdf-style';
import { durationText, type ItineraryTexts, placeName, rideText, seatText } from './itinerary-text';
import type { ItineraryLeg, ItineraryView } from './itinerary-view';

/** WenQuanYi Micro Hei (Apache-2.0, see assets/fonts/LICENSE): Chinese and Latin text; pdfkit embeds the glyphs used. */
export const FONT_PATH = path.resolve(
  import.meta.dirname,
  // From this file in the sources, or from `dist/main.js` once compiled into one file.
  import.meta.url.endsWith('.js') ? '..' : '../../../..',
  'assets/fonts/wqy-microhei.ttc',
);
const FONT = 'WenQuanYiMicroHei';

/**
 * The itinerary as an A4 PDF in one language: the door-to-door plan leg by leg with times, places,
 * booking references, tickets, seats, coaches and gates; the travellers with masked documents; the
 * contact and the payment. Laid out as the printed page is, with a footer and page numbers.
 */
export function itineraryPdf(view: ItineraryView, tx: ItineraryTexts, language: Language, now: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: M, bottom: 24, left: M, right: M },
    bufferPages: true,
    info: {
      Title: `${tx.title} ${view.orderNumber}`,
      Author: tx.brand,
      Subject: tx.title,
      CreationDate: now,
    },
    lang: language,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', FONT_PATH, FONT);
  doc.font('body');

  header(doc, view, tx, language, now);
  for (const [n, bound] of view.bounds.entries()) {
    if (view.bounds.length > 1) {
      ensure(doc, 60);
      sectionTitle(doc, fill(tx.journey, { n: String(n + 1) }));
    }
    for (const l of bound.legs) legBlock(doc, view, l, tx, language);
  }
  travellers(doc, view, tx);
  payment(doc, view, tx, language);
  footers(doc, tx);
  doc.end();
  return done;
}

function ensure(doc: Doc, height: number): void {
  if (doc.y + height > BOTTOM) {
    doc.addPage();
    doc.y = M;
  }
}

function sectionTitle(doc: Doc, title: string): void {
  doc.moveDown(0.6);
  doc.fillColor(C.text).fontSize(13).text(title, M, doc.y, { width: W });
  const y = doc.y + 3;
  doc
    .moveTo(M, y)
    .lineTo(M + W, y)
    .lineWidth(0.8)
    .strokeColor(C.primary)
    .stroke();
  doc.y = y + 8;
}

function header(doc: Doc, view: ItineraryView, tx: ItineraryTexts, language: Language, now: Date): void {
  doc.rect(0, 0, A4.width, 74).fill(C.primary);
  doc
    .fillColor('#ffffff')
    .fontSize(22)
    .text(tx.brand, M, 24, { width: W / 2 });
  doc.fontSize(18).text(tx.title, M + W / 2, 27, { width: W / 2, align: 'right' });
  doc.y = 92;
  const first = view.bounds[0]?.legs.find((l) => l.sold) ?? view.bounds[0]?.legs[0];
  const outbound = view.bounds[0]?.legs ?? [];
  const last = [...outbound].reverse().find((l) => l.sold) ?? outbound.at(-1);
  const city = (p: ItineraryLeg['leg']['from'] | undefined) =>
    p ? (p.city?.name[language] ?? p.city?.name.en ?? placeName(p, language)) : '';
  doc
    .fillColor(C.text)
    .fontSize(20)
    .text(`${city(first?.leg.from)} → ${city(last?.leg.to)}`, M, doc.y, { width: W });
  doc.moveDown(0.2);
  const status = (tx.orderStatus as Record<string, string>)[view.status] ?? view.status;
  doc
    .fillColor(C.muted)
    .fontSize(9.5)
    .text(
      [
        fill(tx.order, { orderNumber: view.orderNumber }),
        fill(tx.booked, { time: beijing(view.createdAt, language) }),
        `${tx.status}${tx.colon}${status}`,
      ].join('   ·   '),
      { width: W },
    );
  doc.text(`${fill(tx.issued, { time: beijing(now, language) })}   ·   ${tx.localTimes}`, { width: W });
  doc.moveDown(0.4);
}

/** A leg's times, in each place's own local time, on the block's left. */
function legTimes(doc: Doc, leg: ItineraryLeg['leg'], tx: ItineraryTexts, top: number): void {
  const left = M + 14;
  doc
    .fillColor(C.muted)
    .fontSize(8.5)
    .text(day(leg.departureTime), left, top + 10, { width: 90 });
  doc
    .fillColor(C.text)
    .fontSize(15)
    .text(clock(leg.departureTime), left, top + 22, { width: 90 });
  doc
    .fillColor(C.muted)
    .fontSize(8)
    .text(durationText(leg.durationMinutes, tx), left, top + 41, { width: 90 });
  const plus = daysBetween(leg.departureTime, leg.arrivalTime);
  doc
    .fillColor(C.text)
    .fontSize(15)
    .text(
      `${clock(leg.arrivalTime)}${plus > 0 ? ` ${fill(tx.nextDay, { days: String(plus) })}` : ''}`,
      left,
      top + 52,
      { width: 100 },
    );
}

/** A leg's places and ride, at `x` on the block's right. */
function legPlaces(
  doc: Doc,
  leg: ItineraryLeg['leg'],
  tx: ItineraryTexts,
  language: Language,
  at: { x: number; w: number; top: number },
): void {
  const { x, w, top } = at;
  // An airport's code and terminal after its name; a station by its name alone.
  const code = (p: typeof leg.from) =>
    p.kind === 'airport' && p.code ? `  ${[p.code, p.terminal].filter(Boolean).join(' ')}` : '';
  doc
    .fillColor(C.text)
    .fontSize(11)
    .text(`${placeName(leg.from, language)}${code(leg.from)}`, x, top + 12, { width: w });
  doc
    .fillColor(C.primary)
    .fontSize(9)
    .text(rideText(leg, tx, language), x, top + 30, { width: w });
  doc
    .fillColor(C.text)
    .fontSize(11)
    .text(`${placeName(leg.to, language)}${code(leg.to)}`, x, top + 46, { width: w });
}

/** The tickets of a leg, one row per traveller: name, ticket number, seat (and gate on a train). */
function ticketTable(doc: Doc, view: ItineraryView, l: ItineraryLeg, tx: ItineraryTexts, top: number): void {
  const rail = l.tickets[0]?.supplier === 'rail';
  const cols = rail
    ? [
        { label: tx.traveller, w: 0.28 },
        { label: tx.ticketNumber, w: 0.3 },
        { label: tx.seat, w: 0.27 },
        { label: tx.gate, w: 0.15 },
      ]
    : [
        { label: tx.traveller, w: 0.34 },
        { label: tx.ticketNumber, w: 0.4 },
        { label: tx.seat, w: 0.26 },
      ];
  const tableX = M + 14;
  const tableW = W - 28;
  let y = top + 86;
  doc.rect(tableX, y - 3, tableW, 16).fill(C.soft);
  let cx = tableX + 6;
  for (const c of cols) {
    doc
      .fillColor(C.muted)
      .fontSize(8)
      .text(c.label, cx, y, { width: c.w * tableW - 8 });
    cx += c.w * tableW;
  }
  y += 18;
  for (const t of l.tickets) {
    const traveller = view.travellers.find((v) => v.position === t.travellerPosition);
    const who = traveller?.name ?? '';
    const infant = traveller?.airType === 'INFANT';
    const cells = rail
      ? [who, t.ticketNumber, seatText(t, tx, infant), t.gate ?? '—']
      : [who, t.ticketNumber, seatText(t, tx, infant)];
    cx = tableX + 6;
    for (const [i, c] of cols.entries()) {
      doc
        .fillColor(C.text)
        .fontSize(9.5)
        .text(cells[i] ?? '', cx, y, { width: c.w * tableW - 8, lineBreak: false });
      cx += c.w * tableW;
    }
    y += 17;
  }
}

/** One leg: a framed block with times on the left, places and ride on the right, tickets below. */
function legBlock(doc: Doc, view: ItineraryView, l: ItineraryLeg, tx: ItineraryTexts, language: Language): void {
  const leg = l.leg;
  const rows = l.tickets.length;
  const height = l.sold ? 86 + (rows > 0 ? 20 + rows * 17 : 18) + (l.change ? 14 : 0) : 62;
  ensure(doc, height + 10);
  const top = doc.y + 4;
  doc
    .roundedRect(M, top, W, height, 6)
    .lineWidth(0.8)
    .fillAndStroke(l.sold ? '#ffffff' : C.soft, C.border);

  legTimes(doc, leg, tx, top);
  const x = M + 118;
  const w = W - 118 - 14;
  legPlaces(doc, leg, tx, language, { x, w, top });

  if (!l.sold) {
    const estimate = leg.price.amount > 0 ? `   ${fill(tx.estimate, { price: cny(leg.price.amount, language) })}` : '';
    doc
      .fillColor(C.muted)
      .fontSize(8.5)
      .text(`${tx.guidance}${estimate}`, x, top + 64 - 14 + 14, { width: w });
    doc.y = top + height + 6;
    return;
  }
  const ref = l.subOrder?.bookingReference;
  // Awaiting payment or a price difference: nothing is issued before it is paid.
  const unpaid = isAwaitingPayment(orderStatusCodec.decode(view.status));
  const refLabel = l.subOrder?.type === 'railway' ? tx.railOrder : tx.bookingReference;
  doc
    .fillColor(C.muted)
    .fontSize(9)
    .text(ref ? `${refLabel}${tx.colon}` : unpaid ? tx.afterPayment : tx.ticketPending, x, top + 66, {
      width: w,
      continued: Boolean(ref),
    });
  if (ref) doc.fillColor(C.text).text(ref);

  if (rows > 0) ticketTable(doc, view, l, tx, top);
  if (l.change) {
    // The ride's times above are the new ones; the note says what they were.
    const was = l.change.previousDepartureTime;
    doc
      .fillColor(C.price)
      .fontSize(8.5)
      .text(
        fill(tx.changed, { time: `${day(was)} ${clock(was)}` }),
        M + 14,
        top + 86 + (rows > 0 ? 18 + rows * 17 : 0),
        {
          width: W - 28,
        },
      );
  }
  doc.y = top + height + 6;
}

function travellers(doc: Doc, view: ItineraryView, tx: ItineraryTexts): void {
  ensure(doc, 60 + view.travellers.length * 18);
  sectionTitle(doc, tx.travellers);
  for (const t of view.travellers) {
    const y = doc.y;
    const type = (tx.types as Record<string, string>)[t.airType] ?? t.airType;
    const docType = (tx.documentTypes as Record<string, string>)[t.documentType] ?? t.documentType;
    doc
      .fillColor(C.text)
      .fontSize(10.5)
      .text(t.name, M, y, { width: W * 0.35 });
    doc
      .fillColor(C.muted)
      .fontSize(9.5)
      .text(type, M + W * 0.35, y + 1, { width: W * 0.2 });
    doc
      .fillColor(C.text)
      .fontSize(9.5)
      .text(`${docType}  ${t.documentMasked}`, M + W * 0.55, y + 1, { width: W * 0.45 });
    doc.y = y + 18;
  }
  doc
    .fillColor(C.muted)
    .fontSize(9)
    .text(
      `${tx.contact}${tx.colon}${view.contact.name}   ·   ${view.contact.phoneMasked}   ·   ${view.contact.email}`,
      M,
      doc.y + 4,
      { width: W },
    );
}

function payment(doc: Doc, view: ItineraryView, tx: ItineraryTexts, language: Language): void {
  ensure(doc, 90);
  sectionTitle(doc, tx.payment);
  const r = view.receipt;
  if (!r) {
    doc.fillColor(C.muted).fontSize(10).text(tx.notPaid, M, doc.y, { width: W });
    return;
  }
  for (const p of r.payments) {
    const method =
      p.method === 'wallet'
        ? tx.wallet
        : p.method === 'alipay' || p.method === 'wechat'
          ? tx[p.method]
          : fill(tx.card, {
              brand: p.brand ? ((tx.brands as Record<string, string>)[p.brand] ?? p.brand) : '',
              last4: p.last4 ?? '',
            });
    const y = doc.y;
    doc
      .fillColor(C.text)
      .fontSize(10)
      .text(`${tx.method}${tx.colon}${method}`, M, y, { width: W * 0.6 });
    doc
      .fillColor(C.muted)
      .fontSize(9)
      .text(`${tx.paidAt} ${beijing(p.paidAt, language)}`, M, y + 15, { width: W * 0.6 });
    doc
      .fillColor(C.text)
      .fontSize(10)
      .text(cny(p.amount.amount, language), M + W * 0.6, y, { width: W * 0.4, align: 'right' });
    doc.y = y + 32;
  }
  const y = doc.y;
  doc
    .moveTo(M + W * 0.6, y)
    .lineTo(M + W, y)
    .lineWidth(0.6)
    .strokeColor(C.border)
    .stroke();
  doc
    .fillColor(C.text)
    .fontSize(11)
    .text(tx.paid, M + W * 0.6, y + 6, { width: W * 0.2 });
  doc
    .fillColor(C.price)
    .fontSize(13)
    .text(cny(r.paid.amount, language), M + W * 0.8, y + 4, { width: W * 0.2, align: 'right' });
  if (r.refunded.amount > 0) {
    doc
      .fillColor(C.muted)
      .fontSize(9.5)
      .text(tx.refunded, M + W * 0.6, y + 26, { width: W * 0.2 });
    doc.text(`-${cny(r.refunded.amount, language)}`, M + W * 0.8, y + 26, { width: W * 0.2, align: 'right' });
  }
}

function footers(doc: Doc, tx: ItineraryTexts): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = A4.height - 44;
    doc
      .moveTo(M, y - 6)
      .lineTo(M + W, y - 6)
      .lineWidth(0.5)
      .strokeColor(C.border)
      .stroke();
    doc
      .fillColor(C.muted)
      .fontSize(8)
      .text(tx.footer, M, y, { width: W * 0.75, lineBreak: false });
    doc.text(fill(tx.page, { n: String(i + 1), total: String(range.count) }), M + W * 0.75, y, {
      width: W * 0.25,
      align: 'right',
      lineBreak: false,
    });
  }
}
