import { ERRORS, type ErrorName } from '@junction/domain';
import type { ContactField } from '@junction/domain/phone';

/** The four steps of `/booking` (spec §2), by index. */
export const BOOKING_STEPS = ['travellers', 'itinerary', 'extras', 'payment'] as const;
export type BookingStep = 0 | 1 | 2 | 3;

/** Refusals of an order about what step 1 shows: the travellers, their documents, the contact, the rail ticketing. */
const ON_TRAVELLERS: readonly ErrorName[] = [
  'VALIDATION_FAILED',
  'FIELD_REQUIRED',
  'PASSENGER_PHONE_INVALID',
  'PASSENGER_EMAIL_INVALID',
  'RAIL_PHONE_REQUIRED',
  'PASSENGER_NOT_FOUND',
  'DOCUMENT_UNSUITABLE',
  'ADULT_REQUIRED',
  'AGE_BOUNDARY',
  'INFANT_TOO_YOUNG',
  'TRAVELLER_REQUIRED',
  'TOO_MANY_TRAVELLERS',
  'TOO_MANY_CHILDREN',
  'TOO_MANY_INFANTS',
  'NO_QUOTA',
  'RAIL_SESSION_EXPIRED',
  'RAIL_NOT_LINKED',
];
/** Refusals about the seat class, seats, berths and baggage chosen on step 3. */
const ON_EXTRAS: readonly ErrorName[] = [
  'EXTRAS_INVALID',
  'TICKETS_INSUFFICIENT',
  'WAITLIST_NOT_SOLD_OUT',
  'WAITLIST_CLOSED',
];

const codes = (names: readonly ErrorName[]) => new Set<number>(names.map((n) => ERRORS[n].errorCode));
const TRAVELLERS_CODES = codes(ON_TRAVELLERS);
const EXTRAS_CODES = codes(ON_EXTRAS);

/**
 * Where an order refused on the last step can be put right: the step that shows the field (and the
 * contact field, when the server names one), or null when nothing on the page can change it. A flight's
 * cabin with too few seats (the server names the cabin and the seats left) is put right with fewer
 * travellers while it has some, and not on the page once it has none.
 */
export function stepToFix(
  errorCode: number,
  params?: Record<string, unknown>,
): { step: BookingStep; contactField: ContactField | null } | null {
  const field = params?.field;
  const contactField =
    typeof field === 'string' && /^contact\.(name|phone|email)$/.test(field)
      ? (field.slice('contact.'.length) as ContactField)
      : null;
  if (errorCode === ERRORS.TICKETS_INSUFFICIENT.errorCode && typeof params?.cabin === 'string') {
    return typeof params.remaining === 'number' && params.remaining > 0 ? { step: 0, contactField: null } : null;
  }
  if (contactField || TRAVELLERS_CODES.has(errorCode)) return { step: 0, contactField };
  if (EXTRAS_CODES.has(errorCode)) return { step: 2, contactField: null };
  return null;
}

/** The catalogue's name of an error code, for a message shown beside a field. */
export function errorNameOf(errorCode: number): ErrorName {
  const found = (Object.keys(ERRORS) as ErrorName[]).find((name) => ERRORS[name].errorCode === errorCode);
  return found ?? 'VALIDATION_FAILED';
}
