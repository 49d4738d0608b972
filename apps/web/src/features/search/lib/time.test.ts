import { describe, expect, it } from 'vitest';
import { dayOffset, localClock, minutesBetween } from './time';

describe('wire times', () => {
  it('reads the local clock and date printed on the ticket, whatever the offset', () => {
    expect(localClock('2030-05-01T08:05:00+08:00')).toBe('08:05');
    expect(localClock('2030-05-01T23:40:00-07:00')).toBe('23:40');
  });

  it('counts calendar days between local dates for the +1 mark', () => {
    expect(dayOffset('2030-05-01T22:00:00+08:00', '2030-05-02T06:10:00+01:00')).toBe(1);
    expect(dayOffset('2030-05-01T09:00:00+08:00', '2030-05-01T07:00:00-07:00')).toBe(0);
    expect(dayOffset('2030-05-31T23:00:00+08:00', '2030-06-02T01:00:00+08:00')).toBe(2);
  });

  it('measures real minutes across time zones', () => {
    expect(minutesBetween('2030-05-01T10:00:00+08:00', '2030-05-01T10:00:00+01:00')).toBe(7 * 60);
  });
});
