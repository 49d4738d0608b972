import { z } from 'zod';
import { STUDENT_CHECKS } from './student-fares';

/** Why the railway's rules give a student no student fare: the reasons of 2008 (`NO_QUOTA`) for type `STUDENT`. */
export const STUDENT_REFUSALS = ['notVerified', 'offInterval', 'classNotDiscounted', 'noJourneysLeft'] as const;
export type StudentRefusal = (typeof STUDENT_REFUSALS)[number];

/**
 * A student of the linked 12306 account who is one of the user's saved travellers, and per rail ride and
 * class of the offer: the adult fare, and the student fare or why there is none.
 */
export const offerStudentSchema = z.object({
  passengerId: z.uuid(),
  name: z.string(),
  check: z.enum(STUDENT_CHECKS),
  fares: z.array(
    z.object({
      leg: z.number().int(),
      seatClass: z.string(),
      adultMinor: z.number().int(),
      studentMinor: z.number().int().nullable(),
      refusal: z.enum(STUDENT_REFUSALS).nullable(),
    }),
  ),
});
export type OfferStudent = z.infer<typeof offerStudentSchema>;

/** Results of a search to price student fares on: those a results page shows. */
export const resultStudentFaresQuerySchema = z.object({
  searchId: z.string().min(1).max(100),
  resultIds: z.array(z.string().min(1).max(400)).max(50),
});
export type ResultStudentFaresQuery = z.infer<typeof resultStudentFaresQuerySchema>;

/**
 * The student fares a results page shows beside a train's classes: per result asked, each ride's class
 * that at least one student of the linked 12306 account may take at the student fare, by the same rules
 * and from the same fares as the booking offer's. Empty for an account with no such student.
 */
export const resultStudentFaresSchema = z.object({
  results: z.array(
    z.object({
      resultId: z.string(),
      fares: z.array(
        z.object({
          leg: z.number().int(),
          seatClass: z.string(),
          adultMinor: z.number().int(),
          studentMinor: z.number().int(),
        }),
      ),
    }),
  ),
});
export type ResultStudentFares = z.infer<typeof resultStudentFaresSchema>;
