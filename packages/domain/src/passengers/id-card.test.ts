import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idCardNumber } from './arbitraries.test-support';
import { mod11Check, parseIdCard } from './id-card';

const TODAY = '2026-11-26';

describe('Chinese resident ID card', () => {
  it('accepts a real number and reads its date of birth and gender from it', () => {
    // GB 11643's own example number.
    expect(parseIdCard('11010519491231002X', TODAY)).toEqual({ birthDate: '1949-12-31', gender: 'FEMALE' });
    expect(parseIdCard('440524188001010014', TODAY)).toBeNull(); // born before 1900
    const male = `11010119900307${'001'}`;
    expect(parseIdCard(male + mod11Check(male), TODAY)).toEqual({ birthDate: '1990-03-07', gender: 'MALE' });
  });

  it('takes a lower-case x as the check character X', () => {
    expect(parseIdCard('11010519491231002x', TODAY)).not.toBeNull();
  });

  it('refuses a wrong check character, an impossible date, a date after today and an unknown region', () => {
    expect(parseIdCard('110105194912310021', TODAY)).toBeNull();
    const feb30 = '11010519900230001';
    expect(parseIdCard(feb30 + mod11Check(feb30), TODAY)).toBeNull();
    const future = '11010520270101001';
    expect(parseIdCard(future + mod11Check(future), TODAY)).toBeNull();
    const region = '99010519900101001';
    expect(parseIdCard(region + mod11Check(region), TODAY)).toBeNull();
    const noCounty = '11000019900101001';
    expect(parseIdCard(noCounty + mod11Check(noCounty), TODAY)).toBeNull();
    expect(parseIdCard('1101051949123100', TODAY)).toBeNull();
  });

  it('accepts every generated valid number', () => {
    fc.assert(fc.property(idCardNumber, (n) => parseIdCard(n, TODAY) !== null));
  });

  it('refuses every number with any one character changed', () => {
    fc.assert(
      fc.property(idCardNumber, fc.nat(17), fc.constantFrom(...'0123456789XA'), (n, i, c) => {
        fc.pre(n[i] !== c);
        const changed = n.slice(0, i) + c + n.slice(i + 1);
        return parseIdCard(changed, TODAY) === null;
      }),
      { numRuns: 2000 },
    );
  });

  it('gives a man an odd and a woman an even seventeenth digit', () => {
    fc.assert(
      fc.property(idCardNumber, (n) => {
        const facts = parseIdCard(n, TODAY);
        return facts?.gender === (Number(n[16]) % 2 === 1 ? 'MALE' : 'FEMALE');
      }),
    );
  });
});
