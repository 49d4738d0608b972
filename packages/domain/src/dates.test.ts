import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  checkIsoDate,
  daysBetween,
  fromRequestDate,
  fromShortDate,
  toRequestDate,
  toShortDate,
} from './dates';

describe('request dates', () => {
  it('writes yyyy-mm-dd as yyyy/MM/dd', () => {
    expect(toRequestDate('2026-12-01')).toBe('2026/12/01');
    expect(toRequestDate('2024-02-29')).toBe('2024/02/29');
  });

  it('refuses to convert what is not yyyy-mm-dd', () => {
    for (const bad of ['2026/12/01', '20261201', '2026-1-01', '', '2026-12-01T00:00']) {
      expect(() => toRequestDate(bad), bad).toThrow(RangeError);
    }
  });

  it('reads only real calendar dates', () => {
    expect(fromRequestDate('2026/12/01')).toBe('2026-12-01');
    expect(fromRequestDate('2024/02/29')).toBe('2024-02-29');
    expect(fromRequestDate('2000/02/29')).toBe('2000-02-29');
    expect(fromRequestDate('2026/12/31')).toBe('2026-12-31');
    for (const bad of [
      '2026/02/29',
      '2100/02/29',
      '2026/04/31',
      '2026/13/01',
      '2026/00/10',
      '2026/01/00',
      '2026/01/32',
      '2026-12-01',
      '2026/1/01',
      '26/12/01',
      ' 2026/12/01',
      '',
    ]) {
      expect(fromRequestDate(bad), bad).toBeNull();
    }
  });

  it('round-trips every day from 1970 to 2199', () => {
    const first = Date.UTC(1970, 0, 1);
    const last = Date.UTC(2199, 11, 31);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: (last - first) / 86_400_000 }), (day) => {
        const iso = new Date(first + day * 86_400_000).toISOString().slice(0, 10);
        expect(fromRequestDate(toRequestDate(iso))).toBe(iso);
      }),
    );
  });

  it('accepts a year, month and day exactly when the calendar has that day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        (y, m, d) => {
          const pad = (n: number) => String(n).padStart(2, '0');
          const date = new Date(Date.UTC(y, m - 1, d));
          const real = m >= 1 && d >= 1 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
          expect(fromRequestDate(`${y}/${pad(m)}/${pad(d)}`)).toBe(real ? `${y}-${pad(m)}-${pad(d)}` : null);
        },
      ),
    );
  });
});

describe('short link dates (spec §5)', () => {
  it('reads YYMMDD as a date of 20YY, only when it is a real day', () => {
    expect(fromShortDate('261201')).toBe('2026-12-01');
    expect(fromShortDate('280229')).toBe('2028-02-29');
    for (const bad of ['270229', '261301', '2612011', '26121', 'abcdef']) expect(fromShortDate(bad), bad).toBeNull();
  });
  it('writes and reads back every date of 2000-2099', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 36_524 }), (n) => {
        const iso = addDays('2000-01-01', n);
        expect(fromShortDate(toShortDate(iso))).toBe(iso);
        expect(fromRequestDate(toRequestDate(iso))).toBe(iso);
        expect(daysBetween('2000-01-01', iso)).toBe(n);
        expect(checkIsoDate(iso)).toBe(iso);
      }),
    );
    expect(() => toShortDate('2100-01-01')).toThrow(RangeError);
  });
});
