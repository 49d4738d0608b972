import { describe, expect, it } from 'vitest';
import { daysLater, formatDate, formatTravelDate, formatTravelTime } from './format';

describe('formatting', () => {
  it('writes calendar dates the way each language does', () => {
    expect(formatDate('2026-10-01', 'en')).toBe('October 1, 2026');
    expect(formatDate('2026-10-01', 'zh-CN')).toBe('2026年10月1日');
  });

  it('writes a day of travel with its weekday, in the place’s own time whatever the browser’s zone', () => {
    expect(formatTravelDate('2026-12-05T23:30:00+08:00', 'en')).toBe('Sat, Dec 5, 2026');
    expect(formatTravelDate('2026-12-05T23:30:00+08:00', 'zh-CN')).toBe('2026年12月5日周六');
    expect(formatTravelTime('2026-12-05T23:30:00+08:00', 'en')).toBe('Sat, Dec 5, 2026 23:30');
    expect(formatTravelTime('2026-12-05T07:05:00-05:00', 'zh-CN')).toBe('2026年12月5日周六 07:05');
  });

  it('counts the days an arrival comes after its departure, each in its local time', () => {
    expect(daysLater('2026-12-05T21:30:00+08:00', '2026-12-06T07:10:00+08:00')).toBe(1);
    expect(daysLater('2026-12-05T08:00:00+08:00', '2026-12-05T13:08:00+08:00')).toBe(0);
    // Across the date line: Tokyo to Los Angeles lands the same morning, by the local clocks.
    expect(daysLater('2026-12-05T17:00:00+09:00', '2026-12-05T10:00:00-08:00')).toBe(0);
  });
});
