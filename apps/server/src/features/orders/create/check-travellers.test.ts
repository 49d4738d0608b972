import { AppError } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { checkTravellers } from './check-travellers';
import { contact, domesticTrip, passenger } from './create.test-support';

const ids = (...people: { id: string }[]) =>
  people.map((p) => ({ passengerId: p.id, documentId: `${p.id}-doc`, railSeat: false }));
const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof AppError ? e.code : String(e);
  }
  return 'passed';
};

describe('checking the travellers of a new order', () => {
  const adult = passenger('a1', '1990-01-01');
  const child = passenger('c1', '2018-05-01');

  it('answers each traveller with the document chosen, their fare types and the contact phone in its normal form', () => {
    const checked = checkTravellers({ travellers: ids(adult, child), contact }, [child, adult], domesticTrip(false));
    expect(checked.travellers.map((t) => [t.p.id, t.document.id])).toEqual([
      ['a1', 'a1-doc'],
      ['c1', 'c1-doc'],
    ]);
    expect(checked.types.air).toEqual(['ADULT', 'CHILD']);
    expect(checked.phone).toBe('+8613912345678');
  });

  it('refuses the same traveller twice, a traveller or document not saved, and a party the rules refuse', () => {
    const trip = domesticTrip(false);
    expect(codeOf(() => checkTravellers({ travellers: ids(adult, adult), contact }, [adult], trip))).toBe(
      'VALIDATION_FAILED',
    );
    expect(codeOf(() => checkTravellers({ travellers: ids(adult), contact }, [], trip))).toBe('PASSENGER_NOT_FOUND');
    const otherDocument = [{ passengerId: 'a1', documentId: 'elsewhere', railSeat: false }];
    expect(codeOf(() => checkTravellers({ travellers: otherDocument, contact }, [adult], trip))).toBe(
      'PASSENGER_NOT_FOUND',
    );
    expect(codeOf(() => checkTravellers({ travellers: ids(child), contact }, [child], trip))).not.toBe('passed');
  });

  it('refuses a document the trip does not accept, or one that expires before the trip ends', () => {
    const abroad = { ...domesticTrip(false), international: true };
    expect(codeOf(() => checkTravellers({ travellers: ids(adult), contact }, [adult], abroad))).toBe(
      'DOCUMENT_UNSUITABLE',
    );
    const expiring = passenger('a2', '1990-01-01', { expiryDate: '2026-07-14' });
    expect(codeOf(() => checkTravellers({ travellers: ids(expiring), contact }, [expiring], domesticTrip(false)))).toBe(
      'DOCUMENT_UNSUITABLE',
    );
  });

  it('names the contact field that is wrong', () => {
    const bad = { ...contact, email: 'not-an-address' };
    try {
      checkTravellers({ travellers: ids(adult), contact: bad }, [adult], domesticTrip(false));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).code).toBe('PASSENGER_EMAIL_INVALID');
      expect((e as AppError).extra.params).toEqual({ field: 'contact.email' });
    }
  });
});
