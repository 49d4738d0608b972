import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { criteriaProblem, travellerProblem } from './criteria-rules';
import { type SearchCriteria, type SearchCriteriaInput, type SearchLeg, searchCriteriaSchema } from './search.schema';

describe('traveller rules', () => {
  it('needs an adult, at most nine travellers, two children and one infant per adult', () => {
    expect(travellerProblem(1, 0, 0)).toBeNull();
    expect(travellerProblem(9, 0, 0)).toBeNull();
    expect(travellerProblem(3, 6, 0)).toBeNull();
    expect(travellerProblem(1, 2, 1)).toBeNull();
    expect(travellerProblem(3, 3, 3)).toBeNull();
    expect(travellerProblem(0, 0, 0)).toBe('NO_ADULT');
    expect(travellerProblem(0, 1, 0)).toBe('NO_ADULT');
    expect(travellerProblem(10, 0, 0)).toBe('TOO_MANY_TRAVELLERS');
    expect(travellerProblem(4, 5, 1)).toBe('TOO_MANY_TRAVELLERS');
    expect(travellerProblem(1, 3, 0)).toBe('TOO_MANY_CHILDREN');
    expect(travellerProblem(2, 5, 0)).toBe('TOO_MANY_CHILDREN');
    expect(travellerProblem(1, 0, 2)).toBe('TOO_MANY_INFANTS');
    expect(travellerProblem(2, 0, 3)).toBe('TOO_MANY_INFANTS');
  });

  it('reports the first broken rule: adult, total, children, infants', () => {
    expect(travellerProblem(0, 10, 10)).toBe('NO_ADULT');
    expect(travellerProblem(1, 8, 8)).toBe('TOO_MANY_TRAVELLERS');
    expect(travellerProblem(1, 3, 2)).toBe('TOO_MANY_CHILDREN');
  });

  it('agrees with the rules for every small group', () => {
    fc.assert(
      fc.property(fc.nat(12), fc.nat(12), fc.nat(12), (a, c, i) => {
        const expected =
          a < 1
            ? 'NO_ADULT'
            : a + c + i > 9
              ? 'TOO_MANY_TRAVELLERS'
              : c > 2 * a
                ? 'TOO_MANY_CHILDREN'
                : i > a
                  ? 'TOO_MANY_INFANTS'
                  : null;
        expect(travellerProblem(a, c, i)).toBe(expected);
      }),
    );
  });
});

describe('criteria rules', () => {
  const today = '2026-06-15';
  const leg = (departure: string, destination: string, date: string, extra: Partial<SearchLeg> = {}) => ({
    departure,
    destination,
    departure_date: date,
    ...extra,
  });
  const criteria = (input: Partial<SearchCriteriaInput>): SearchCriteria =>
    searchCriteriaSchema.parse({ type: 1, legs: [leg('SHA', 'PEK', '2026/07/01')], ...input });

  it('accepts valid one-way, round-trip and multi-city criteria', () => {
    expect(criteriaProblem(criteria({}), today)).toBeNull();
    expect(
      criteriaProblem(
        criteria({ type: 2, legs: [leg('SHA', 'PEK', '2026/07/01', { return_date: '2026/07/08' })] }),
        today,
      ),
    ).toBeNull();
    expect(
      criteriaProblem(
        criteria({ type: 3, legs: [leg('SHA', 'PEK', '2026/07/01'), leg('PEK', 'CAN', '2026/07/05')] }),
        today,
      ),
    ).toBeNull();
  });

  it('checks travellers first', () => {
    expect(criteriaProblem(criteria({ adults: 0 }), today)).toBe('NO_ADULT');
    expect(criteriaProblem(criteria({ adults: 5, children: 5 }), today)).toBe('TOO_MANY_TRAVELLERS');
    expect(criteriaProblem(criteria({ adults: 1, children: 3 }), today)).toBe('TOO_MANY_CHILDREN');
    expect(criteriaProblem(criteria({ adults: 1, infants: 2 }), today)).toBe('TOO_MANY_INFANTS');
    expect(criteriaProblem(criteria({ adults: 0, legs: [leg('SHA', 'SHA', '2020/01/01')] }), today)).toBe('NO_ADULT');
  });

  it('matches the number of legs to the trip type', () => {
    const two = [leg('SHA', 'PEK', '2026/07/01'), leg('PEK', 'CAN', '2026/07/05')];
    expect(criteriaProblem(criteria({ type: 1, legs: two }), today)).toBe('LEG_COUNT');
    expect(
      criteriaProblem(criteria({ type: 2, legs: two.map((l) => ({ ...l, return_date: '2026/07/09' })) }), today),
    ).toBe('LEG_COUNT');
    expect(criteriaProblem(criteria({ type: 3, legs: [leg('SHA', 'PEK', '2026/07/01')] }), today)).toBe('LEG_COUNT');
    const five = ['SHA', 'PEK', 'CAN', 'SZX', 'CTU'].map((p, i) => leg(p, 'HKG', `2026/07/0${i + 1}`));
    const fiveLegs = criteria({ type: 3, legs: five });
    expect(criteriaProblem(fiveLegs, today)).toBeNull();
    const sixth = { ...(fiveLegs.legs[4] as SearchLeg), departure_date: '2026/07/09' };
    expect(criteriaProblem({ ...fiveLegs, legs: [...fiveLegs.legs, sixth] }, today)).toBe('LEG_COUNT');
  });

  it('refuses dates that are not real calendar dates', () => {
    expect(criteriaProblem(criteria({ legs: [leg('SHA', 'PEK', '2026/02/30')] }), today)).toBe('VALIDATION_FAILED');
    expect(criteriaProblem(criteria({ legs: [leg('SHA', 'PEK', '2026/13/01')] }), today)).toBe('VALIDATION_FAILED');
    expect(
      criteriaProblem(
        criteria({ type: 2, legs: [leg('SHA', 'PEK', '2026/07/01', { return_date: '2026/07/32' })] }),
        today,
      ),
    ).toBe('VALIDATION_FAILED');
  });

  it('sells from today up to MAX_DAYS_AHEAD days ahead', () => {
    expect(criteriaProblem(criteria({ legs: [leg('SHA', 'PEK', '2026/06/15')] }), today)).toBeNull();
    expect(criteriaProblem(criteria({ legs: [leg('SHA', 'PEK', '2026/06/14')] }), today)).toBe('DATE_IN_PAST');
    expect(criteriaProblem(criteria({ legs: [leg('SHA', 'PEK', '2027/06/15')] }), today)).toBeNull();
    expect(criteriaProblem(criteria({ legs: [leg('SHA', 'PEK', '2027/06/16')] }), today)).toBe('DATE_TOO_FAR');
    // 365 days after 2027-03-01 crosses 29 February 2028.
    expect(criteriaProblem(criteria({ legs: [leg('SHA', 'PEK', '2028/02/29')] }), '2027-03-01')).toBeNull();
    expect(criteriaProblem(criteria({ legs: [leg('SHA', 'PEK', '2028/03/01')] }), '2027-03-01')).toBe('DATE_TOO_FAR');
    const multi = [leg('SHA', 'PEK', '2026/07/01'), leg('PEK', 'CAN', '2026/06/01')];
    expect(criteriaProblem(criteria({ type: 3, legs: multi }), today)).toBe('DATE_IN_PAST');
  });

  it('keeps a round trip return on sale, present and not before departure', () => {
    const round = (departure: string, back?: string) =>
      criteria({ type: 2, legs: [leg('SHA', 'PEK', departure, back ? { return_date: back } : {})] });
    expect(criteriaProblem(round('2026/07/01', '2026/07/01'), today)).toBeNull();
    expect(criteriaProblem(round('2026/07/01'), today)).toBe('VALIDATION_FAILED');
    expect(criteriaProblem(round('2026/07/01', '2026/06/30'), today)).toBe('RETURN_BEFORE_DEPARTURE');
    expect(criteriaProblem(round('2026/07/01', '2027/06/16'), today)).toBe('DATE_TOO_FAR');
  });

  it('ignores a return date on a one-way trip once it is a real date', () => {
    expect(
      criteriaProblem(criteria({ legs: [leg('SHA', 'PEK', '2026/07/01', { return_date: '2026/06/20' })] }), today),
    ).toBeNull();
  });

  it('keeps multi-city departures in order', () => {
    const multi = (...dates: string[]) =>
      criteria({ type: 3, legs: dates.map((d, i) => leg(['SHA', 'PEK', 'CAN', 'SZX'][i] ?? 'XIY', 'HKG', d)) });
    expect(criteriaProblem(multi('2026/07/01', '2026/07/01', '2026/07/03'), today)).toBeNull();
    expect(criteriaProblem(multi('2026/07/01', '2026/06/30'), today)).toBe('LEG_ORDER');
    expect(criteriaProblem(multi('2026/07/01', '2026/07/05', '2026/07/04'), today)).toBe('LEG_ORDER');
  });

  it('needs two different places on every leg, whatever the case', () => {
    expect(criteriaProblem(criteria({ legs: [leg('SHA', 'sha', '2026/07/01')] }), today)).toBe('SAME_PLACE');
    expect(criteriaProblem(criteria({ legs: [leg('sha', 'SHA', '2026/07/01')] }), today)).toBe('SAME_PLACE');
    expect(criteriaProblem(criteria({ legs: [leg('上海', '上海', '2026/07/01')] }), today)).toBe('SAME_PLACE');
    expect(criteriaProblem(criteria({ legs: [leg('上海', '上海虹桥', '2026/07/01')] }), today)).toBeNull();
    expect(criteriaProblem(criteria({ legs: [leg('0A1B', '0a1b', '2026/07/01')] }), today)).toBe('SAME_PLACE');
    const multi = [leg('SHA', 'PEK', '2026/07/01'), leg('PEK', 'PEK', '2026/07/02')];
    expect(criteriaProblem(criteria({ type: 3, legs: multi }), today)).toBe('SAME_PLACE');
  });

  it('needs a real today', () => {
    expect(() => criteriaProblem(criteria({}), '2026/06/15')).toThrow(RangeError);
    expect(() => criteriaProblem(criteria({}), '2026-02-30')).toThrow(RangeError);
  });
});
