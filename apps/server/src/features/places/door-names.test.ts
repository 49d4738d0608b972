import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testRefdata } from '../../../test/harness';
import { doorNamer } from './door-names';
import { sharedGazetteer } from './geocoder/default';
import { GazetteerGeocoder } from './geocoder/gazetteer-geocoder';

const names = doorNamer(sharedGazetteer(), new GazetteerGeocoder(sharedGazetteer(), testRefdata()));
const wangfujing = { lat: 39.9125, lon: 116.4105 };

describe('door names in both languages', () => {
  it('names a door picked from the gazetteer as the gazetteer does, whichever name it was given', () => {
    const both = { en: 'Wangfujing', 'zh-CN': '王府井' };
    expect(names(wangfujing, 'Wangfujing')).toEqual(both);
    expect(names(wangfujing, '王府井')).toEqual(both);
    expect(names(wangfujing, undefined)).toEqual(both);
    expect(names({ lat: 31.2363, lon: 121.5055 }, 'Lujiazui')).toEqual({ en: 'Lujiazui', 'zh-CN': '陆家嘴' });
  });

  it('names a pin after the nearest named place, in both languages', () => {
    const pin = { lat: 31.24, lon: 121.52 };
    const named = names(pin, undefined);
    // The Shanghai metro's 浦东大道 station lies 0.5 km away, nearer than the World Financial Center.
    expect(named).toEqual({ en: 'Near Pudong Avenue', 'zh-CN': '浦东大道附近' });
    expect(names(pin, named['zh-CN'])).toEqual(named);
    expect(names(pin, named.en)).toEqual(named);
  });

  it('keeps a name the gazetteer does not give, as given, in both languages', () => {
    const address = '北京市东城区王府井大街138号';
    expect(names(wangfujing, address)).toEqual({ en: address, 'zh-CN': address });
    expect(names({ lat: 39.914, lon: 116.4165 }, ' My hotel ')).toEqual({ en: 'My hotel', 'zh-CN': 'My hotel' });
  });
});

describe('a pin named in one language at a time', () => {
  const hasLatin = (text: string) => /[A-Za-z]/.test(text);

  it('never names a pin in Chinese with an English name inside ("Xinqiao附近")', () => {
    // In Shanghai's outskirts, nearest to a town known by its English name alone.
    const named = names({ lat: 31, lon: 121.29451887350537 }, undefined);
    expect(hasLatin(named['zh-CN']), named['zh-CN']).toBe(false);
    expect(named.en).toMatch(/^Near |^Pinned location$/);
  });

  it('names every pin in the cities with Chinese text in Chinese', () => {
    const inCity = fc.record({
      lat: fc.double({ min: 31.0, max: 31.45, noNaN: true }),
      lon: fc.double({ min: 121.2, max: 121.8, noNaN: true }),
    });
    fc.assert(
      fc.property(inCity, (point) => {
        const zh = names(point, undefined)['zh-CN'];
        expect(hasLatin(zh), zh).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
