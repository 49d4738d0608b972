import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DOOR_LINK_NAME_MAX,
  formatDoorLinkToken,
  formatDoorToken,
  normalizeDoorName,
  parseDoorLinkToken,
  parseDoorToken,
} from './door';
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

describe('door link tokens', () => {
  const latArb = fc.double({ min: -90, max: 90, noNaN: true });
  const lonArb = fc.double({ min: -180, max: 180, noNaN: true });
  // Names with the link's separators, escapes, spaces, Chinese and astral characters.
  const nameArb = fc.oneof(
    fc.string({
      unit: fc.constantFrom(
        '王',
        '府',
        '井',
        'a',
        'B',
        ' ',
        '-',
        ',',
        '~',
        '%',
        '/',
        '?',
        '#',
        '\\',
        '2',
        'D',
        '\n',
        '😀',
      ),
    }),
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: 'binary' }),
  );

  it('writes a point with hemispheres and the name with its separators escaped', () => {
    expect(formatDoorLinkToken({ lat: 39.9125, lon: 116.4105, name: '王府井' })).toBe('@39.9125N116.4105E~王府井');
    expect(formatDoorLinkToken({ lat: -33.8688, lon: -70.6693, name: 'Plaza de Armas - Santiago, CL' })).toBe(
      '@33.8688S70.6693W~Plaza de Armas %2D Santiago%2C CL',
    );
    expect(formatDoorLinkToken({ lat: 0, lon: 0, name: '  ' })).toBe('@0N0E');
    expect(parseDoorLinkToken('@31.2363N121.5055E~陆家嘴')).toEqual({ lat: 31.2363, lon: 121.5055, name: '陆家嘴' });
    expect(parseDoorLinkToken('@31.2363N121.5055E')).toEqual({ lat: 31.2363, lon: 121.5055, name: '' });
    expect(parseDoorLinkToken('@1.5S2.25W~100%25 pure')).toEqual({ lat: -1.5, lon: -2.25, name: '100% pure' });
  });

  it('reads back every door it writes: the point to a metre, the name as a link keeps it', () => {
    fc.assert(
      fc.property(latArb, lonArb, nameArb, (lat, lon, name) => {
        const token = formatDoorLinkToken({ lat, lon, name });
        // The token sits between a route's dashes and before its commas, and is no other kind of token.
        expect(token).not.toMatch(/[-,]/);
        expect(parsePlaceToken(token)).toBeNull();
        expect(parseDoorToken(token)).toBeNull();
        const back = parseDoorLinkToken(token);
        expect(back).not.toBeNull();
        expect(Math.abs((back?.lat ?? 99) - lat)).toBeLessThanOrEqual(0.000005 + 1e-9);
        expect(Math.abs((back?.lon ?? 999) - lon)).toBeLessThanOrEqual(0.000005 + 1e-9);
        expect(back?.name).toBe(normalizeDoorName(name));
        expect(Array.from(back?.name ?? '').length).toBeLessThanOrEqual(DOOR_LINK_NAME_MAX);
        // Written again, it is the same token.
        expect(back && formatDoorLinkToken(back)).toBe(token);
      }),
    );
  });

  it('refuses tokens that are not doors as a link writes them', () => {
    for (const bad of [
      '@91N0E',
      '@0N181E',
      '@39.9125,116.4105',
      '@39.9125n116.4105e',
      '@39.9125N116.4105',
      '@39.1234567N116E',
      '@39N116E~',
      '@39N116E~a~b',
      '@39N116E~a/b',
      '@39N116E~50%',
      '@39N116E~%41',
      '@39N116E~%2d',
      '@39N116E~ padded ',
      '@39N116E~two  spaces',
      'BJS',
    ]) {
      expect(parseDoorLinkToken(bad), bad).toBeNull();
    }
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          nameArb.map((n) => `@39N116E~${n}`),
        ),
        (s) => {
          const door = parseDoorLinkToken(s);
          if (door) {
            expect(Math.abs(door.lat)).toBeLessThanOrEqual(90);
            expect(Math.abs(door.lon)).toBeLessThanOrEqual(180);
            expect(parseDoorLinkToken(formatDoorLinkToken(door))).toEqual(door);
          }
        },
      ),
    );
  });
});
