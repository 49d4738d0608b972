import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DrawnService, drawDelays, drawnCancellation, drawnDelay, type OperatorNews } from './delay-sim';

const services = Array.from({ length: 8_000 }, (_, i) => `G${i + 1}`);
const drawAll = (o: Parameters<typeof drawnDelay>[2], date = '2027-01-20') =>
  services.map((s) => drawnDelay(s, date, o));

describe('the simulated operators’ delays', () => {
  it('run about the configured share of services late, none at a rate of 0', () => {
    for (const rate of [0.02, 0.1]) {
      const late = drawAll({ rate, maxMinutes: 240, seed: 'a' }).filter((m) => m !== null).length;
      expect(late / services.length).toBeGreaterThan(rate * 0.8);
      expect(late / services.length).toBeLessThan(rate * 1.2);
    }
    expect(drawAll({ rate: 0, maxMinutes: 240, seed: 'a' }).every((m) => m === null)).toBe(true);
  });

  it('are the same for the same seed, service and day, and another draw for another seed', () => {
    const o = { rate: 0.05, maxMinutes: 240 };
    expect(drawAll({ ...o, seed: 's1' })).toEqual(drawAll({ ...o, seed: 's1' }));
    const [a, b] = [drawAll({ ...o, seed: 's1' }), drawAll({ ...o, seed: 's2' })];
    expect(a.filter((m, i) => m !== b[i]).length).toBeGreaterThan(services.length * 0.05);
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1, maxLength: 8 }), (seed, service) => {
        const d = drawnDelay(service, '2027-01-20', { ...o, rate: 1, seed });
        expect(d).toBe(drawnDelay(service, '2027-01-20', { ...o, rate: 1, seed }));
      }),
    );
  });

  it('last from 15 minutes to the longest configured, most of them short', () => {
    fc.assert(
      fc.property(fc.integer({ min: 15, max: 1440 }), fc.string({ minLength: 1, maxLength: 8 }), (max, service) => {
        const d = drawnDelay(service, '2027-07-01', { rate: 1, maxMinutes: max, seed: 'x' });
        expect(d).not.toBeNull();
        expect(d).toBeGreaterThanOrEqual(15);
        expect(d).toBeLessThanOrEqual(max);
      }),
    );
    const minutes = drawAll({ rate: 1, maxMinutes: 240, seed: 'x' }) as number[];
    const short = minutes.filter((m) => m <= 60).length / minutes.length;
    expect(short).toBeGreaterThan(0.6);
    expect(minutes.some((m) => m >= 180)).toBe(true);
  });

  it('are none when the longest delay is below the shortest', () => {
    expect(drawnDelay('G1', '2027-01-20', { rate: 1, maxMinutes: 14 })).toBeNull();
  });
});

describe('the simulated operators’ cancellations', () => {
  it('cancel about the configured share of services, none at a rate of 0 or unset', () => {
    const cancelled = services.filter((s) => drawnCancellation(s, '2027-01-20', { cancelRate: 0.01, seed: 'a' }));
    expect(cancelled.length / services.length).toBeGreaterThan(0.008);
    expect(cancelled.length / services.length).toBeLessThan(0.012);
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 8 }), fc.string(), (service, seed) => {
        expect(drawnCancellation(service, '2027-01-20', { cancelRate: 0, seed })).toBe(false);
        expect(drawnCancellation(service, '2027-01-20', { seed })).toBe(false);
        expect(drawnCancellation(service, '2027-01-20', { cancelRate: 1, seed })).toBe(true);
      }),
    );
  });

  it('are announced two hours before departure instead of any delay of the same service', async () => {
    const legs: DrawnService[] = services.slice(0, 400).map((number) => ({
      number,
      departureTime: '2027-01-20T12:00:00+08:00',
    }));
    const told: OperatorNews[] = [];
    const at: number[] = [];
    const o = { rate: 1, maxMinutes: 240, seed: 'b', cancelRate: 0.1 };
    await drawDelays(
      legs,
      o,
      async (d, runAt) => {
        told.push(d);
        at.push(runAt.getTime());
      },
      new Date('2027-01-19T00:00:00Z'),
    );
    // Every service is told once: cancelled as drawn, else late (the delay rate is 1).
    expect(told.map((d) => d.service)).toEqual(legs.map((l) => l.number));
    for (const d of told) expect('cancelled' in d).toBe(drawnCancellation(d.service, '2027-01-20', o));
    expect(told.some((d) => 'cancelled' in d)).toBe(true);
    expect(new Set(at)).toEqual(new Set([Date.parse('2027-01-20T02:00:00Z')]));
  });
});
