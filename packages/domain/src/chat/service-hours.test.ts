import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serviceHours } from './service-hours';

const beijingHour = (iso: string) => (new Date(iso).getUTCHours() + 8) % 24;

describe('service hours in Beijing time', () => {
  it('opens at 9:00 and closes at 18:00 Beijing time, whatever the instant is written in', () => {
    expect(serviceHours(new Date('2026-11-26T00:59:59Z')).open).toBe(false); // 08:59:59 Beijing
    expect(serviceHours(new Date('2026-11-26T01:00:00Z')).open).toBe(true); // 09:00
    expect(serviceHours(new Date('2026-11-26T09:59:59Z')).open).toBe(true); // 17:59:59
    expect(serviceHours(new Date('2026-11-26T10:00:00Z')).open).toBe(false); // 18:00
    expect(serviceHours(new Date('2026-11-26T19:59:00-05:00')).open).toBe(false); // 08:59 in Beijing the next day
    expect(serviceHours(new Date('2026-11-26T20:30:00-05:00')).open).toBe(true); // 09:30 in Beijing the next day
  });

  it('names the next 9:00 Beijing time when closed: the same evening points to tomorrow morning', () => {
    expect(serviceHours(new Date('2026-11-26T12:00:00Z'))).toEqual({
      open: false,
      opensAt: '2026-11-27T01:00:00.000Z',
      closesAt: null,
    });
    expect(serviceHours(new Date('2026-11-25T18:00:00Z')).opensAt).toBe('2026-11-26T01:00:00.000Z');
  });

  it('for any instant: open exactly between 9 and 18 Beijing, and the reopening is a 9:00 within a day', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (at) => {
        const h = serviceHours(at);
        const hour = beijingHour(at.toISOString());
        expect(h.open).toBe(hour >= 9 && hour < 18);
        if (h.open) {
          expect(beijingHour(h.closesAt ?? '')).toBe(18);
          expect(new Date(h.closesAt ?? '').getTime() - at.getTime()).toBeLessThanOrEqual(9 * 3_600_000);
        } else {
          const back = new Date(h.opensAt ?? '');
          expect(beijingHour(back.toISOString())).toBe(9);
          expect(back.getUTCMinutes()).toBe(0);
          expect(back.getTime()).toBeGreaterThan(at.getTime());
          expect(back.getTime() - at.getTime()).toBeLessThanOrEqual(15 * 3_600_000);
          expect(serviceHours(back).open).toBe(true);
        }
      }),
    );
  });
});
