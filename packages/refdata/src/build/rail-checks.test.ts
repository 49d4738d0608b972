import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLASS_LIMITS, mislocatedStations, type RailCall, railFaults } from './rail-checks';

/** A train heading east from (30, 110): each segment `km` long at `kmh`, standing `dwell` minutes. */
function train(segments: { km: number; kmh: number; dwell: number }[]): RailCall[] {
  const calls: RailCall[] = [{ station: 'S0', lat: 30, lon: 110, arr: 360, dep: 360, located: true }];
  let lon = 110;
  let clock = 360;
  segments.forEach((s, i) => {
    lon += s.km / (111.32 * Math.cos((30 * Math.PI) / 180));
    const arr = clock + Math.max(1, Math.round((s.km / s.kmh) * 60));
    const dep = i === segments.length - 1 ? arr : arr + s.dwell;
    calls.push({ station: `S${i + 1}`, lat: 30, lon, arr, dep, located: true });
    clock = dep;
  });
  return calls;
}

const type = fc.constantFrom(...Object.keys(CLASS_LIMITS));
/** Segments of a plausible train of a class: speeds well inside its range, dwells within its limit. */
const plausible = (t: string) => {
  const l = CLASS_LIMITS[t] as { maxKmh: number; minKmh: number; maxDwell: number };
  return fc.array(
    fc.record({
      km: fc.integer({ min: 20, max: 400 }),
      kmh: fc.integer({ min: Math.ceil(l.minKmh * 1.5), max: Math.floor(l.maxKmh * 0.9) }),
      dwell: fc.integer({ min: 0, max: l.maxDwell }),
    }),
    { minLength: 1, maxLength: 12 },
  );
};

describe('the rail data checks', () => {
  it('pass every train that runs within its class', () => {
    fc.assert(
      fc.property(
        type.chain((t) => fc.tuple(fc.constant(t), plausible(t))),
        ([t, segments]) => railFaults(t, train(segments)).length === 0,
      ),
    );
  });

  it('find a segment faster than the class can run, and only that one', () => {
    fc.assert(
      fc.property(
        type.chain((t) => fc.tuple(fc.constant(t), plausible(t), fc.nat())),
        ([t, segments, pick]) => {
          const at = pick % segments.length;
          const max = (CLASS_LIMITS[t] as { maxKmh: number }).maxKmh;
          const fast = segments.map((s, i) => (i === at ? { ...s, km: 300, kmh: max * 1.6 } : s));
          const faults = railFaults(t, train(fast));
          return faults.length === 1 && faults[0]?.kind === 'too-fast' && faults[0].at === at + 1;
        },
      ),
    );
  });

  it('find times that go backwards, a station twice in a row and a dwell over the limit', () => {
    const calls = train([
      { km: 100, kmh: 140, dwell: 2 },
      { km: 100, kmh: 140, dwell: 2 },
      { km: 100, kmh: 140, dwell: 0 },
    ]);
    const back = calls.map((c, i) => (i === 2 ? { ...c, arr: 300, dep: 302 } : c));
    expect(railFaults('G', back).map((f) => f.kind)).toContain('order');
    const twice = calls.map((c, i) => (i === 2 ? { ...c, station: 'S1' } : c));
    expect(railFaults('G', twice).map((f) => f.kind)).toContain('repeat');
    const long = train([
      { km: 100, kmh: 140, dwell: 45 },
      { km: 100, kmh: 140, dwell: 0 },
    ]);
    expect(railFaults('G', long)).toContainEqual({ kind: 'dwell', at: 1, minutes: 45 });
    expect(railFaults('K', long)).toEqual([]);
  });

  it('judge no speed where a position is only the city’s, nor between calls a few kilometres apart', () => {
    const calls = train([
      { km: 300, kmh: 900, dwell: 2 },
      { km: 8, kmh: 900, dwell: 0 },
    ]);
    expect(railFaults('G', calls).map((f) => f.at)).toEqual([1]);
    expect(
      railFaults(
        'G',
        calls.map((c, i) => (i === 1 ? { ...c, located: false } : c)),
      ),
    ).toEqual([]);
  });

  it('blame a station whose position makes several trains impossibly fast, not the stations they share', () => {
    const good = train([
      { km: 100, kmh: 200, dwell: 2 },
      { km: 100, kmh: 200, dwell: 0 },
    ]);
    // S2 placed 2,000 km away: every train through it runs at thousands of km/h to and from it.
    const misplaced = good.map((c) => (c.station === 'S2' ? { ...c, lon: c.lon + 20 } : c));
    // The other trains call at S1 and S3 but pass S2 by, at a station of their own.
    const passing = good.map((c) => (c.station === 'S2' ? { ...c, station: 'S9' } : c));
    const trains = [
      { type: 'G', calls: misplaced },
      { type: 'D', calls: misplaced },
      ...Array.from({ length: 6 }, () => ({ type: 'G', calls: passing })),
    ];
    expect([...mislocatedStations(trains)]).toEqual(['S2']);
  });
});
