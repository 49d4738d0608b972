import {
  type BookingExtras,
  type BookingOffer,
  ERRORS,
  type OfferStudent,
  STUDENT_REFUSALS,
  type StudentRefusal,
} from '@junction/domain';
import { ApiError } from '../../../shared/api/api-error';

/** A traveller's student fare on the offer's trains in the classes chosen, from the server, or why there is none. */
export type StudentFareChoice =
  | { ok: true; studentMinor: number; adultMinor: number }
  | { ok: false; reason: NonNullable<OfferStudent['fares'][number]['refusal']> };

/**
 * Whether a saved traveller, a student of the linked 12306 account, has the student fare on every train
 * of the offer in the class chosen: the sum of the server's student and adult fares, or the first
 * refusal. Undefined for a traveller who is no student of the linked account.
 */
export function studentFareOf(
  offer: BookingOffer,
  passengerId: string,
  extras: BookingExtras,
): StudentFareChoice | undefined {
  const student = offer.students.find((s) => s.passengerId === passengerId);
  if (!student) return undefined;
  let studentMinor = 0;
  let adultMinor = 0;
  for (const ticket of offer.tickets.filter((x) => x.type === 'railway')) {
    const leg = ticket.legs[0] as number;
    const seatClass = extras.rail.find((c) => c.leg === leg)?.seatClass ?? offer.result.legs[leg]?.cabin;
    const fare = student.fares.find((f) => f.leg === leg && f.seatClass === seatClass);
    if (!fare || fare.studentMinor === null) return { ok: false, reason: fare?.refusal ?? 'classNotDiscounted' };
    studentMinor += fare.studentMinor;
    adultMinor += fare.adultMinor;
  }
  return { ok: true, studentMinor, adultMinor };
}

/** The railway's reason an order's student ticket was refused (2008 for type `STUDENT`), or null for any other error. */
export function studentRefusalOf(error: unknown): StudentRefusal | null {
  if (!(error instanceof ApiError) || error.errorCode !== ERRORS.NO_QUOTA.errorCode) return null;
  const { type, reason } = error.body.params ?? {};
  return type === 'STUDENT' && (STUDENT_REFUSALS as readonly unknown[]).includes(reason)
    ? (reason as StudentRefusal)
    : null;
}
