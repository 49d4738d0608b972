import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ContactInput, contactProblems, maskMobile } from './phone';

const contact = (over: Partial<ContactInput> = {}): ContactInput => ({
  name: '张伟',
  phoneCountry: 'CN',
  phone: '13800138000',
  email: 'zhang.wei@example.com',
  ...over,
});
const fields = (c: ContactInput, rail = false) => contactProblems(c, rail).map((p) => `${p.field}:${p.error}`);

describe('the order contact (spec §5)', () => {
  it('accepts a name, a valid mobile of its area and an e-mail', () => {
    expect(fields(contact())).toEqual([]);
    expect(fields(contact({ phoneCountry: 'HK', phone: '51234567' }), true)).toEqual([]);
    expect(fields(contact({ phoneCountry: 'GB', phone: '7400123456' }))).toEqual([]);
  });

  it('names every empty field as required', () => {
    expect(fields(contact({ name: ' ', phone: '', email: '' }))).toEqual([
      'name:FIELD_REQUIRED',
      'phone:FIELD_REQUIRED',
      'email:FIELD_REQUIRED',
    ]);
  });

  it('refuses the masked mobile the account page shows, and any text with a star in it', () => {
    expect(fields(contact({ phone: '139****4146' }))).toEqual(['phone:PASSENGER_PHONE_INVALID']);
    fc.assert(
      fc.property(
        fc.integer({ min: 13_000_000_000, max: 19_999_999_999 }),
        fc.integer({ min: 0, max: 10 }),
        (n, at) => {
          const masked = maskMobile(`+86${n}`);
          const starred = `${String(n).slice(0, at)}*${String(n).slice(at + 1)}`;
          return (
            fields(contact({ phone: masked }))[0] === 'phone:PASSENGER_PHONE_INVALID' &&
            fields(contact({ phone: starred }))[0] === 'phone:PASSENGER_PHONE_INVALID'
          );
        },
      ),
    );
  });

  it('asks a train for a mobile of the mainland, Hong Kong, Macao or Taiwan', () => {
    const british = contact({ phoneCountry: 'GB', phone: '7400123456' });
    expect(fields(british, true)).toEqual(['phone:RAIL_PHONE_REQUIRED']);
    expect(fields(british, false)).toEqual([]);
  });

  it('refuses an e-mail without its domain', () => {
    expect(fields(contact({ email: 'zhang.wei@' }))).toEqual(['email:PASSENGER_EMAIL_INVALID']);
    expect(fields(contact({ email: 'zhang.wei@example' }))).toEqual(['email:PASSENGER_EMAIL_INVALID']);
  });
});
