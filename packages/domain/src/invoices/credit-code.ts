/**
 * The unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters from the 31 of
 * `CREDIT_CODE_CHARS` (digits and capital letters without I, O, Z, S and V). The 1st is the registering
 * authority, the 2nd the kind of body, the 3rd–8th the administrative division (digits), the 9th–17th the
 * organisation's code and the 18th a check character: 31 − (Σ value × weight mod 31), the weights being
 * 3ⁱ mod 31 for positions i = 0…16, and 31 written as 0.
 */
export const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;
const PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The check character of a code's first 17 characters, or null when one of them is not in the alphabet. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CODE_CHARS.indexOf(first17.charAt(i));
    if (value < 0) return null;
    sum += value * (WEIGHTS[i] ?? 0);
  }
  const check = (31 - (sum % 31)) % 31;
  return CREDIT_CODE_CHARS.charAt(check);
}

/** Upper case with spaces taken out, as a code is typed or pasted. */
export const normalizeCreditCode = (raw: string): string => raw.replace(/\s+/g, '').toUpperCase();

/** Whether `code` (already normalised) is a well-formed unified social credit code with a right check character. */
export function isCreditCode(code: string): boolean {
  return PATTERN.test(code) && creditCodeCheckChar(code.slice(0, 17)) === code.charAt(17);
}
