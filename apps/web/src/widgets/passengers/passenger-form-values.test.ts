import type { Passenger } from '@junction/domain';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { initialValues, namePath, nextDocumentType, toBody } from './passenger-form-values';

const saved: Passenger = {
  id: 'p1',
  chineseName: '张三',
  surname: 'ZHANG',
  givenNames: 'SAN',
  middleName: null,
  gender: 'MALE',
  birthDate: '1990-03-07',
  nationality: 'CN',
  phoneCountry: '86',
  phone: '13800138000',
  email: null,
  documents: [
    { id: 'd1', type: 'B', numberMasked: '1101**********1234', expiryDate: null, issuingCountry: null },
    { id: 'd2', type: 'A', numberMasked: 'E1****78', expiryDate: '2031-01-01', issuingCountry: 'CN' },
  ],
} as unknown as Passenger;

describe('the traveller form’s values', () => {
  it('start a new traveller as Chinese with an ID card row, and a saved one with each number masked and blank', () => {
    expect(initialValues(undefined)).toMatchObject({ nationality: 'CN', documents: [{ type: 'B' }] });
    const values = initialValues(saved);
    expect(values.documents.map((d) => [d.type, d.number, d.masked])).toEqual([
      ['B', '', '1101**********1234'],
      ['A', '', 'E1****78'],
    ]);
  });

  it('never send a masked number back: a blank number keeps the saved one, a typed one replaces it', () => {
    const values = initialValues(saved);
    const unchanged = toBody(values, 'p1');
    expect(unchanged.documents).toEqual([
      { id: 'd1', type: 'B', expiryDate: null, issuingCountry: null },
      { id: 'd2', type: 'A', expiryDate: '2031-01-01', issuingCountry: 'CN' },
    ]);
    expect(JSON.stringify(unchanged)).not.toContain('*');
    const typed = toBody({ ...values, documents: [{ ...values.documents[0], number: 'G12345678' }] }, 'p1');
    expect(typed.documents[0]).toMatchObject({ id: 'd1', number: 'G12345678' });
  });

  it('send blank text as null, trimmed text as typed, and a date as the day', () => {
    const body = toBody(
      {
        chineseName: '  ',
        surname: ' LI ',
        birthDate: dayjs('2001-12-31'),
        documents: [{ type: 'C', issuingCountry: 'HK' }],
      },
      undefined,
    );
    expect(body).toMatchObject({ chineseName: null, surname: 'LI', birthDate: '2001-12-31', email: null });
    expect(body).not.toHaveProperty('id');
    // Only a passport names its issuing country.
    expect(body.documents[0]?.issuingCountry).toBeNull();
  });

  it('add the usual document the traveller lacks next, ID card then passport', () => {
    expect(nextDocumentType([])).toBe('B');
    expect(nextDocumentType([{ type: 'B' }])).toBe('A');
    expect(nextDocumentType([{ type: 'A' }, { type: 'B' }])).not.toMatch(/^[AB]$/);
  });

  it('name a nested field as the form does', () => {
    expect(namePath('documents.1.number')).toEqual(['documents', 1, 'number']);
    expect(namePath('email')).toEqual(['email']);
  });
});
