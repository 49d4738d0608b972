import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceKm } from './geo';
import { gcj02ToWgs84, inMainlandChina, wgs84ToGcj02 } from './geo-china';

const mainland = fc.record({
  lat: fc.double({ min: 18.5, max: 53, noNaN: true }),
  lon: fc.double({ min: 74, max: 134, noNaN: true }),
});

describe('GCJ-02 and WGS-84', () => {
  it('shifts Tiananmen by the well-known few hundred metres', () => {
    // Tiananmen in WGS-84, and as AMap gives it.
    const gcj = wgs84ToGcj02({ lat: 39.90873, lon: 116.39745 });
    expect(gcj.lat).toBeCloseTo(39.91013, 4);
    expect(gcj.lon).toBeCloseTo(116.40369, 4);
    expect(distanceKm(gcj, { lat: 39.90873, lon: 116.39745 })).toBeGreaterThan(0.4);
  });

  it('converts back to within a millimetre anywhere in mainland China', () => {
    fc.assert(
      fc.property(mainland, (p) => {
        fc.pre(inMainlandChina(p));
        const back = gcj02ToWgs84(wgs84ToGcj02(p));
        expect(distanceKm(back, p)).toBeLessThan(1e-6);
      }),
    );
  });

  it('moves a point in mainland China by less than a kilometre, and never one outside it', () => {
    fc.assert(
      fc.property(mainland, (p) => {
        const km = distanceKm(wgs84ToGcj02(p), p);
        if (inMainlandChina(p)) expect(km).toBeLessThan(1);
        else expect(km).toBe(0);
      }),
    );
    fc.assert(
      fc.property(
        fc.record({
          lat: fc.double({ min: -89, max: 89, noNaN: true }),
          lon: fc.double({ min: -179, max: 179, noNaN: true }),
        }),
        (p) => {
          fc.pre(!inMainlandChina(p));
          expect(gcj02ToWgs84(p)).toEqual(p);
        },
      ),
    );
    // Hong Kong uses WGS-84 on its own maps.
    expect(inMainlandChina({ lat: 22.3, lon: 114.17 })).toBe(false);
  });
});
