import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeMobile } from '../accounts/phone';
import { idCardNumber } from './arbitraries.test-support';
import { isChineseName, isEnglishName, nameRequirement } from './names';
import type { Passenger, PassengerInput } from './passenger.schema';
import { checkPassenger, passengerBlockers } from './passenger-rules';

const TODAY = '2026-11-26';
const options = { normalizePhone: normalizeMobile, today: TODAY };
const base: PassengerInput = {
  chineseName: '张伟',
  surname: 'Zhang',
  givenNames: 'Wei',
  nationality: 'CN',
  phoneCountry: 'CN',
  phone: '13800138000',
  email: 'wei@example.com',
  documents: [{ type: 'B', number: '11010519491231002X' }],
};
const issuesOf = (input: Partial<PassengerInput>) => {
  const r = checkPassenger({ ...base, ...input }, options);
  return r.ok ? [] : r.issues.map((i) => `${i.field}:${i.error}`);
};

describe('names (spec §5)', () => {
  it('takes Chinese names of two or more characters, with a middle dot for minority names', () => {
    expect(isChineseName('张伟')).toBe(true);
    expect(isChineseName('阿依古丽·买买提')).toBe(true);
    expect(isChineseName('阿依古丽.买买提')).toBe(true);
    expect(isChineseName('张')).toBe(false);
    expect(isChineseName('·张伟')).toBe(false);
    expect(isChineseName('张 伟')).toBe(false);
    expect(isChineseName('Zhang')).toBe(false);
  });

  it('takes English names in letters, as pinyin or the passport writes them', () => {
    expect(isEnglishName('ZHANG')).toBe(true);
    expect(isEnglishName("Mary-Jane O'Neil")).toBe(true);
    expect(isEnglishName('张')).toBe(false);
    expect(isEnglishName('Wei2')).toBe(false);
    expect(isEnglishName('')).toBe(false);
  });

  it('refuses any Chinese name holding a character that is not Chinese', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 10 }), (s) => {
        fc.pre(/[^\p{Script=Han}·.．•‧・\s]/u.test(s));
        expect(isChineseName(`张${s}伟`)).toBe(false);
      }),
    );
  });

  it('asks for the names each route needs, with the four hints of spec §5', () => {
    expect(nameRequirement({ international: true, rail: false })).toBe('english');
    expect(nameRequirement({ international: true, rail: true })).toBe('both');
    expect(nameRequirement({ international: false, rail: true }, true)).toBe('chinese');
    expect(nameRequirement({ international: false, rail: false })).toBe('either');
  });
});

describe('a traveller (spec §3, §5)', () => {
  it('stores names normalized, the phone in E.164, and date of birth and gender from the ID card', () => {
    const r = checkPassenger({ ...base, surname: ' zhang ', birthDate: '2000-01-01', gender: 'MALE' }, options);
    expect(r.ok && r.value).toMatchObject({
      surname: 'ZHANG',
      givenNames: 'WEI',
      phone: '+8613800138000',
      birthDate: '1949-12-31',
      gender: 'FEMALE',
      documents: [{ type: 'B', number: '11010519491231002X' }],
    });
  });

  it('gives each broken rule its message on its field', () => {
    expect(issuesOf({ chineseName: '张' })).toEqual(['chineseName:CHINESE_NAME_INVALID']);
    expect(issuesOf({ surname: 'Zh4ng' })).toEqual(['surname:ENGLISH_NAME_INVALID']);
    expect(issuesOf({ givenNames: '' })).toEqual(['givenNames:FIELD_REQUIRED']);
    expect(issuesOf({ chineseName: null, surname: null, givenNames: null })).toEqual(['chineseName:NAME_REQUIRED']);
    expect(issuesOf({ documents: [{ type: 'B', number: '110105194912310021' }] })).toContain(
      'documents.0.number:ID_CARD_INVALID',
    );
    expect(issuesOf({ documents: [] })).toContain('documents:DOCUMENT_REQUIRED');
    expect(issuesOf({ documents: [{ type: 'Z', number: 'E12345678' }] })).toContain(
      'documents.0.type:DOCUMENT_TYPE_INVALID',
    );
    expect(issuesOf({ phone: '12345' })).toEqual(['phone:PASSENGER_PHONE_INVALID']);
    expect(issuesOf({ email: 'wei@' })).toEqual(['email:PASSENGER_EMAIL_INVALID']);
    expect(issuesOf({ nationality: null })).toEqual(['nationality:FIELD_REQUIRED']);
  });

  it('needs a birth date and gender when no document states them', () => {
    const passport = { type: 'A', number: 'E12345678', expiryDate: '2030-01-01', issuingCountry: 'CN' };
    expect(issuesOf({ documents: [passport] })).toEqual(['birthDate:FIELD_REQUIRED', 'gender:FIELD_REQUIRED']);
    expect(issuesOf({ documents: [passport], birthDate: '2027-01-01', gender: 'MALE' })).toEqual([
      'birthDate:BIRTH_DATE_INVALID',
    ]);
  });

  it('checks a passport with its issuing country and a future expiry date', () => {
    const more = { birthDate: '1990-01-01', gender: 'MALE' as const };
    const passport = (p: object) => issuesOf({ ...more, documents: [{ type: 'A', number: 'E12345678', ...p }] });
    expect(passport({ expiryDate: '2030-01-01', issuingCountry: 'CN' })).toEqual([]);
    expect(passport({ expiryDate: '2030-01-01', issuingCountry: 'US', number: 'ABCDEFGH' })).toEqual([
      'documents.0.number:PASSPORT_INVALID',
    ]);
    expect(passport({ expiryDate: '2030-01-01' })).toEqual(['documents.0.issuingCountry:FIELD_REQUIRED']);
    expect(passport({ issuingCountry: 'CN' })).toEqual(['documents.0.expiryDate:FIELD_REQUIRED']);
    expect(passport({ expiryDate: TODAY, issuingCountry: 'CN' })).toEqual(['documents.0.expiryDate:DOCUMENT_EXPIRED']);
  });

  it('takes one document of each type', () => {
    const id = { type: 'B', number: '11010519491231002X' };
    expect(issuesOf({ documents: [id, id] })).toEqual(['documents.1.type:DOCUMENT_TYPE_REPEATED']);
  });

  it('keeps the number of a saved document sent without one, but only for its own type', () => {
    const saved = new Map([['6f0d1c1e-8c53-4f57-8f4a-7e4f2b1f5c11', 'B' as const]]);
    const keep = { id: '6f0d1c1e-8c53-4f57-8f4a-7e4f2b1f5c11', type: 'B' };
    const r = checkPassenger(
      { ...base, birthDate: '1990-01-01', gender: 'MALE', documents: [keep] },
      {
        ...options,
        saved,
      },
    );
    expect(r.ok && r.value.documents[0]).toEqual({
      ...keep,
      number: undefined,
      expiryDate: null,
      issuingCountry: null,
    });
    const retyped = checkPassenger({ ...base, documents: [{ ...keep, type: 'C' }] }, { ...options, saved });
    expect(retyped.ok ? [] : retyped.issues).toContainEqual({ field: 'documents.0.number', error: 'FIELD_REQUIRED' });
  });

  it('asks a rail traveller for a phone of +86, +852, +853 or +886, or an e-mail where one will do', () => {
    expect(issuesOf({ railContact: 'mobile' })).toEqual([]);
    expect(issuesOf({ railContact: 'mobile', phoneCountry: 'HK', phone: '51234567' })).toEqual([]);
    expect(issuesOf({ railContact: 'mobile', phoneCountry: 'US', phone: '2015550123' })).toEqual([
      'phone:RAIL_PHONE_REQUIRED',
    ]);
    expect(issuesOf({ railContact: 'mobileOrEmail', phoneCountry: 'US', phone: '2015550123' })).toEqual([]);
    expect(issuesOf({ railContact: 'mobileOrEmail', phone: null, email: null })).toEqual([
      'phone:RAIL_CONTACT_REQUIRED',
    ]);
  });

  it('derives date of birth and gender from every valid ID card', () => {
    fc.assert(
      fc.property(idCardNumber, (number) => {
        const r = checkPassenger({ ...base, documents: [{ type: 'B', number }] }, options);
        expect(r.ok && r.value.birthDate.replaceAll('-', '')).toBe(number.slice(6, 14));
      }),
    );
  });
});

describe('who can be chosen for a route', () => {
  const passenger: Passenger = {
    id: '6f0d1c1e-8c53-4f57-8f4a-7e4f2b1f5c11',
    chineseName: '张伟',
    surname: null,
    givenNames: null,
    middleName: null,
    birthDate: '1990-01-01',
    gender: 'MALE',
    nationality: 'CN',
    phoneCountry: 'CN',
    phone: '13800138000',
    email: null,
    documents: [
      {
        id: '6f0d1c1e-8c53-4f57-8f4a-7e4f2b1f5c12',
        type: 'B',
        numberMasked: '1101**********002X',
        expiryDate: null,
        issuingCountry: null,
      },
    ],
    railStatus: 'VERIFIED',
    railCheckedAt: null,
    updatedAt: '2026-11-26T00:00:00.000Z',
  };

  it('lets an ID-card holder with a Chinese name take a train at home', () => {
    expect(passengerBlockers(passenger, { international: false, rail: true })).toEqual([]);
  });

  it('says why a traveller cannot fly abroad: no passport or permit, no English name', () => {
    expect(passengerBlockers(passenger, { international: true, rail: false })).toEqual([
      'noUsableDocument',
      'needEnglishName',
    ]);
  });

  it('blocks a rail traveller without a rail phone or with a status that does not allow booking', () => {
    expect(passengerBlockers({ ...passenger, phoneCountry: 'US' }, { international: false, rail: true })).toEqual([
      'railPhone',
    ]);
    expect(
      passengerBlockers({ ...passenger, railStatus: 'NOT_EXISTED' }, { international: false, rail: true }),
    ).toEqual(['railStatus']);
  });

  it('blocks a traveller whose only usable document expires before the trip ends', () => {
    const p = {
      ...passenger,
      surname: 'ZHANG',
      givenNames: 'WEI',
      documents: [
        {
          id: '6f0d1c1e-8c53-4f57-8f4a-7e4f2b1f5c12',
          type: 'A' as const,
          numberMasked: 'E1****678',
          expiryDate: '2027-01-01',
          issuingCountry: 'CN',
        },
      ],
    };
    expect(passengerBlockers(p, { international: true, rail: false, lastDay: '2026-12-31' })).toEqual([]);
    expect(passengerBlockers(p, { international: true, rail: false, lastDay: '2027-02-01' })).toEqual([
      'documentExpires',
    ]);
  });
});
