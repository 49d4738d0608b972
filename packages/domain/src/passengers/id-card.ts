import { todayIso } from '../dates';

/**
 * Numbers of the 18-character family: the mainland resident ID card (GB 11643), the residence permits of
 * Hong Kong, Macao and Taiwan residents, and the 2023 foreign permanent resident ID card. Each carries a
 * region code, a date of birth, a sequence whose last digit is odd for men, and an ISO 7064 MOD 11-2
 * check character.
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARS = '10X98765432';

/** Province-level codes of GB/T 2260 (71 Taiwan, as the standard lists it). */
const PROVINCES = new Set([
  '11',
  '12',
  '13',
  '14',
  '15',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '50',
  '51',
  '52',
  '53',
  '54',
  '61',
  '62',
  '63',
  '64',
  '65',
  '71',
]);

/** The residence permits of Hong Kong, Macao and Taiwan residents use these region codes. */
export const RESIDENCE_PERMIT_REGIONS = { HK: '810000', MO: '820000', TW: '830000' } as const;

/** The ISO 7064 MOD 11-2 check character of the first 17 digits. */
export function mod11Check(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (WEIGHTS[i] as number);
  return CHECK_CHARS[sum % 11] as string;
}

export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export type Gender = 'MALE' | 'FEMALE';

export type IdNumberFacts = { birthDate: string; gender: Gender };

/** Date of birth (yyyy-mm-dd) and gender of a well-formed 18-character number, or null. */
function factsOf(number: string, birthAt: number, today: string): IdNumberFacts | null {
  if (!/^\d{17}[\dX]$/.test(number)) return null;
  if (mod11Check(number.slice(0, 17)) !== number[17]) return null;
  const y = Number(number.slice(birthAt, birthAt + 4));
  const m = Number(number.slice(birthAt + 4, birthAt + 6));
  const d = Number(number.slice(birthAt + 6, birthAt + 8));
  if (y < 1900 || !isCalendarDate(y, m, d)) return null;
  const birthDate = `${number.slice(birthAt, birthAt + 4)}-${number.slice(birthAt + 4, birthAt + 6)}-${number.slice(birthAt + 6, birthAt + 8)}`;
  if (birthDate > today) return null;
  return { birthDate, gender: Number(number[16]) % 2 === 1 ? 'MALE' : 'FEMALE' };
}

/**
 * A mainland resident ID card number (spec §5: "the correct 18-digit number"): 17 digits and a check
 * character, a province that exists with a county below it, and a real date of birth not after today.
 * Its date of birth and gender when valid, else null.
 */
export function parseIdCard(raw: string, today: string = todayIso()): IdNumberFacts | null {
  const number = raw.toUpperCase();
  if (!PROVINCES.has(number.slice(0, 2)) || number.slice(2, 6) === '0000') return null;
  return factsOf(number, 6, today);
}

/** A residence permit of Hong Kong, Macao or Taiwan residents: an ID-card number on 810000, 820000 or 830000. */
export function parseResidencePermit(
  raw: string,
  regions: readonly string[],
  today: string = todayIso(),
): IdNumberFacts | null {
  const number = raw.toUpperCase();
  if (!regions.includes(number.slice(0, 6))) return null;
  return factsOf(number, 6, today);
}

/**
 * The 2023 foreign permanent resident ID card: `9`, a two-digit province of issue, a three-digit
 * nationality code, the date of birth, a two-digit sequence (odd last digit for men) and the MOD 11-2
 * check character.
 */
export function parsePermanentResidentCard2023(raw: string, today: string = todayIso()): IdNumberFacts | null {
  const number = raw.toUpperCase();
  if (number[0] !== '9' || !PROVINCES.has(number.slice(1, 3))) return null;
  return factsOf(number, 6, today);
}
