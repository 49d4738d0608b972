import { railClassFare, studentClassFare } from '../orders/pricing';
import type { ResultLeg } from '../search/search.schema';
import { type StudentInterval, studentEligibility } from './student-fares';
import type { OfferStudent } from './student-offer.schema';

/** A ride's end as the student rules see it: the city code of its station. */
export type CityOf = (point: ResultLeg['from']) => string | undefined;

/**
 * The student fares of a result's train rides for one student: every class of every ride, priced by the
 * railway's rules from its adult fare (a hard sleeper from the train's hard seat), or the refusal. A
 * record whose check has not passed gets no interval, so every class answers `notVerified`.
 */
export function studentFares(
  legs: readonly ResultLeg[],
  student: { check: OfferStudent['check']; interval: StudentInterval; used: readonly string[] },
  cityOf: CityOf,
): OfferStudent['fares'] {
  const interval = student.check === 'verified' ? student.interval : undefined;
  return legs.flatMap((leg, i) => {
    if (leg.kind !== 'land') return [];
    const classes = leg.seats?.map((s) => s.code) ?? (leg.cabin ? [leg.cabin] : []);
    const ride = {
      trainType: leg.number.charAt(0),
      fromCity: cityOf(leg.from) ?? '',
      toCity: cityOf(leg.to) ?? '',
      date: leg.departureTime.slice(0, 10),
    };
    return classes.map((seatClass) => {
      const adultMinor = railClassFare(leg, seatClass) ?? leg.price.amount;
      const e = studentEligibility({ ...ride, seatClass }, interval, student.used);
      const studentMinor = e.eligible ? studentClassFare(leg, seatClass) : undefined;
      const refusal = e.eligible ? (studentMinor === undefined ? 'classNotDiscounted' : null) : e.reason;
      return { leg: i, seatClass, adultMinor, studentMinor: studentMinor ?? null, refusal };
    });
  });
}
