import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import type { ErrorName } from '../errors';
import { isRailContactPhone } from '../orders/traveller-rules';

// A separate entry (`@junction/domain/phone`): the phone metadata is large, so the web app loads it only
// with the pages that take a phone number.

/** A mobile number in E.164 (`+8613800138000`) if it is valid for the country, else null. */
export function normalizeMobile(number: string, country: string): string | null {
  if (!/^[A-Z]{2}$/.test(country) || number.length > 30) return null;
  const parsed = parsePhoneNumberFromString(number, country as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}

/** The national number with its middle hidden, as Chinese sites show it: 138****8000. */
export function maskMobile(e164: string): string {
  const digits = e164.replace(/^\+\d{1,3}?(?=\d{7,})/, '');
  const national = parsePhoneNumberFromString(e164)?.nationalNumber ?? digits;
  if (national.length < 7) return national;
  return `${national.slice(0, 3)}${'*'.repeat(national.length - 7)}${national.slice(-4)}`.replace(/\*+/, '****');
}

/** The area (ISO country) and national number of an E.164 number, as the area-code select and field show it. */
export function splitPhone(e164: string): { country: string | null; national: string } {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed
    ? { country: parsed.country ?? null, national: parsed.nationalNumber }
    : { country: null, national: e164 };
}

/** A national number of an area as people read it, with its calling code: `+852 5123 4567`. */
export function formatPhone(country: string, national: string): string {
  if (!/^[A-Z]{2}$/.test(country)) return national;
  const parsed = parsePhoneNumberFromString(national, country as CountryCode);
  return parsed ? parsed.formatInternational() : national;
}

/** The order's contact as the booking form holds it: a national number with its area (ISO country). */
export type ContactInput = { name: string; phoneCountry: string; phone: string; email: string };
export type ContactField = 'name' | 'phone' | 'email';
export type ContactProblem = { field: ContactField; error: ErrorName };

export const CONTACT_NAME_MAX = 60;
const email = z.email().max(254);
/** A phone as people type one: digits, spaces, hyphens, brackets, a leading `+`; never a star. */
const PHONE_CHARACTERS = /^\+?[\d\s\-()]+$/;

/**
 * What is wrong with an order's contact, field by field (spec §5): every field is required, the mobile
 * number must be a valid one of its area (a masked `139****4146` never is), a train needs a mobile of
 * the mainland, Hong Kong, Macao or Taiwan, and the e-mail must be one. The booking page shows these on
 * the step with the contact; the server refuses an order with the first of them.
 */
export function contactProblems(contact: ContactInput, rail: boolean): ContactProblem[] {
  const problems: ContactProblem[] = [];
  const name = contact.name.trim();
  if (name === '') problems.push({ field: 'name', error: 'FIELD_REQUIRED' });
  else if (name.length > CONTACT_NAME_MAX) problems.push({ field: 'name', error: 'VALIDATION_FAILED' });
  const phone = contact.phone.trim();
  const e164 = PHONE_CHARACTERS.test(phone) ? normalizeMobile(phone, contact.phoneCountry) : null;
  if (phone === '') problems.push({ field: 'phone', error: 'FIELD_REQUIRED' });
  else if (!e164) problems.push({ field: 'phone', error: 'PASSENGER_PHONE_INVALID' });
  else if (rail && !isRailContactPhone(e164)) problems.push({ field: 'phone', error: 'RAIL_PHONE_REQUIRED' });
  const mail = contact.email.trim();
  if (mail === '') problems.push({ field: 'email', error: 'FIELD_REQUIRED' });
  else if (!email.safeParse(mail).success) problems.push({ field: 'email', error: 'PASSENGER_EMAIL_INVALID' });
  return problems;
}
