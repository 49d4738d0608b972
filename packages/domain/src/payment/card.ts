/**
 * Card numbers (spec §5): the brand by prefix and length, and a Luhn check. Web and server share these
 * rules: the payment form checks a number as it is typed, and the gateway simulator refuses the same.
 *
 * | Brand            | Prefix            | Length |
 * | Discover         | 6011, 644-649, 65 | 16     |
 * | JCB              | 3528-3589         | 16     |
 * | American Express | 34, 37            | 15     |
 * | Visa             | 4                 | 16     |
 * | Mastercard       | 51-55             | 16     |
 * | UnionPay         | 62                | 16-19  |
 */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'jcb', 'unionpay'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

type PrefixRange = { from: number; to: number; digits: number };
type BrandRule = { brand: CardBrand; prefixes: PrefixRange[]; lengths: readonly number[] };

const range = (from: number, to = from): PrefixRange => ({ from, to, digits: String(from).length });

export const CARD_RULES: readonly BrandRule[] = [
  { brand: 'discover', prefixes: [range(6011), range(644, 649), range(65)], lengths: [16] },
  { brand: 'jcb', prefixes: [range(3528, 3589)], lengths: [16] },
  { brand: 'amex', prefixes: [range(34), range(37)], lengths: [15] },
  { brand: 'visa', prefixes: [range(4)], lengths: [16] },
  { brand: 'mastercard', prefixes: [range(51, 55)], lengths: [16] },
  { brand: 'unionpay', prefixes: [range(62)], lengths: [16, 17, 18, 19] },
];

/** The longest number of any brand. */
export const CARD_NUMBER_MAX_DIGITS = 19;

/** Digits only: spaces and dashes a traveller types between groups are dropped, anything else kept. */
export const cardDigits = (input: string): string => input.replace(/[\s-]/g, '');

/** The rule whose prefix the digits start with, once enough digits are typed to tell. */
function ruleOf(digits: string): BrandRule | undefined {
  if (!/^\d+$/.test(digits)) return undefined;
  return CARD_RULES.find((rule) =>
    rule.prefixes.some((p) => {
      if (digits.length < p.digits) return false;
      const head = Number(digits.slice(0, p.digits));
      return head >= p.from && head <= p.to;
    }),
  );
}

/** The brand a (partly typed) number belongs to by its prefix, or null while no prefix matches. */
export const cardBrandOf = (input: string): CardBrand | null => ruleOf(cardDigits(input))?.brand ?? null;

export const cardLengthsOf = (brand: CardBrand): readonly number[] =>
  (CARD_RULES.find((r) => r.brand === brand) as BrandRule).lengths;

/** The Luhn check of a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The digit that, appended, makes the digits pass the Luhn check. */
export function luhnCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return String(d);
  throw new Error('unreachable');
}

export type CardNumberCheck =
  | { ok: true; brand: CardBrand; digits: string }
  | { ok: false; reason: 'required' | 'brand' | 'length' | 'luhn' };

/** A whole card number: a known brand, a length of that brand, and the Luhn check. */
export function checkCardNumber(input: string): CardNumberCheck {
  const digits = cardDigits(input);
  if (digits === '') return { ok: false, reason: 'required' };
  const rule = ruleOf(digits);
  if (!rule) return { ok: false, reason: 'brand' };
  if (!rule.lengths.includes(digits.length)) return { ok: false, reason: 'length' };
  if (!luhnValid(digits)) return { ok: false, reason: 'luhn' };
  return { ok: true, brand: rule.brand, digits };
}

/** The security code: four digits on American Express, three on the others. */
export const cvcLengthOf = (brand: CardBrand | null): number => (brand === 'amex' ? 4 : 3);
export const cvcValid = (cvc: string, brand: CardBrand | null): boolean =>
  new RegExp(`^\\d{${cvcLengthOf(brand)}}$`).test(cvc);

/**
 * A card is valid through the last day of its expiry month. `today` is the calendar date
 * (`yyyy-mm-dd`) where the check runs; years are four digits.
 */
export function expiryValid(month: number, year: number, today: string): boolean {
  if (!Number.isInteger(month) || !Number.isInteger(year) || month < 1 || month > 12) return false;
  const [y, m] = today.split('-').map(Number) as [number, number];
  if (year > y + 20) return false;
  return year > y || (year === y && month >= m);
}

/** Groups of four, American Express 4-6-5, as printed on the card. */
export function formatCardNumber(input: string): string {
  const digits = cardDigits(input).replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
  const groups = cardBrandOf(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const out: string[] = [];
  let at = 0;
  for (const g of groups) {
    if (at >= digits.length) break;
    out.push(digits.slice(at, at + g));
    at += g;
  }
  return out.join(' ');
}

/** How a card is shown once tokenised: brand and last four only. */
export const maskedCard = (last4: string): string => `•••• ${last4}`;
