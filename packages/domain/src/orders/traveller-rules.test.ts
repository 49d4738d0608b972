import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../dates';
import {
  type AirType,
  ageOn,
  airTypeAt,
  checkParty,
  isRailContactPhone,
  type PartyTraveller,
  partyType,
  railTypes,
  type TripSpan,
  ticketLabel,
} from './traveller-rules';

const trip = (start: string, end = start, air = true, rail = false): TripSpan => ({ start, end, air, rail });
/** Born `years` years and `days` days before `day`. */
const born = (day: string, years: number, days = 0): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const anniversary = `${String(y - years).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return addDays(anniversary, -days);
};
const T = (birthDate: string, railSeat = false): PartyTraveller => ({ birthDate, railSeat });
const DAY = '2026-07-15';

describe('ages and types (spec §3), counted at the end of the trip', () => {
  it('counts whole years, a birthday on the day included', () => {
    expect(ageOn('2000-07-15', DAY)).toBe(26);
    expect(ageOn('2000-07-16', DAY)).toBe(25);
    expect(ageOn('2024-02-29', '2025-02-28')).toBe(0);
    expect(ageOn('2024-02-29', '2025-03-01')).toBe(1);
  });

  it('adults 18 and over, teens 12 to 17, children 2 to 11, infants under 2', () => {
    expect(airTypeAt(born(DAY, 18), DAY)).toBe('ADULT');
    expect(airTypeAt(born(DAY, 18, -1), DAY)).toBe('TEEN');
    expect(airTypeAt(born(DAY, 12), DAY)).toBe('TEEN');
    expect(airTypeAt(born(DAY, 12, -1), DAY)).toBe('CHILD');
    expect(airTypeAt(born(DAY, 2), DAY)).toBe('CHILD');
    expect(airTypeAt(born(DAY, 2, -1), DAY)).toBe('INFANT');
  });

  it('types by the age on the last day of the trip', () => {
    // Turns 2 during a trip by train only: a child at the end, no airline involved.
    const t = born('2026-07-20', 2);
    const r = checkParty([T(born(DAY, 30)), T(t)], trip(DAY, '2026-07-20', false, true));
    expect(r.ok && r.types.air[1]).toBe('CHILD');
  });

  it('is monotonic: an older traveller is never a younger type', () => {
    const rank = { INFANT: 0, CHILD: 1, TEEN: 2, ADULT: 3 };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 0, max: 40_000 }), (a, b) => {
        const older = addDays(DAY, -Math.max(a, b));
        const younger = addDays(DAY, -Math.min(a, b));
        expect(rank[airTypeAt(older, DAY)]).toBeGreaterThanOrEqual(rank[airTypeAt(younger, DAY)]);
      }),
    );
  });
});

describe('party rules (spec §5, §9)', () => {
  const adult = T(born(DAY, 35));
  const teen = T(born(DAY, 15));
  const child = T(born(DAY, 6));
  const infant = T(born(DAY, 1));

  it('books two adults and an infant', () => {
    const r = checkParty([adult, adult, infant], trip(DAY));
    expect(r).toEqual({
      ok: true,
      types: { air: ['ADULT', 'ADULT', 'INFANT'], rail: ['ADULT', 'ADULT', 'FREE_CHILD'] },
    });
  });

  it('needs at least one traveller aged 18 or more; a teen counts as an adult for the limits only', () => {
    expect(checkParty([teen, child], trip(DAY))).toEqual({ ok: false, issues: [{ error: 'ADULT_REQUIRED' }] });
    expect(checkParty([adult, teen, child, child, child, child], trip(DAY)).ok).toBe(true);
  });

  it('allows each adult two children and one infant, not more', () => {
    expect(checkParty([adult, child, child, child], trip(DAY))).toEqual({
      ok: false,
      issues: [{ error: 'TOO_MANY_CHILDREN' }],
    });
    expect(checkParty([adult, infant, infant], trip(DAY))).toEqual({
      ok: false,
      issues: [{ error: 'TOO_MANY_INFANTS' }],
    });
    expect(checkParty([adult, child, child, infant], trip(DAY)).ok).toBe(true);
  });

  it('takes at most 9 travellers (then: delete one passenger first)', () => {
    expect(checkParty(Array(9).fill(adult), trip(DAY)).ok).toBe(true);
    expect(checkParty(Array(10).fill(adult), trip(DAY))).toEqual({
      ok: false,
      issues: [{ error: 'TOO_MANY_TRAVELLERS' }],
    });
    expect(checkParty([], trip(DAY))).toEqual({ ok: false, issues: [{ error: 'TRAVELLER_REQUIRED' }] });
  });

  it('refuses an infant younger than 14 days on departure', () => {
    const r = checkParty([adult, T(addDays(DAY, -13))], trip(DAY));
    expect(r).toEqual({ ok: false, issues: [{ traveller: 1, error: 'INFANT_TOO_YOUNG' }] });
    expect(checkParty([adult, T(addDays(DAY, -14))], trip(DAY)).ok).toBe(true);
  });

  it('sends a traveller whose age crosses a boundary during a trip with flights to the airline', () => {
    const end = '2026-07-25';
    const turnsTwo = T(born('2026-07-20', 2));
    expect(checkParty([adult, turnsTwo], trip(DAY, end))).toEqual({
      ok: false,
      issues: [{ traveller: 1, error: 'AGE_BOUNDARY' }],
    });
    const turnsTwelve = T(born('2026-07-20', 12));
    expect(checkParty([adult, turnsTwelve], trip(DAY, end))).toEqual({
      ok: false,
      issues: [{ traveller: 1, error: 'AGE_BOUNDARY' }],
    });
    // A birthday that crosses no boundary is fine.
    expect(checkParty([adult, T(born('2026-07-20', 30))], trip(DAY, end)).ok).toBe(true);
  });

  it('property: any party the rules accept satisfies every limit', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 14, max: 30_000 }), { maxLength: 12 }), (ages) => {
        const party = ages.map((d) => T(addDays(DAY, -d)));
        const r = checkParty(party, trip(DAY));
        if (!r.ok) return;
        const adults = r.types.air.filter((t) => t === 'ADULT' || t === 'TEEN').length;
        expect(party.length).toBeGreaterThan(0);
        expect(party.length).toBeLessThanOrEqual(9);
        expect(party.some((p) => ageOn(p.birthDate, DAY) >= 18)).toBe(true);
        expect(r.types.air.filter((t) => t === 'CHILD').length).toBeLessThanOrEqual(2 * adults);
        expect(r.types.air.filter((t) => t === 'INFANT').length).toBeLessThanOrEqual(adults);
      }),
    );
  });
});

describe('rail children (spec §5)', () => {
  const end = DAY;
  const adult = T(born(DAY, 40));
  const four = T(born(DAY, 4));
  const three = T(born(DAY, 3));
  const eight = T(born(DAY, 8));

  it('lets each ticketed adult take one child under 6 free; a second one needs a child ticket', () => {
    expect(railTypes([adult, four], end)).toEqual(['ADULT', 'FREE_CHILD']);
    expect(railTypes([adult, four, three], end)).toEqual(['ADULT', 'CHILD', 'FREE_CHILD']);
    expect(railTypes([adult, adult, four, three], end)).toEqual(['ADULT', 'ADULT', 'FREE_CHILD', 'FREE_CHILD']);
  });

  it('sells children from 6 a child ticket and from 14 a full one', () => {
    expect(railTypes([adult, eight, T(born(DAY, 14))], end)).toEqual(['ADULT', 'CHILD', 'ADULT']);
  });

  it('gives a child under 6 who should have a seat a child ticket', () => {
    expect(railTypes([adult, T(four.birthDate, true)], end)).toEqual(['ADULT', 'CHILD']);
  });

  it('switches the child to a child ticket when its adult is removed', () => {
    expect(railTypes([adult, adult, four, three], end)).toEqual(['ADULT', 'ADULT', 'FREE_CHILD', 'FREE_CHILD']);
    expect(railTypes([adult, four, three], end)).toEqual(['ADULT', 'CHILD', 'FREE_CHILD']);
  });

  it('property: free children never outnumber adults, only under-6s ride free, and removing an adult never adds a free child', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 14, max: 20_000 }), { minLength: 1, maxLength: 9 }), (days) => {
        const party = days.map((d) => T(addDays(DAY, -d)));
        const types = railTypes(party, end);
        const free = types.filter((t) => t === 'FREE_CHILD').length;
        expect(free).toBeLessThanOrEqual(types.filter((t) => t === 'ADULT').length);
        types.forEach((t, i) => {
          if (t === 'FREE_CHILD') expect(ageOn((party[i] as PartyTraveller).birthDate, end)).toBeLessThan(6);
          if (t === 'ADULT') expect(ageOn((party[i] as PartyTraveller).birthDate, end)).toBeGreaterThanOrEqual(14);
        });
        const firstAdult = types.indexOf('ADULT');
        if (firstAdult >= 0) {
          const fewer = railTypes(
            party.filter((_, i) => i !== firstAdult),
            end,
          );
          expect(fewer.filter((t) => t === 'FREE_CHILD').length).toBeLessThanOrEqual(free);
        }
      }),
    );
  });
});

describe('rail contact phones (spec §5, §9)', () => {
  it('accepts +86, +852, +853 and +886 numbers only', () => {
    for (const ok of ['+8613800138000', '+85291234567', '+85366123456', '+886912345678'])
      expect(isRailContactPhone(ok)).toBe(true);
    for (const bad of ['+14155552671', '+85512345678', '+8501234567', '+447911123456', '13800138000', '+86']) {
      expect(isRailContactPhone(bad), bad).toBe(false);
    }
  });
});

describe('the YOUTH and MIX labels', () => {
  const airTypes = fc.constantFrom<AirType>('ADULT', 'TEEN', 'CHILD', 'INFANT');
  it("labels a teen's ticket YOUTH and every other by its type", () => {
    fc.assert(
      fc.property(airTypes, (type) => {
        expect(ticketLabel(type)).toBe(type === 'TEEN' ? 'YOUTH' : type);
      }),
    );
  });
  it('names a party MIX exactly when its travellers are of several types', () => {
    fc.assert(
      fc.property(fc.array(airTypes, { minLength: 1, maxLength: 9 }), (types) => {
        const party = partyType(types);
        expect(party === 'MIX').toBe(new Set(types).size > 1);
        if (party !== 'MIX') expect(party).toBe(types[0]);
      }),
    );
  });
});
