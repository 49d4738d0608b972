import type { PassengerSource } from '../features/orders/ports';
import type { PassengersRepository } from '../features/passengers/passengers.repository';

/** The booking's travellers: a user's saved travellers with their documents, sealed as they are kept. */
export function bookingPassengers(repo: Pick<PassengersRepository, 'findForUser' | 'documentsOf'>): PassengerSource {
  return {
    find: async (userId, ids) => {
      const found = await Promise.all(ids.map((id) => repo.findForUser(userId, id)));
      const rows = found.filter((r) => r !== undefined);
      const documents = await repo.documentsOf(
        userId,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({
        id: r.id,
        chineseName: r.chineseName,
        surname: r.surname,
        givenNames: r.givenNames,
        middleName: r.middleName,
        birthDate: r.birthDate,
        documents: documents
          .filter((d) => d.passengerId === r.id)
          .map((d) => ({
            id: d.id,
            type: d.type,
            numberSealed: d.numberSealed,
            numberMasked: d.numberMasked,
            expiryDate: d.expiryDate,
          })),
      }));
    },
  };
}
