import { todayIso } from '../dates';
import type { ErrorName } from '../errors';
import {
  isCalendarDate,
  parseIdCard,
  parsePermanentResidentCard2023,
  parseResidencePermit,
  RESIDENCE_PERMIT_REGIONS,
} from './id-card';

/**
 * The document types of spec §3, A to M in the spec's order. The letter is the wire value; `key` names
 * the type in code and in the texts.
 */
export const DOCUMENT_TYPES = {
  A: 'passport',
  B: 'idCard',
  C: 'householdRegister',
  D: 'travelDocument',
  E: 'birthCertificate',
  F: 'militaryCard',
  G: 'hkMacaoExitEntryPermit',
  H: 'hkMacaoHomeReturnPermit',
  I: 'hkMacaoResidencePermit',
  J: 'taiwanTravelPermit',
  K: 'taiwanCompatriotPermit',
  L: 'taiwanResidencePermit',
  M: 'foreignPermanentResidentCard',
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;
export const DOCUMENT_TYPE_LETTERS = Object.keys(DOCUMENT_TYPES) as DocumentType[];
export const isDocumentType = (value: unknown): value is DocumentType =>
  typeof value === 'string' && Object.hasOwn(DOCUMENT_TYPES, value);

/** Types whose expiry date must be given (and lie in the future): passports and the permits and cards of the border. */
export const EXPIRY_REQUIRED: ReadonlySet<DocumentType> = new Set(['A', 'D', 'G', 'H', 'I', 'J', 'K', 'L', 'M']);
/** Only a passport names its issuing country; the others are issued by China. */
export const ISSUING_COUNTRY_REQUIRED: ReadonlySet<DocumentType> = new Set(['A']);

/** Passport numbers of the People's Republic: ordinary (E + 8, G + 8 digits), diplomatic, service and public affairs. */
const CN_PASSPORT = /^(E[0-9A-HJ-NP-Z]\d{7}|G\d{8}|[DSP]E?\d{7})$/;
/** Other countries' passports: 6 to 9 letters and digits (the ICAO machine-readable field), at least one digit. */
const FOREIGN_PASSPORT = /^(?=.*\d)[A-Z0-9]{6,9}$/;

const NUMBER_RULES: Record<Exclude<DocumentType, 'A' | 'B' | 'C' | 'I' | 'L' | 'M'>, RegExp> = {
  /** The PRC travel document (旅行证): T + 8 digits. */
  D: /^T\d{8}$/,
  /** The birth medical certificate (出生医学证明): a letter and 9 digits. */
  E: /^[A-Z]\d{9}$/,
  /** Military and armed police cards: the unit's characters and a number, e.g. 南字第20251234号. */
  F: /^(?=.*\d)[\p{Script=Han}A-Z0-9]{6,20}$/u,
  /** Exit-entry permit for Hong Kong and Macao: C + a letter or digit + 7 digits (card), or the old booklet W + 8 digits. */
  G: /^(C[0-9A-HJ-NP-Z]\d{7}|W\d{8})$/,
  /** Home-return permit of Hong Kong (H) and Macao (M) residents: 8 digits, 10 on the older cards. */
  H: /^[HM](\d{8}|\d{10})$/,
  /** Travel permit for mainlanders to Taiwan: L + 8 digits. */
  J: /^L\d{8}$/,
  /** Mainland travel permit for Taiwan residents: 8 digits, 10 on the older booklets. */
  K: /^(\d{8}|\d{10})$/,
};

/** The earlier foreign permanent resident card (15 characters): nationality letters, a four-digit place of issue, YYMMDD of birth and a sequence. */
const PR_2017 = /^[A-Z]{3}\d{4}(\d{2})(\d{2})(\d{2})\d{2}$/;

/** How a number is written before it is checked and stored: no spaces, upper case. */
export const normalizeDocumentNumber = (raw: string): string => raw.replace(/[\s-]/g, '').toUpperCase();

/** The error a document number earns for its type, or null when its issuer could have written it. */
export function documentNumberError(
  type: DocumentType,
  raw: string,
  issuingCountry?: string | null,
  today: string = todayIso(),
): ErrorName | null {
  const number = normalizeDocumentNumber(raw);
  switch (type) {
    case 'A':
      if (!issuingCountry || !/^[A-Z]{2}$/.test(issuingCountry)) return 'PASSPORT_INVALID';
      return (issuingCountry === 'CN' ? CN_PASSPORT : FOREIGN_PASSPORT).test(number) ? null : 'PASSPORT_INVALID';
    case 'B':
    case 'C':
      return parseIdCard(number, today) ? null : 'ID_CARD_INVALID';
    case 'I':
      return parseResidencePermit(number, [RESIDENCE_PERMIT_REGIONS.HK, RESIDENCE_PERMIT_REGIONS.MO], today)
        ? null
        : 'DOCUMENT_NUMBER_INVALID';
    case 'L':
      return parseResidencePermit(number, [RESIDENCE_PERMIT_REGIONS.TW], today) ? null : 'DOCUMENT_NUMBER_INVALID';
    case 'M': {
      if (number.length === 18) return parsePermanentResidentCard2023(number, today) ? null : 'DOCUMENT_NUMBER_INVALID';
      const m = PR_2017.exec(number);
      const [yy, mm, dd] = [Number(m?.[1]), Number(m?.[2]), Number(m?.[3])];
      const real = m && (isCalendarDate(1900 + yy, mm, dd) || isCalendarDate(2000 + yy, mm, dd));
      return real ? null : 'DOCUMENT_NUMBER_INVALID';
    }
    default:
      return NUMBER_RULES[type].test(number) ? null : 'DOCUMENT_NUMBER_INVALID';
  }
}

/** Date of birth and gender a document states (ID cards, residence permits, 2023 permanent resident cards). */
export function documentFacts(type: DocumentType, raw: string, today: string = todayIso()) {
  const number = normalizeDocumentNumber(raw);
  if (type === 'B' || type === 'C') return parseIdCard(number, today);
  if (type === 'I')
    return parseResidencePermit(number, [RESIDENCE_PERMIT_REGIONS.HK, RESIDENCE_PERMIT_REGIONS.MO], today);
  if (type === 'L') return parseResidencePermit(number, [RESIDENCE_PERMIT_REGIONS.TW], today);
  if (type === 'M' && number.length === 18) return parsePermanentResidentCard2023(number, today);
  return null;
}

/**
 * A document number as screens and answers show it: long numbers keep their first and last four
 * characters (`1101**********123X`), shorter ones their first two and last three (`E1****678`).
 */
export function maskDocumentNumber(raw: string): string {
  const chars = [...normalizeDocumentNumber(raw)];
  const n = chars.length;
  if (n >= 15) return `${chars.slice(0, 4).join('')}${'*'.repeat(n - 8)}${chars.slice(-4).join('')}`;
  if (n >= 7) return `${chars.slice(0, 2).join('')}${'*'.repeat(n - 5)}${chars.slice(-3).join('')}`;
  if (n >= 3) return `${chars[0]}${'*'.repeat(n - 2)}${chars[n - 1]}`;
  return '*'.repeat(n);
}
