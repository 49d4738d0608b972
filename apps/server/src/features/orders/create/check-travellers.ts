import {
  AppError,
  type BookingOffer,
  type CreateOrder,
  checkParty,
  type PartyIssue,
  type PartyTypes,
  usableDocumentTypes,
} from '@junction/domain';
import { contactProblems, normalizeMobile } from '@junction/domain/phone';
import type { BookingDocument, BookingPassenger } from '../ports';

export type CheckedTravellers = {
  /** Each traveller of the order, in its order, with the document they travel on. */
  travellers: { p: BookingPassenger; document: BookingDocument }[];
  /** The fare type of each traveller, by air and by rail. */
  types: PartyTypes;
  /** The contact's mobile number in its normal form. */
  phone: string;
};

/**
 * The first step of an order: the travellers are the user's saved ones, each named once, on a document
 * usable for the trip and valid until its end; the party is one the domain's rules allow (ages, a child
 * with an adult, rail seats); and the contact can be reached. Throws the spec's error for the first problem.
 */
/** Each saved traveller may be on an order once. */
export function assertDistinct(input: { travellers: readonly { passengerId: string }[] }): void {
  const ids = input.travellers.map((t) => t.passengerId);
  if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION_FAILED');
}

export function checkTravellers(
  input: Pick<CreateOrder, 'contact'> & {
    travellers: readonly Pick<CreateOrder['travellers'][number], 'passengerId' | 'documentId' | 'railSeat'>[];
  },
  found: BookingPassenger[],
  trip: BookingOffer['trip'],
): CheckedTravellers {
  assertDistinct(input);
  const chosen = input.travellers.map((t) => {
    const p = found.find((x) => x.id === t.passengerId);
    const document = p?.documents.find((d) => d.id === t.documentId);
    if (!p || !document) throw new AppError('PASSENGER_NOT_FOUND');
    return { p, document, railSeat: t.railSeat };
  });
  const party = checkParty(
    chosen.map((x) => ({ birthDate: x.p.birthDate, railSeat: x.railSeat })),
    trip,
  );
  if (!party.ok) throw new AppError((party.issues[0] as PartyIssue).error);
  const usable: readonly string[] = usableDocumentTypes(trip);
  for (const { document } of chosen) {
    if (!usable.includes(document.type)) throw new AppError('DOCUMENT_UNSUITABLE');
    if (document.expiryDate !== null && document.expiryDate < trip.end) throw new AppError('DOCUMENT_UNSUITABLE');
  }
  const contactProblem = contactProblems(input.contact, trip.rail)[0];
  if (contactProblem)
    throw new AppError(contactProblem.error, { params: { field: `contact.${contactProblem.field}` } });
  const phone = normalizeMobile(input.contact.phone, input.contact.phoneCountry) ?? '';
  return { travellers: chosen.map(({ p, document }) => ({ p, document })), types: party.types, phone };
}
