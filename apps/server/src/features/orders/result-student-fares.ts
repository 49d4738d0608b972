import type { ResultStudentFares, ResultStudentFaresQuery } from '@junction/domain';
import type { OfferSource } from './ports';

type Fare = ResultStudentFares['results'][number]['fares'][number];

/**
 * The student fares a results page shows beside its trains' classes: each class of each result asked that
 * a student of the user's linked 12306 account may take at the student fare, priced as the booking offer
 * prices it (the same rule on the same fares). A class several students may take shows its fare once.
 */
export async function resultStudentFares(
  offers: Pick<OfferSource, 'stored' | 'studentsOn'>,
  userId: string,
  q: ResultStudentFaresQuery,
): Promise<ResultStudentFares> {
  if (!offers.stored || !offers.studentsOn) return { results: [] };
  const stored = await offers.stored(q.searchId, q.resultIds);
  const trains = stored.filter((r) => r.legs.some((l) => l.kind === 'land'));
  const students = await offers.studentsOn(
    userId,
    trains.map((r) => r.legs),
  );
  const results = trains.map((r, i) => {
    const fares = new Map<string, Fare>();
    for (const { fares: each } of students[i] ?? [])
      for (const { leg, seatClass, adultMinor, studentMinor } of each)
        if (studentMinor !== null) fares.set(`${leg} ${seatClass}`, { leg, seatClass, adultMinor, studentMinor });
    return { resultId: r.id, fares: [...fares.values()] };
  });
  return { results: results.filter((r) => r.fares.length > 0) };
}
