import { describe, expect, it } from 'vitest';
import { bookingPeople } from './booking-people';

/** Sealed values are the clear text reversed, with what they are for: enough to see each is opened for its purpose. */
const keyring = { open: (sealed: string, purpose: string) => `${purpose}:${[...sealed].reverse().join('')}` };

const order = {
  userId: 'u-1',
  contactEmail: 'li.na@example.com',
  contactPhoneSealed: '0008318013',
  travellers: [
    { position: 0, passengerId: 'p-1', birthDate: '1990-07-08', documentType: 'PASSPORT', documentSealed: '321E' },
    { position: 1, passengerId: null, birthDate: '2020-01-02', documentType: 'ID_CARD', documentSealed: '987' },
  ],
};

describe('an order’s travellers for a seller that books in their names', () => {
  it('are the order’s travellers with their documents opened and their saved Latin names, sex and expiry', async () => {
    const people = bookingPeople(
      { sealedPeople: async (id: string) => (id === 'o-1' ? order : undefined) } as never,
      {
        findForUser: async (userId: string, id: string) =>
          userId === 'u-1' && id === 'p-1'
            ? { id, surname: 'LI', givenNames: 'NA', gender: 'FEMALE', nationality: 'CN' }
            : undefined,
        documentsOf: async () => [
          { passengerId: 'p-1', type: 'PASSPORT', expiryDate: '2030-01-01', issuingCountry: null },
          { passengerId: 'p-1', type: 'ID_CARD', expiryDate: '2040-01-01', issuingCountry: 'CN' },
        ],
      } as never,
      keyring as never,
    );
    const found = await people('o-1');
    expect(found.contact).toEqual({ email: 'li.na@example.com', phone: 'order-contact-phone:3108138000' });
    expect(found.people[0]).toEqual({
      position: 0,
      surname: 'LI',
      givenNames: 'NA',
      birthDate: '1990-07-08',
      gender: 'FEMALE',
      document: { type: 'PASSPORT', number: 'passenger-document:E123', expiryDate: '2030-01-01', issuingCountry: 'CN' },
    });
    expect(found.people[1]).toMatchObject({
      surname: null,
      document: { number: 'passenger-document:789', expiryDate: null },
    });
  });

  it('are nobody for an order that does not exist', async () => {
    const people = bookingPeople({ sealedPeople: async () => undefined } as never, {} as never, keyring as never);
    expect(await people('o-404')).toEqual({ people: [], contact: { email: null, phone: null } });
  });
});
