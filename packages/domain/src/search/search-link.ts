import type { SearchCriteria, SearchLeg } from './search.schema';

/*
 * Search link (spec §7): the criteria as comma-separated text, UTF-8 encoded and written in
 * unpadded base64url so it can sit in a URL as is.
 *
 *   v1,type,sort,cabin,adults,children,infants,mode,flexDays
 *   then per leg: departure,destination,departureDate(yyyyMMdd),returnDate(yyyyMMdd or empty),
 *   flags(bit 0 departure only airport, bit 1 destination only airport),departureName,
 *   destinationName,departureCityCode,destinationCityCode
 *
 * Text fields escape `%` as %25 and `,` as %2C; an empty optional field means absent. Filters are
 * not part of the link.
 */

const VERSION = 'v1';
const HEADER_FIELDS = 9;
const LEG_FIELDS = 9;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE64URL_VALUE: Record<string, number> = Object.fromEntries([...BASE64URL].map((c, i) => [c, i]));

/** UTF-8 bytes; a lone surrogate is written as its own three-byte sequence so every string round-trips. */
function utf8Encode(text: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (cp >= 0xd800 && cp <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      cp = 0x10000 + ((cp - 0xd800) << 10) + (next - 0xdc00);
      i++;
    }
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  }
  return bytes;
}

/** The text of UTF-8 bytes (lone surrogates allowed, as written above), or null when malformed. */
function utf8Decode(bytes: number[]): string | null {
  let text = '';
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] as number;
    const size =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead < 0xe0
          ? 2
          : lead >= 0xe0 && lead < 0xf0
            ? 3
            : lead >= 0xf0 && lead < 0xf5
              ? 4
              : 0;
    if (size === 0 || i + size > bytes.length) return null;
    let cp = size === 1 ? lead : lead & (0xff >> (size + 1));
    for (let k = 1; k < size; k++) {
      const b = bytes[i + k] as number;
      if ((b & 0xc0) !== 0x80) return null;
      cp = (cp << 6) | (b & 0x3f);
    }
    // Overlong forms and code points past U+10FFFF are not UTF-8.
    if ((size === 3 && cp < 0x800) || (size === 4 && (cp < 0x10000 || cp > 0x10ffff))) return null;
    text += String.fromCodePoint(cp);
    i += size;
  }
  return text;
}

function base64urlEncode(bytes: number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = ((bytes[i] as number) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(bytes.length - i, 3) + 1;
    for (let k = 0; k < chars; k++) out += BASE64URL[(chunk >> (18 - 6 * k)) & 0x3f];
  }
  return out;
}

/** Bytes of unpadded base64url, or null when it is not canonical base64url. */
function base64urlDecode(s: string): number[] | null {
  if (s.length % 4 === 1) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of s) {
    const value = BASE64URL_VALUE[ch];
    if (value === undefined) return null;
    buffer = ((buffer << 6) | value) & 0xfff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  // The unused low bits of the last character must be zero.
  return (buffer & ((1 << bits) - 1)) === 0 ? bytes : null;
}

const escapeField = (text: string) => text.replaceAll('%', '%25').replaceAll(',', '%2C');

function unescapeField(field: string): string | null {
  if (/%(?!25|2C)/.test(field)) return null;
  return field.replace(/%(25|2C)/g, (m) => (m === '%25' ? '%' : ','));
}

const packDate = (requestDate: string) => requestDate.replaceAll('/', '');

function unpackDate(field: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(field);
  return m ? `${m[1]}/${m[2]}/${m[3]}` : null;
}

function unpackNumber(field: string): number | null {
  return /^\d{1,3}$/.test(field) ? Number(field) : null;
}

function packLeg(leg: SearchLeg): string[] {
  const flags = (leg.departure_only_airport ? 1 : 0) | (leg.destination_only_airport ? 2 : 0);
  return [
    escapeField(leg.departure),
    escapeField(leg.destination),
    packDate(leg.departure_date),
    leg.return_date === undefined ? '' : packDate(leg.return_date),
    String(flags),
    escapeField(leg.departureName ?? ''),
    escapeField(leg.destinationName ?? ''),
    escapeField(leg.departureCityCode ?? ''),
    escapeField(leg.destinationCityCode ?? ''),
  ];
}

function unpackLeg(fields: string[]): SearchLeg | null {
  const [departure = '', destination = '', departureDate = '', returnDate = '', flagField = '', ...optional] = fields;
  const dep = unescapeField(departure);
  const dest = unescapeField(destination);
  const [depName, destName, depCity, destCity] = optional.map(unescapeField);
  if ([dep, dest, depName, destName, depCity, destCity].includes(null)) return null;
  const departure_date = unpackDate(departureDate);
  const return_date = returnDate === '' ? undefined : unpackDate(returnDate);
  if (dep === null || dest === null || departure_date === null || return_date === null) return null;
  if (!/^[0-3]$/.test(flagField)) return null;
  const flags = Number(flagField);

  const leg: SearchLeg = {
    departure: dep,
    destination: dest,
    departure_date,
    departure_only_airport: (flags & 1) !== 0,
    destination_only_airport: (flags & 2) !== 0,
  };
  if (return_date !== undefined) leg.return_date = return_date;
  if (depName) leg.departureName = depName;
  if (destName) leg.destinationName = destName;
  if (depCity) leg.departureCityCode = depCity;
  if (destCity) leg.destinationCityCode = destCity;
  return leg;
}

/** The criteria as a URL-safe search link (filters are left out). */
export function packSearchLink(c: SearchCriteria): string {
  const header = [VERSION, c.type, c.sort, c.cabin, c.adults, c.children, c.infants, c.mode, c.flexDays].map(String);
  const text = [...header, ...c.legs.flatMap(packLeg)].join(',');
  return base64urlEncode(utf8Encode(text));
}

/** What a search link holds, before `unpackSearchLink` checks it as criteria. */
export type SearchLinkFields = {
  type: number;
  sort: string;
  cabin: string;
  adults: number;
  children: number;
  infants: number;
  mode: string;
  flexDays: number;
  legs: SearchLeg[];
};

/**
 * The fields of a search link, or null when the link is malformed; not yet checked as criteria (`unpackSearchLink`
 * checks them), so this module loads without the schemas.
 */
export function readSearchLink(s: string): SearchLinkFields | null {
  const bytes = base64urlDecode(s.trim());
  const text = bytes && utf8Decode(bytes);
  if (!text) return null;

  const fields = text.split(',');
  const legCount = (fields.length - HEADER_FIELDS) / LEG_FIELDS;
  if (fields[0] !== VERSION || !Number.isInteger(legCount) || legCount < 1) return null;

  const [, type, sort, cabin, adults, children, infants, mode, flexDays] = fields as string[];
  const numbers = [type, adults, children, infants, flexDays].map((f) => unpackNumber(f ?? ''));
  const [typeNumber, adultCount, childCount, infantCount, flex] = numbers;
  if (
    typeNumber == null ||
    adultCount == null ||
    childCount == null ||
    infantCount == null ||
    flex == null ||
    sort === undefined ||
    cabin === undefined ||
    mode === undefined
  )
    return null;

  const legs: SearchLeg[] = [];
  for (let i = HEADER_FIELDS; i < fields.length; i += LEG_FIELDS) {
    const leg = unpackLeg(fields.slice(i, i + LEG_FIELDS));
    if (!leg) return null;
    legs.push(leg);
  }

  return {
    type: typeNumber,
    sort,
    cabin,
    adults: adultCount,
    children: childCount,
    infants: infantCount,
    mode,
    flexDays: flex,
    legs,
  };
}
