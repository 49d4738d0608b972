import fc from 'fast-check';
import type { DocumentType } from './documents';
import { mod11Check } from './id-card';

/** Generators of numbers each issuer could write, for the property tests of the rules. */
const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const upperNoIO = fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789');
const PROVINCES = ['11', '12', '13', '31', '32', '33', '37', '44', '50', '51', '61', '65'];
const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** A calendar date between 1900 and 2025 as yyyymmdd. */
export const birthDigits = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2025-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10).replaceAll('-', ''));

const withCheck = (first17: string) => first17 + mod11Check(first17);

export const idCardNumber = fc
  .tuple(
    fc.constantFrom(...PROVINCES),
    fc.integer({ min: 1, max: 9999 }).map((n) => pad(n, 4)),
    birthDigits,
    digits(3),
  )
  .map(([p, county, birth, seq]) => withCheck(p + county + birth + seq));

const residencePermit = (regions: string[]) =>
  fc.tuple(fc.constantFrom(...regions), birthDigits, digits(3)).map(([r, b, s]) => withCheck(r + b + s));

const prCard2023 = fc
  .tuple(fc.constantFrom(...PROVINCES), digits(3), birthDigits, digits(3))
  .map(([p, nat, b, s]) => withCheck(`9${p}${nat}${b}${s}`));
const prCard2017 = fc
  .tuple(fc.string({ unit: upper, minLength: 3, maxLength: 3 }), digits(4), birthDigits, digits(2))
  .map(([c, p, b, s]) => `${c}${p}${b.slice(2)}${s}`);

export const cnPassport = fc.oneof(
  fc.tuple(upperNoIO, digits(7)).map(([c, d]) => `E${c}${d}`),
  digits(8).map((d) => `G${d}`),
);
const foreignPassport = fc
  .tuple(fc.string({ unit: upperNoIO, minLength: 5, maxLength: 8 }), fc.constantFrom(...'0123456789'))
  .map(([s, d]) => `${s}${d}`);

/** A valid number per type, with the issuing country a passport needs. */
export const validDocument: Record<DocumentType, fc.Arbitrary<{ number: string; country?: string }>> = {
  A: fc.oneof(
    cnPassport.map((number) => ({ number, country: 'CN' })),
    fc.tuple(foreignPassport, fc.constantFrom('US', 'GB', 'DE', 'JP', 'FR')).map(([number, country]) => ({
      number,
      country,
    })),
  ),
  B: idCardNumber.map((number) => ({ number })),
  C: idCardNumber.map((number) => ({ number })),
  D: digits(8).map((d) => ({ number: `T${d}` })),
  E: fc.tuple(upper, digits(9)).map(([l, d]) => ({ number: `${l}${d}` })),
  F: fc
    .tuple(fc.constantFrom('南字第', '北字第', '海字第', '武字第'), digits(8))
    .map(([u, d]) => ({ number: `${u}${d}号` })),
  G: fc.oneof(
    fc.tuple(upperNoIO, digits(7)).map(([c, d]) => ({ number: `C${c}${d}` })),
    digits(8).map((d) => ({ number: `W${d}` })),
  ),
  H: fc.tuple(fc.constantFrom('H', 'M'), fc.oneof(digits(8), digits(10))).map(([l, d]) => ({ number: `${l}${d}` })),
  I: residencePermit(['810000', '820000']).map((number) => ({ number })),
  J: digits(8).map((d) => ({ number: `L${d}` })),
  K: fc.oneof(digits(8), digits(10)).map((number) => ({ number })),
  L: residencePermit(['830000']).map((number) => ({ number })),
  M: fc.oneof(prCard2023, prCard2017).map((number) => ({ number })),
};
