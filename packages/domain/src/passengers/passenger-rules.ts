import { isEmail } from '../accounts/account.schema';
import { todayIso } from '../dates';
import type { ErrorName } from '../errors';
import {
  type DocumentType,
  documentFacts,
  documentNumberError,
  EXPIRY_REQUIRED,
  ISSUING_COUNTRY_REQUIRED,
  isDocumentType,
  normalizeDocumentNumber,
} from './documents';
import type { Gender } from './id-card';
import {
  isChineseName,
  isEnglishName,
  nameRequirement,
  normalizeChineseName,
  normalizeEnglishName,
  type RouteKind,
} from './names';
import { type Passenger, type PassengerInput, RAIL_BOOKABLE } from './passenger.schema';

/** Spec §5, §9: rail travellers need a phone of the mainland, Hong Kong, Macao or Taiwan (+86, +852, +853, +886). */
export const RAIL_PHONE_COUNTRIES: readonly string[] = ['CN', 'HK', 'MO', 'TW'];

/** One broken rule, on the form field it belongs to (`documents.1.number`). */
export type PassengerIssue = { field: string; error: ErrorName };

export type CheckedDocument = {
  id?: string;
  type: DocumentType;
  /** Normalized; absent when a saved document keeps its number. */
  number?: string;
  expiryDate: string | null;
  issuingCountry: string | null;
};

export type CheckedPassenger = {
  chineseName: string | null;
  surname: string | null;
  givenNames: string | null;
  middleName: string | null;
  birthDate: string;
  gender: Gender;
  nationality: string;
  phoneCountry: string | null;
  /** E.164. */
  phone: string | null;
  email: string | null;
  documents: CheckedDocument[];
};

export type PassengerRuleOptions = {
  /** E.164 of a valid number for the country, else null (`normalizeMobile` of `@junction/domain/phone`). */
  normalizePhone: (number: string, country: string) => string | null;
  /** Saved documents by id with their type: one sent without a number keeps the number on file. */
  saved?: ReadonlyMap<string, DocumentType>;
  today?: string;
};

const blank = (value: string | null | undefined): value is null | undefined | '' => !value?.trim();

/**
 * The rules of spec §5 for a traveller, shared by the form and the server: the issues in form order,
 * or the traveller as it is stored (names and numbers normalized, date of birth and gender taken from
 * an ID card when one is given).
 */
export function checkPassenger(
  input: PassengerInput,
  options: PassengerRuleOptions,
): { ok: true; value: CheckedPassenger } | { ok: false; issues: PassengerIssue[] } {
  const today = options.today ?? todayIso();
  const issues: PassengerIssue[] = [];
  const issue = (field: string, error: ErrorName) => issues.push({ field, error });

  const chineseName = blank(input.chineseName) ? null : normalizeChineseName(input.chineseName);
  if (chineseName !== null && !isChineseName(chineseName)) issue('chineseName', 'CHINESE_NAME_INVALID');
  const english = { surname: input.surname, givenNames: input.givenNames, middleName: input.middleName };
  const names: Record<keyof typeof english, string | null> = { surname: null, givenNames: null, middleName: null };
  for (const key of ['surname', 'givenNames', 'middleName'] as const) {
    const raw = english[key];
    if (blank(raw)) continue;
    names[key] = normalizeEnglishName(raw);
    if (!isEnglishName(raw)) issue(key, 'ENGLISH_NAME_INVALID');
  }
  // An English name is a surname and given names; a middle name alone is none.
  const hasEnglish = names.surname !== null || names.givenNames !== null || names.middleName !== null;
  if (hasEnglish && names.surname === null) issue('surname', 'FIELD_REQUIRED');
  if (hasEnglish && names.givenNames === null) issue('givenNames', 'FIELD_REQUIRED');
  if (chineseName === null && !hasEnglish) issue('chineseName', 'NAME_REQUIRED');

  const documents: CheckedDocument[] = [];
  const seen = new Set<string>();
  let facts: { birthDate: string; gender: Gender } | null = null;
  if (input.documents.length === 0) issue('documents', 'DOCUMENT_REQUIRED');
  input.documents.forEach((doc, i) => {
    const at = `documents.${i}`;
    if (!isDocumentType(doc.type)) {
      issue(`${at}.type`, 'DOCUMENT_TYPE_INVALID');
      return;
    }
    if (seen.has(doc.type)) issue(`${at}.type`, 'DOCUMENT_TYPE_REPEATED');
    seen.add(doc.type);
    const issuingCountry = doc.issuingCountry ?? null;
    if (ISSUING_COUNTRY_REQUIRED.has(doc.type) && !issuingCountry) issue(`${at}.issuingCountry`, 'FIELD_REQUIRED');
    const keeps = doc.id !== undefined && blank(doc.number) && options.saved?.get(doc.id) === doc.type;
    let number: string | undefined;
    if (!keeps) {
      if (blank(doc.number)) issue(`${at}.number`, 'FIELD_REQUIRED');
      else {
        number = normalizeDocumentNumber(doc.number);
        const error = documentNumberError(doc.type, number, issuingCountry, today);
        if (error && !(error === 'PASSPORT_INVALID' && !issuingCountry)) issue(`${at}.number`, error);
        facts ??= error ? null : documentFacts(doc.type, number, today);
      }
    }
    const expiryDate = doc.expiryDate ?? null;
    if (expiryDate === null && EXPIRY_REQUIRED.has(doc.type)) issue(`${at}.expiryDate`, 'FIELD_REQUIRED');
    if (expiryDate !== null && expiryDate <= today) issue(`${at}.expiryDate`, 'DOCUMENT_EXPIRED');
    documents.push({ ...(doc.id ? { id: doc.id } : {}), type: doc.type, number, expiryDate, issuingCountry });
  });

  const derived = facts as { birthDate: string; gender: Gender } | null;
  const birthDate = derived?.birthDate ?? input.birthDate ?? null;
  const gender = derived?.gender ?? input.gender ?? null;
  if (birthDate === null) issue('birthDate', 'FIELD_REQUIRED');
  else if (birthDate > today || birthDate < '1900-01-01') issue('birthDate', 'BIRTH_DATE_INVALID');
  if (gender === null) issue('gender', 'FIELD_REQUIRED');
  const nationality = input.nationality ?? null;
  if (nationality === null) issue('nationality', 'FIELD_REQUIRED');

  const phoneCountry = input.phoneCountry ?? null;
  let phone: string | null = null;
  if (!blank(input.phone)) {
    phone = phoneCountry ? options.normalizePhone(input.phone.trim(), phoneCountry) : null;
    if (phone === null) issue('phone', 'PASSENGER_PHONE_INVALID');
  }
  const email = blank(input.email) ? null : input.email.trim();
  if (email !== null && !isEmail(email)) issue('email', 'PASSENGER_EMAIL_INVALID');

  const railPhone = phone !== null && phoneCountry !== null && RAIL_PHONE_COUNTRIES.includes(phoneCountry);
  if (input.railContact === 'mobile' && !railPhone) issue('phone', 'RAIL_PHONE_REQUIRED');
  if (input.railContact === 'mobileOrEmail' && !railPhone && email === null) issue('phone', 'RAIL_CONTACT_REQUIRED');

  if (issues.length > 0 || birthDate === null || gender === null || nationality === null) {
    return { ok: false, issues };
  }
  return {
    ok: true,
    value: {
      chineseName,
      ...names,
      birthDate,
      gender,
      nationality,
      phoneCountry: phone === null ? null : phoneCountry,
      phone,
      email,
      documents,
    },
  };
}

/** Documents a route accepts: abroad a passport or a permit of the border; on the mainland's trains the cards 12306 checks. */
export function usableDocumentTypes(route: RouteKind): readonly DocumentType[] {
  if (route.international) return ['A', 'D', 'G', 'H', 'J', 'K'];
  if (route.rail) return ['B', 'A', 'C', 'H', 'I', 'K', 'L', 'M'];
  return ['B', 'A', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M'];
}

/** Why a saved traveller cannot be chosen for a route; each has a text in the picker. */
export type PassengerBlocker =
  | 'noUsableDocument'
  | 'documentExpires'
  | 'needChineseName'
  | 'needEnglishName'
  | 'needBothNames'
  | 'needName'
  | 'railPhone'
  | 'railStatus';

/**
 * The reasons a traveller cannot travel on a route (empty when they can): a document the route
 * accepts that is still valid on the last day of the trip, the names the route needs, and for trains a
 * rail phone and a rail identity status that allows booking.
 */
export function passengerBlockers(passenger: Passenger, route: RouteKind & { lastDay?: string }): PassengerBlocker[] {
  const blockers: PassengerBlocker[] = [];
  const accepted = usableDocumentTypes(route);
  const usable = passenger.documents.filter((d) => accepted.includes(d.type));
  const lastDay = route.lastDay ?? todayIso();
  if (usable.length === 0) blockers.push('noUsableDocument');
  else if (usable.every((d) => d.expiryDate !== null && d.expiryDate < lastDay)) blockers.push('documentExpires');
  const needs = nameRequirement(route, usable[0]?.type === 'B');
  const hasChinese = passenger.chineseName !== null;
  const hasEnglish = passenger.surname !== null && passenger.givenNames !== null;
  if (needs === 'both' && !(hasChinese && hasEnglish)) blockers.push('needBothNames');
  if (needs === 'chinese' && !hasChinese) blockers.push('needChineseName');
  if (needs === 'english' && !hasEnglish) blockers.push('needEnglishName');
  if (needs === 'either' && !hasChinese && !hasEnglish) blockers.push('needName');
  if (route.rail) {
    if (!passenger.phoneCountry || !RAIL_PHONE_COUNTRIES.includes(passenger.phoneCountry)) blockers.push('railPhone');
    else if (passenger.railStatus !== null && !RAIL_BOOKABLE.has(passenger.railStatus)) blockers.push('railStatus');
  }
  return blockers;
}
