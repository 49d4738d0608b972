import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validDocument } from './arbitraries.test-support';
import { DOCUMENT_TYPE_LETTERS, documentNumberError, maskDocumentNumber, normalizeDocumentNumber } from './documents';

const TODAY = '2026-11-26';

describe('document numbers', () => {
  it('lists the thirteen types A to M of spec §3 in order', () => {
    expect(DOCUMENT_TYPE_LETTERS.join('')).toBe('ABCDEFGHIJKLM');
  });

  for (const type of DOCUMENT_TYPE_LETTERS) {
    it(`accepts every generated valid number of type ${type}`, () => {
      fc.assert(
        fc.property(validDocument[type], ({ number, country }) => {
          expect(documentNumberError(type, number, country ?? null, TODAY)).toBeNull();
        }),
      );
    });
  }

  it('checks mainland passports against the E and G formats and others against the ICAO field', () => {
    expect(documentNumberError('A', 'E12345678', 'CN', TODAY)).toBeNull();
    expect(documentNumberError('A', 'EA1234567', 'CN', TODAY)).toBeNull();
    expect(documentNumberError('A', 'G12345678', 'CN', TODAY)).toBeNull();
    expect(documentNumberError('A', 'E1234567', 'CN', TODAY)).toBe('PASSPORT_INVALID');
    expect(documentNumberError('A', 'X12345678', 'CN', TODAY)).toBe('PASSPORT_INVALID');
    expect(documentNumberError('A', '123456789', 'CN', TODAY)).toBe('PASSPORT_INVALID');
    expect(documentNumberError('A', '123456789', 'US', TODAY)).toBeNull();
    expect(documentNumberError('A', 'ABCDEFGHI', 'US', TODAY)).toBe('PASSPORT_INVALID');
    expect(documentNumberError('A', 'E12345678', null, TODAY)).toBe('PASSPORT_INVALID');
  });

  it('knows the home-return permit, the Taiwan permits and the permanent resident card formats', () => {
    expect(documentNumberError('H', 'H12345678', null, TODAY)).toBeNull();
    expect(documentNumberError('H', 'M1234567890', null, TODAY)).toBeNull();
    expect(documentNumberError('H', 'C12345678', null, TODAY)).toBe('DOCUMENT_NUMBER_INVALID');
    expect(documentNumberError('J', 'L12345678', null, TODAY)).toBeNull();
    expect(documentNumberError('K', '12345678', null, TODAY)).toBeNull();
    expect(documentNumberError('M', 'USA110009050123', null, TODAY)).toBeNull();
    expect(documentNumberError('M', 'USA110090130123', null, TODAY)).toBe('DOCUMENT_NUMBER_INVALID');
    expect(documentNumberError('I', '11010519491231002X', null, TODAY)).toBe('DOCUMENT_NUMBER_INVALID');
  });

  it('gives an ID card its own message and refuses a number from another family', () => {
    expect(documentNumberError('B', '11010519491231002X', null, TODAY)).toBeNull();
    expect(documentNumberError('B', 'E12345678', null, TODAY)).toBe('ID_CARD_INVALID');
    expect(documentNumberError('D', '11010519491231002X', null, TODAY)).toBe('DOCUMENT_NUMBER_INVALID');
  });

  it('ignores spaces and case as people type them', () => {
    expect(normalizeDocumentNumber(' e1234 5678 ')).toBe('E12345678');
    expect(documentNumberError('A', 'e1234 5678', 'CN', TODAY)).toBeNull();
  });

  it('masks numbers as the screens show them', () => {
    expect(maskDocumentNumber('11010519491231002X')).toBe('1101**********002X');
    expect(maskDocumentNumber('E12345678')).toBe('E1****678');
  });

  it('never shows more than seven characters of any number, and keeps its length', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789ABCX'), minLength: 1, maxLength: 30 }), (n) => {
        const masked = maskDocumentNumber(n);
        expect(masked.length).toBe(n.length);
        expect(masked.replaceAll('*', '').length).toBeLessThanOrEqual(Math.min(8, n.length - 1 || 0));
        if (n.length > 1) expect(masked).not.toBe(n);
      }),
    );
  });
});
