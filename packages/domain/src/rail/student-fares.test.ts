import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type StudentRide,
  schoolYearOf,
  studentEligibility,
  studentFareBasis,
  studentFareMinor,
  studentJourneysLeft,
} from './student-fares';

const HOME = 'BJS';
const SCHOOL = 'SHA';
const interval = { homeCity: HOME, schoolCity: SCHOOL };
const day = fc
  .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2029, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));
const ride = (over: Partial<StudentRide> = {}): StudentRide => ({
  trainType: 'G',
  seatClass: 'O',
  fromCity: HOME,
  toCity: SCHOOL,
  date: '2027-05-20',
  ...over,
});
const FAST = ['G', 'C', 'D'];
const SLOW = ['Z', 'T', 'K'];

describe('student fares', () => {
  it('apply on every day of the year, in either direction between home and school and nowhere else', () => {
    fc.assert(
      fc.property(day, fc.boolean(), fc.constantFrom(HOME, SCHOOL, 'CAN'), (date, back, other) => {
        const r = ride({ date, ...(back ? { fromCity: SCHOOL, toCity: other } : { fromCity: other, toCity: SCHOOL }) });
        const e = studentEligibility(r, interval, []);
        expect(e.eligible).toBe(other === HOME);
        if (!e.eligible) expect(e.reason).toBe('offInterval');
      }),
    );
  });

  it('are no student fare without a verified student record', () => {
    expect(studentEligibility(ride(), undefined, [])).toEqual({ eligible: false, reason: 'notVerified' });
  });

  it("discount a high-speed train's seated and sleeper classes and a conventional train's hard seat and hard sleeper only", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FAST, ...SLOW),
        fc.constantFrom('O', 'M', '9', 'P', 'F', 'AI', 'A1', 'A2', 'A3', 'A4', 'WZ'),
        (trainType, seatClass) => {
          const fast = FAST.includes(trainType);
          const expected = fast
            ? ['O', 'M', 'F', 'AI'].includes(seatClass)
              ? 'emu'
              : undefined
            : seatClass === 'A1'
              ? 'hardSeat'
              : seatClass === 'A3'
                ? 'hardSleeper'
                : undefined;
          expect(studentFareBasis({ trainType, seatClass })).toBe(expected);
          const e = studentEligibility(ride({ trainType, seatClass }), interval, []);
          expect(e).toEqual(
            expected
              ? { eligible: true, basis: expected, journeysLeft: 4 }
              : { eligible: false, reason: 'classNotDiscounted' },
          );
        },
      ),
    );
  });

  it('cost three quarters of a high-speed fare in half yuan, never below 40 % of the published fare nor above the fare', () => {
    expect(studentFareMinor('emu', { fareMinor: 55_350 })).toBe(41_500);
    // Sold at 50 % of the published fare, three quarters of it would be 37.5 %: the floor of 40 % holds.
    expect(studentFareMinor('emu', { fareMinor: 50_000, publishedMinor: 100_000 })).toBe(40_000);
    // Sold at 80 %: three quarters of it, 60 % of the published fare.
    expect(studentFareMinor('emu', { fareMinor: 80_000, publishedMinor: 100_000 })).toBe(60_000);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 30, max: 100 }), (published, share) => {
        const fare = Math.round((published * share) / 100 / 50) * 50;
        const s = studentFareMinor('emu', { fareMinor: fare, publishedMinor: published }) ?? -1;
        expect(s % 50).toBe(0);
        expect(s).toBeLessThanOrEqual(fare);
        expect(s).toBeGreaterThanOrEqual(Math.min(fare, (published * 40) / 100 - 25));
        if ((fare * 75) / 100 >= (published * 40) / 100 + 25)
          expect(Math.abs(s - (fare * 75) / 100)).toBeLessThanOrEqual(25);
      }),
    );
  });

  it("cost half a hard seat, and a hard sleeper less half the train's hard seat", () => {
    expect(studentFareMinor('hardSeat', { fareMinor: 15_650 })).toBe(7_850);
    expect(studentFareMinor('hardSleeper', { fareMinor: 28_350, hardSeatMinor: 15_650 })).toBe(20_500);
    expect(studentFareMinor('hardSleeper', { fareMinor: 28_350 })).toBeUndefined();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 5_000 }), (seat, extra) => {
        const [seatMinor, sleeperMinor] = [seat * 50, (seat + extra) * 50];
        const half = studentFareMinor('hardSeat', { fareMinor: seatMinor }) ?? -1;
        expect(half % 50).toBe(0);
        expect(Math.abs(half - seatMinor / 2)).toBeLessThanOrEqual(25);
        const sleeper = studentFareMinor('hardSleeper', { fareMinor: sleeperMinor, hardSeatMinor: seatMinor });
        expect(sleeper).toBe(sleeperMinor - half);
      }),
    );
  });

  it('allow four journeys a school year, counted from 1 October', () => {
    expect(schoolYearOf('2027-09-30')).toBe(2026);
    expect(schoolYearOf('2027-10-01')).toBe(2027);
    const used = ['2026-10-01', '2027-01-20', '2027-02-20', '2027-09-30'];
    expect(studentEligibility(ride({ date: '2027-09-30' }), interval, used)).toEqual({
      eligible: false,
      reason: 'noJourneysLeft',
    });
    expect(studentEligibility(ride({ date: '2027-10-01' }), interval, used)).toMatchObject({ journeysLeft: 4 });
    fc.assert(
      fc.property(day, fc.array(day, { maxLength: 8 }), (date, held) => {
        const same = held.filter((d) => schoolYearOf(d) === schoolYearOf(date)).length;
        expect(studentJourneysLeft(date, held)).toBe(Math.max(0, 4 - same));
      }),
    );
  });
});
