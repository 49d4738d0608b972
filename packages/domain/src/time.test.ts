import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './dates';
import { isoWithOffset, localDate, localMidnight, offsetAt, utcOffsetSeconds } from './time';

describe('local time', () => {
  it('writes an instant in the local time of a zone with its offset', () => {
    const ms = Date.parse('2026-12-01T00:05:00Z');
    expect(isoWithOffset(ms, 'Asia/Shanghai')).toBe('2026-12-01T08:05:00+08:00');
    expect(isoWithOffset(ms, 'America/New_York')).toBe('2026-11-30T19:05:00-05:00');
    expect(isoWithOffset(Date.parse('2026-07-01T12:00:00Z'), 'Europe/London')).toBe('2026-07-01T13:00:00+01:00');
    expect(isoWithOffset(ms, 'Asia/Kolkata')).toBe('2026-12-01T05:35:00+05:30');
  });

  it('finds local midnight and the local date across zones', () => {
    expect(new Date(localMidnight('2026-12-01', 'Asia/Shanghai')).toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(new Date(localMidnight('2026-07-01', 'Europe/London')).toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(localDate(Date.parse('2026-11-30T16:00:00Z'), 'Asia/Shanghai')).toBe('2026-12-01');
    expect(localDate(Date.parse('2026-11-30T15:59:59Z'), 'Asia/Shanghai')).toBe('2026-11-30');
  });

  it('counts calendar days across month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(daysBetween('2026-11-22', '2027-01-02')).toBe(41);
  });
});

describe('time-zone offsets', () => {
  /** The offset straight from the platform's time-zone data, as the lookup was before it kept quarters. */
  const direct = offsetAt;
  const ZONES = [
    'Asia/Shanghai',
    'Europe/London',
    'America/New_York',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'America/St_Johns',
    'Pacific/Chatham',
    'Africa/Casablanca',
    'America/Santiago',
    'Etc/UTC',
  ];

  it('equals the platform’s offset at every instant, also around daylight-saving changes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
        (zone, ms) => {
          expect(utcOffsetSeconds(zone, new Date(ms))).toBe(direct(zone, ms));
        },
      ),
      { numRuns: 3000 },
    );
    // Every minute around the changes of 2026 in zones that change by an hour and by half an hour.
    for (const [zone, change] of [
      ['Europe/London', Date.UTC(2026, 2, 29, 1)],
      ['Europe/London', Date.UTC(2026, 9, 25, 1)],
      ['America/New_York', Date.UTC(2026, 2, 8, 7)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 15)],
      ['Australia/Lord_Howe', Date.UTC(2026, 9, 3, 15, 30)],
    ] as const) {
      for (let ms = change - 3600_000; ms <= change + 3600_000; ms += 60_000 - 1) {
        expect(utcOffsetSeconds(zone, new Date(ms)), `${zone} ${new Date(ms).toISOString()}`).toBe(direct(zone, ms));
      }
    }
  });
});
