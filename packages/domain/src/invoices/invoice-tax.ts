/**
 * VAT on an invoice line whose amount includes it (our prices are tax-inclusive), in integer hundredths:
 * tax = gross × rate ÷ (1 + rate), rounded half up to the fen (四舍五入), and the amount before tax is the
 * gross less that tax, so that amount + tax is always exactly the price the traveller paid. Rates are in
 * basis points (600 = 6 %); a line with rate 0 carries no tax.
 */
export function splitTax(grossMinor: number, rateBasisPoints: number): { netMinor: number; taxMinor: number } {
  if (!Number.isSafeInteger(grossMinor) || grossMinor < 0) throw new RangeError('gross must be whole hundredths ≥ 0');
  if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0 || rateBasisPoints > 10_000) {
    throw new RangeError('rate must be 0–10000 basis points');
  }
  // Half up in integers: ⌊(2·g·r + d) / 2d⌋ with d = 10000 + r.
  const d = 10_000 + rateBasisPoints;
  const taxMinor = Number((2n * BigInt(grossMinor) * BigInt(rateBasisPoints) + BigInt(d)) / (2n * BigInt(d)));
  return { netMinor: grossMinor - taxMinor, taxMinor };
}

/**
 * The rates of the documents we issue. Our service fees are a modern service (现代服务, 6 %); a train
 * ticket's reimbursement voucher and a flight's electronic itinerary show passenger transport (交通运输
 * 服务, 9 %) on the fare; airport and other government charges on a flight carry no VAT (不征税).
 */
export const INVOICE_TAX_RATES = { serviceFee: 600, transport: 900, untaxed: 0 } as const;
