import { describe, expect, it } from 'vitest';
import type { ResultLeg } from '../search/search.schema';
import { studentFares } from './student-offer';

const point = (city: string): ResultLeg['from'] => ({
  code: city,
  name: { en: city, 'zh-CN': city },
  kind: 'station',
  lat: 0,
  lon: 0,
});
const seat = (code: string, amount: number) => ({ code, price: { amount, currency: 'CNY' } });
const leg = {
  kind: 'land',
  number: 'K101',
  from: point('BJS'),
  to: point('SHA'),
  departureTime: '2027-05-20T20:00:00+08:00',
  price: { amount: 15_650, currency: 'CNY' },
  cabin: 'A1',
  seats: [seat('A1', 15_650), seat('A3', 28_350), seat('A4', 44_550)],
} as unknown as ResultLeg;
const cityOf = (p: ResultLeg['from']) => p.code;
const interval = { homeCity: 'BJS', schoolCity: 'SHA' };

describe("a conventional train's student fares", () => {
  it('are half the hard seat, a hard sleeper less half the hard seat, and no soft sleeper', () => {
    expect(studentFares([leg], { check: 'verified', interval, used: [] }, cityOf)).toEqual([
      { leg: 0, seatClass: 'A1', adultMinor: 15_650, studentMinor: 7_850, refusal: null },
      { leg: 0, seatClass: 'A3', adultMinor: 28_350, studentMinor: 20_500, refusal: null },
      { leg: 0, seatClass: 'A4', adultMinor: 44_550, studentMinor: null, refusal: 'classNotDiscounted' },
    ]);
  });

  it('are none for a check not passed, four journeys used, or a train without a hard seat to reduce a sleeper by', () => {
    const refusals = (s: Parameters<typeof studentFares>[1], legs = [leg]) =>
      studentFares(legs, s, cityOf).map((f) => f.refusal);
    expect(refusals({ check: 'pending', interval, used: [] })).toEqual(['notVerified', 'notVerified', 'notVerified']);
    const used = ['2026-10-08', '2027-01-20', '2027-02-20', '2027-05-01'];
    expect(refusals({ check: 'verified', interval, used })).toEqual([
      'noJourneysLeft',
      'noJourneysLeft',
      'classNotDiscounted',
    ]);
    const sleepers = { ...leg, cabin: 'A3', seats: [seat('A3', 28_350)] } as unknown as ResultLeg;
    expect(refusals({ check: 'verified', interval, used: [] }, [sleepers])).toEqual(['classNotDiscounted']);
  });
});
