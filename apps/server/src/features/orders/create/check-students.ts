import { AppError, type CreateOrder, type PartyTypes, type SearchResult, ticketsOf } from '@junction/domain';
import type { StudentJourney } from '../../../lib/student-journeys';
import { localDay, seatClassOf } from '../offer';
import type { OrdersContext } from '../orders.context';

/** The party's types with its student tickets, and the school-year journey each of them takes. */
export type CheckedStudents = { types: PartyTypes; journeys: StudentJourney[] };

const refuse = (reason: string) => new AppError('NO_QUOTA', { params: { type: 'STUDENT', reason } });

/**
 * A step of an order: each traveller asking for a student ticket is a student of the linked 12306 account
 * whom the railway's rules give the student fare on every train of the trip in the class chosen (verified,
 * on the interval, a discounted class, a journey left), else 2008 with the rules' reason. An adult's
 * rail type becomes `STUDENT`; a child keeps the child ticket, which costs less.
 */
export async function checkStudents(
  ctx: OrdersContext,
  p: { userId: string; input: Pick<CreateOrder, 'travellers' | 'extras'>; result: SearchResult; types: PartyTypes },
): Promise<CheckedStudents> {
  const { input, result } = p;
  const asked = input.travellers.flatMap((t, i) => (t.student ? [{ i, passengerId: t.passengerId }] : []));
  if (asked.length === 0) return { types: p.types, journeys: [] };
  const rides = ticketsOf(result).flatMap((t, k) => (t.type === 'railway' ? [{ k, leg: t.legs[0] as number }] : []));
  if (rides.length === 0) throw refuse('classNotDiscounted');
  const offered = ctx.offers.students ? await ctx.offers.students(p.userId, result.legs) : [];
  const rail = [...p.types.rail];
  const journeys: StudentJourney[] = [];
  for (const { i, passengerId } of asked) {
    const student = offered.find((s) => s.passengerId === passengerId);
    if (!student) throw refuse('notVerified');
    for (const { k, leg } of rides) {
      const seatClass = seatClassOf(result, input.extras, leg);
      const fare = student.fares.find((f) => f.leg === leg && f.seatClass === seatClass);
      if (!fare || fare.studentMinor === null) throw refuse(fare?.refusal ?? 'classNotDiscounted');
      const departure = result.legs[leg]?.departureTime ?? '';
      if (rail[i] === 'ADULT')
        journeys.push({ subOrderPosition: k, travellerPosition: i, passengerId, travelDate: localDay(departure) });
    }
    if (rail[i] === 'ADULT') rail[i] = 'STUDENT';
  }
  return { types: { ...p.types, rail }, journeys };
}
