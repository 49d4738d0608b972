import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type StudentRide,
  schoolYearOf,
  studentFareMinor,
  studentFarePercent,
  studentJourneysLeft,
} from './student-fares';

const HOME = 1101;
const SCHOOL = 3101;
const interval = { homeCity: HOME, schoolCity: SCHOOL };
const day = fc
  .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2029, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));
const inHolidays = (d: string) => {
  const m = Number(d.slice(5, 7));
  return m === 12 || m <= 3 || (m >= 6 && m <= 9);
};
const ride = (over: Partial<StudentRide> = {}): StudentRide => ({
  trainType: 'G',
  seatClass: 'O',
  fromCity: HOME,
  toCity: SCHOOL,
  date: '2027-01-20',
  ...over,
});

describe('student fares', () => {
  it('apply only on days of the winter and summer holidays, in either direction between home and school', () => {
    fc.assert(
      fc.property(day, fc.boolean(), (date, back) => {
        const r = ride({ date, ...(back ? { fromCity: SCHOOL, toCity: HOME } : {}) });
        expect(studentFarePercent(r, interval) !== undefined).toBe(inHolidays(date));
      }),
    );
  });

  it('are the second class of a high-speed train at 75 % and the hard seat of a conventional one at half', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('G', 'C', 'D', 'Z', 'T', 'K'),
        fc.constantFrom('O', 'M', '9', 'A1', 'A3', 'A4', 'WZ'),
        (trainType, seatClass) => {
          const percent = studentFarePercent(ride({ trainType, seatClass }), interval);
          const fast = ['G', 'C', 'D'].includes(trainType);
          const expected = fast && seatClass === 'O' ? 75 : !fast && seatClass === 'A1' ? 50 : undefined;
          expect(percent).toBe(expected);
        },
      ),
    );
  });

  it('are no student fare off the interval or without a verified student record', () => {
    expect(studentFarePercent(ride({ toCity: 4401 }), interval)).toBeUndefined();
    expect(studentFarePercent(ride(), undefined)).toBeUndefined();
    expect(studentFarePercent(ride({ date: '2027-03-31' }), interval)).toBe(75);
    expect(studentFarePercent(ride({ date: '2027-04-01' }), interval)).toBeUndefined();
    expect(studentFarePercent(ride({ date: '2027-05-31' }), interval)).toBeUndefined();
    expect(studentFarePercent(ride({ date: '2027-06-01' }), interval)).toBe(75);
  });

  it('cost no more than the adult fare, in half yuan', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500_000 }), fc.constantFrom(50, 75), (fare, percent) => {
        const s = studentFareMinor(fare, percent);
        expect(s % 50).toBe(0);
        expect(s).toBeLessThanOrEqual(fare + 25);
        expect(Math.abs(s - (fare * percent) / 100)).toBeLessThanOrEqual(25);
      }),
    );
  });

  it('allow four journeys a school year, counted from 1 June', () => {
    expect(schoolYearOf('2027-05-31')).toBe(2026);
    expect(schoolYearOf('2027-06-01')).toBe(2027);
    fc.assert(
      fc.property(day, fc.array(day, { maxLength: 8 }), (date, used) => {
        const same = used.filter((d) => schoolYearOf(d) === schoolYearOf(date)).length;
        expect(studentJourneysLeft(date, used)).toBe(Math.max(0, 4 - same));
      }),
    );
  });
});
