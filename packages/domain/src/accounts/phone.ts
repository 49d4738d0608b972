import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

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
