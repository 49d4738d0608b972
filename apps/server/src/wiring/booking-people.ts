import type { BookingPeople } from '../features/fulfilment/ticketing/issuer';
import type { OrdersRepository } from '../features/orders/orders.repository';
import type { PassengersRepository } from '../features/passengers/passengers.repository';
import type { Keyring } from '../lib/crypto';

/**
 * An order's travellers in clear for a seller that books in their names (Duffel): the order's travellers
 * with their documents opened, the saved travellers' Latin names, sex and the document's expiry and
 * issuing country, and the contact's e-mail and phone. Read only when a seller asks; never stored or logged.
 */
export function bookingPeople(
  orders: Pick<OrdersRepository, 'sealedPeople'>,
  passengers: Pick<PassengersRepository, 'findForUser' | 'documentsOf'>,
  keyring: Keyring,
): (orderId: string) => Promise<BookingPeople> {
  return async (orderId) => {
    const sealed = await orders.sealedPeople(orderId);
    if (!sealed) return { people: [], contact: { email: null, phone: null } };
    const ids = sealed.travellers.flatMap((t) => (t.passengerId ? [t.passengerId] : []));
    const saved = await Promise.all(ids.map((id) => passengers.findForUser(sealed.userId, id)));
    const documents = await passengers.documentsOf(sealed.userId, ids);
    return {
      contact: {
        email: sealed.contactEmail,
        phone: sealed.contactPhoneSealed ? keyring.open(sealed.contactPhoneSealed, 'order-contact-phone') : null,
      },
      people: sealed.travellers.map((t) => {
        const p = saved.find((x) => x?.id === t.passengerId);
        const doc = documents.find((d) => d.passengerId === t.passengerId && d.type === t.documentType);
        return {
          position: t.position,
          surname: p?.surname ?? null,
          givenNames: p?.givenNames ?? null,
          birthDate: t.birthDate,
          gender: p?.gender ?? 'MALE',
          document: {
            type: t.documentType,
            number: keyring.open(t.documentSealed, 'passenger-document'),
            expiryDate: doc?.expiryDate ?? null,
            issuingCountry: doc?.issuingCountry ?? p?.nationality ?? null,
          },
        };
      }),
    };
  };
}
