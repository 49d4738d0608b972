import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDoorToken, parseDoorToken } from './door';
import { parsePlaceToken } from './place-token';

describe('door tokens', () => {
  it('writes a point as @lat,lon to five decimals', () => {
    expect(formatDoorToken({ lat: 39.912501234, lon: 116.4105 })).toBe('@39.9125,116.4105');
    expect(formatDoorToken({ lat: -33.8688, lon: 151.2093 })).toBe('@-33.8688,151.2093');
    expect(parseDoorToken('@31.2363,121.5055')).toEqual({ lat: 31.2363, lon: 121.5055 });
  });

  it('round-trips every point on the earth to within a metre', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, lon) => {
          const token = formatDoorToken({ lat, lon });
          const back = parseDoorToken(token);
          expect(back).not.toBeNull();
          expect(Math.abs((back?.lat ?? 99) - lat)).toBeLessThanOrEqual(0.000005 + 1e-9);
          expect(Math.abs((back?.lon ?? 999) - lon)).toBeLessThanOrEqual(0.000005 + 1e-9);
          // A door is never read as a place code or a name.
          expect(parsePlaceToken(token)).toBeNull();
        },
      ),
    );
  });

  it('refuses points off the earth and anything that is not a door', () => {
    for (const bad of [
      '@91,0',
      '@0,181',
      '@-90.5,10',
      '39.9,116.4',
      '@39.9',
      '@39.9,116.4,1',
      '@a,b',
      '@ 39,116',
      'BJS',
    ]) {
      expect(parseDoorToken(bad), bad).toBeNull();
    }
    fc.assert(
      fc.property(fc.string(), (s) => {
        const p = parseDoorToken(s);
        if (p) {
          expect(Math.abs(p.lat)).toBeLessThanOrEqual(90);
          expect(Math.abs(p.lon)).toBeLessThanOrEqual(180);
        }
      }),
    );
  });
});
