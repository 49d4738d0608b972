import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { InvoiceLine } from '../../../db/database';
import { rmbUpper } from './rmb-upper';

/** WenQuanYi Micro Hei (Apache-2.0, see assets/fonts/LICENSE), from the sources or from the compiled `dist/main.js`. */
const FONT_PATH = path.resolve(
  import.meta.dirname,
  import.meta.url.endsWith('.js') ? '..' : '../../../..',
  'assets/fonts/wqy-microhei.ttc',
);
const FONT = 'WenQuanYiMicroHei';

export type EInvoiceDocument = {
  number: string;
  issuedAt: Date;
  colour: 'blue' | 'red';
  layout: 'general' | 'rail' | 'air';
  seller: { name: string; creditCode: string; address: string; bank: string };
  buyer: { name: string; creditCode: string | null };
  lines: InvoiceLine[];
  remark: string;
  /** The seller's particulars are samples: the page says it is no invoice. */
  sample: boolean;
};

const TITLES = {
  general: '电子发票（普通发票）',
  rail: '电子发票（铁路电子客票）',
  air: '电子发票（航空运输电子客票行程单）',
};
const yuan = (minor: number) =>
  `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
const rate = (bp: number) => (bp === 0 ? '不征税' : `${bp / 100}%`);
const dateCn = (d: Date) => {
  const b = new Date(d.getTime() + 8 * 3600_000);
  return `${b.getUTCFullYear()}年${String(b.getUTCMonth() + 1).padStart(2, '0')}月${String(b.getUTCDate()).padStart(2, '0')}日`;
};

/**
 * The invoice as the national e-invoice service draws it (A5 landscape, in Chinese as every Chinese
 * invoice is): number and date, buyer and seller with their codes, the lines with amount before tax, rate
 * and tax, the total in figures and capitals, the remark; a red-letter invoice negated and titled so.
 */
export function einvoicePdf(doc: EInvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A5',
    layout: 'landscape',
    margin: 28,
    info: { Title: `${TITLES[doc.layout]} ${doc.number}` },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont(FONT, FONT_PATH, FONT);
  pdf.font(FONT);
  const W = pdf.page.width - 56;
  const ink = doc.colour === 'red' ? '#b3261e' : '#7a4a12';
  drawHead(pdf, doc, W, ink);
  drawBody(pdf, doc, W, ink);
  pdf.end();
  return done;
}

type Pdf = InstanceType<typeof PDFDocument>;

/** The sample mark, the title and the number with the date. */
function drawHead(pdf: Pdf, doc: EInvoiceDocument, W: number, ink: string) {
  if (doc.sample) {
    pdf
      .save()
      .fillColor('#d0d0d0')
      .fontSize(40)
      .rotate(-18, { origin: [300, 220] });
    pdf.text('样本 SAMPLE · 非真实发票', 60, 200, { width: 520, align: 'center' }).restore();
  }
  pdf
    .fillColor(ink)
    .fontSize(16)
    .text(`${doc.colour === 'red' ? '红字' : ''}${TITLES[doc.layout]}`, 28, 28, { width: W, align: 'center' });
  pdf.fontSize(9).fillColor('#222');
  pdf.text(`发票号码：${doc.number}`, 28, 56, { width: W, align: 'right' });
  pdf.text(`开票日期：${dateCn(doc.issuedAt)}`, { width: W, align: 'right' });
}

/** The buyer and the seller, the lines with their tax, the totals and the remark. */
function drawBody(pdf: Pdf, doc: EInvoiceDocument, W: number, ink: string) {
  const sign = doc.colour === 'red' ? -1 : 1;
  const top = 86;
  pdf.strokeColor(ink).rect(28, top, W, 260).stroke();
  const half = W / 2;
  pdf
    .moveTo(28 + half, top)
    .lineTo(28 + half, top + 56)
    .stroke();
  pdf
    .moveTo(28, top + 56)
    .lineTo(28 + W, top + 56)
    .stroke();
  pdf.text('购买方信息', 34, top + 6).text(`名称：${doc.buyer.name}`, 34, top + 20, { width: half - 12 });
  pdf.text(`统一社会信用代码/纳税人识别号：${doc.buyer.creditCode ?? ''}`, 34, top + 36, { width: half - 12 });
  pdf
    .text('销售方信息', 34 + half, top + 6)
    .text(`名称：${doc.seller.name}`, 34 + half, top + 20, { width: half - 12 });
  pdf.text(`统一社会信用代码/纳税人识别号：${doc.seller.creditCode}`, 34 + half, top + 36, { width: half - 12 });
  const cols = [34, 34 + W * 0.45, 34 + W * 0.62, 34 + W * 0.76];
  let y = top + 64;
  for (const [i, h] of ['项目名称', '金额', '税率/征收率', '税额'].entries()) pdf.text(h, cols[i], y);
  let net = 0;
  let tax = 0;
  for (const l of doc.lines) {
    y += 16;
    const lineNet = sign * (l.amountMinor - l.taxMinor);
    net += lineNet;
    tax += sign * l.taxMinor;
    pdf.text(l.item, cols[0], y, { width: W * 0.42 });
    pdf
      .text(yuan(lineNet), cols[1], y)
      .text(rate(l.rateBasisPoints), cols[2], y)
      .text(yuan(sign * l.taxMinor), cols[3], y);
  }
  y = top + 170;
  pdf
    .text('合计', cols[0], y)
    .text(`¥${yuan(net)}`, cols[1], y)
    .text(`¥${yuan(tax)}`, cols[3], y);
  pdf
    .moveTo(28, y + 16)
    .lineTo(28 + W, y + 16)
    .stroke();
  pdf.text(`价税合计（大写）${rmbUpper(net + tax)}`, 34, y + 22).text(`（小写）¥${yuan(net + tax)}`, cols[2], y + 22);
  pdf
    .moveTo(28, y + 40)
    .lineTo(28 + W, y + 40)
    .stroke();
  pdf.text(`备注：${doc.remark}`, 34, y + 46, { width: W - 12 });
  pdf.text(`销售方地址、电话：${doc.seller.address}    开户银行及账号：${doc.seller.bank}`, 34, y + 62, {
    width: W - 12,
  });
  pdf.text('开票人：联程科技电子发票服务', 28, top + 268);
}
