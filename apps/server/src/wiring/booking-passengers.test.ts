import { describe, expect, it } from 'vitest';
import { bookingPassengers } from './booking-passengers';

const row = (id: string, chineseName: string) => ({
  id,
  chineseName,
  surname: null,
  givenNames: null,
  middleName: null,
  birthDate: '1990-07-08',
});
const doc = (id: string, passengerId: string) => ({
  id,
  passengerId,
  type: 'ID_CARD',
  numberSealed: `sealed-${id}`,
  numberMasked: '1101**********1234',
  expiryDate: null,
});

describe('the booking’s travellers', () => {
  it('are the user’s saved travellers asked for, each with their own documents, sealed', async () => {
    const rows = new Map([
      ['p-1', row('p-1', '李娜')],
      ['p-2', row('p-2', '张伟')],
    ]);
    const source = bookingPassengers({
      findForUser: async (userId: string, id: string) => (userId === 'u-1' ? rows.get(id) : undefined),
      documentsOf: async (_userId: string, ids: string[]) =>
        [doc('d-1', 'p-1'), doc('d-2', 'p-2'), doc('d-3', 'p-1')].filter((d) => ids.includes(d.passengerId)),
    } as never);
    const found = await source.find('u-1', ['p-2', 'p-404', 'p-1']);
    expect(found.map((p) => p.chineseName)).toEqual(['张伟', '李娜']);
    expect(found[1]?.documents.map((d) => d.id)).toEqual(['d-1', 'd-3']);
    expect(found[0]?.documents[0]).toEqual({
      id: 'd-2',
      type: 'ID_CARD',
      numberSealed: 'sealed-d-2',
      numberMasked: '1101**********1234',
      expiryDate: null,
    });
    expect(await source.find('u-2', ['p-1'])).toEqual([]);
  });
});
