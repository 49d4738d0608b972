import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePlaceCode } from '../places/place-code';
import { buildCriteria, type CriteriaPlaceInput } from './build-criteria';
import { criteriaProblem, isSamePlace } from './criteria-rules';
import { searchCriteriaSchema } from './search.schema';
import { packSearchLink } from './search-link';
import { parseShortLink } from './short-link';
import { unpackSearchLink } from './unpack-search-link';

const beijing: CriteriaPlaceInput = { id: 9001, name: 'Beijing', cityCode: 'BJS', onlyThis: false, belowName: 'China' };
const pek: CriteriaPlaceInput = { id: 3001, name: 'Capital', cityCode: 'BJS', onlyThis: true, belowName: 'Beijing' };
const pkx: CriteriaPlaceInput = { id: 3002, name: 'Daxing', cityCode: 'BJS', onlyThis: true, belowName: 'Beijing' };
const shanghai: CriteriaPlaceInput = {
  id: 9002,
  name: 'Shanghai',
  cityCode: 'SHA',
  onlyThis: false,
  belowName: 'China',
};

describe('buildCriteria', () => {
  it('writes place codes, request dates and the backend names of spec §3', () => {
    const c = buildCriteria({
      type: 2,
      legs: [{ from: beijing, to: shanghai, date: '2026-12-01' }],
      returnDate: '2026-12-05',
    });
    expect(searchCriteriaSchema.parse(c)).toEqual(c);
    expect(c).toMatchObject({ type: 2, cabin: 'Y', adults: 1, children: 0, infants: 0, sort: 'best' });
    expect(c.legs[0]).toEqual({
      departure: expect.any(String),
      destination: expect.any(String),
      departure_date: '2026/12/01',
      return_date: '2026/12/05',
      departure_only_airport: false,
      destination_only_airport: false,
      departureName: 'Beijing',
      destinationName: 'Shanghai',
      departureCityCode: 'BJS',
      destinationCityCode: 'SHA',
    });
    expect(decodePlaceCode(c.legs[0]?.departure ?? '')).toBe(9001);
  });

  it('gives multi-city legs, and only them, the names shown below the place names', () => {
    const legs = [
      { from: beijing, to: shanghai, date: '2026-12-01' },
      { from: shanghai, to: pek, date: '2026-12-03' },
    ];
    const multi = buildCriteria({ type: 3, legs });
    expect(multi.legs.map((l) => [l.departureBelowName, l.destinationBelowName])).toEqual([
      ['China', 'China'],
      ['China', 'Beijing'],
    ]);
    const oneWay = buildCriteria({ type: 1, legs: legs.slice(0, 1) });
    expect(oneWay.legs[0]).not.toHaveProperty('departureBelowName');
    expect(oneWay.legs[0]).not.toHaveProperty('return_date');
  });

  it('builds what a short link of the same trip reads back to', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 30 }), (ahead, stay) => {
        const today = '2026-11-22';
        const date = new Date(Date.parse(`${today}T00:00:00Z`) + ahead * 86_400_000).toISOString().slice(0, 10);
        const back = new Date(Date.parse(`${date}T00:00:00Z`) + stay * 86_400_000).toISOString().slice(0, 10);
        const places = new Map([beijing, shanghai].map((p) => [p.cityCode, p]));
        const link = `BJS-SHA-${date.slice(2).replaceAll('-', '')}-${back.slice(2).replaceAll('-', '')}`;
        const parsed = parseShortLink(link, {
          today,
          lookup: { byCode: (c) => places.get(c), byId: () => undefined, byZhName: () => [], byZhPrefix: () => [] },
        });
        expect(parsed).not.toBeNull();
        if (!parsed) return;
        const fromLink = buildCriteria({
          type: parsed.type,
          legs: parsed.legs.map((l) => ({ from: l.from, to: l.to, date: l.date })),
          returnDate: parsed.returnDate,
        });
        const fromForm = buildCriteria({ type: 2, legs: [{ from: beijing, to: shanghai, date }], returnDate: back });
        expect(fromLink).toEqual(fromForm);
        expect(criteriaProblem(fromLink, today)).toBeNull();
      }),
      { numRuns: 50 },
    );
  });
});

describe('the same-place rule (3104)', () => {
  const ref = (p: CriteriaPlaceInput) => ({ id: p.id, cityCode: p.cityCode, wholeCity: !p.onlyThis });
  it('holds for one place, and for a city and a place in it', () => {
    expect(isSamePlace(ref(beijing), ref(beijing))).toBe(true);
    expect(isSamePlace(ref(beijing), ref(pek))).toBe(true);
    expect(isSamePlace(ref(pkx), ref(beijing))).toBe(true);
    expect(isSamePlace({ id: 'sha', wholeCity: true }, { id: 'SHA ', wholeCity: true })).toBe(true);
  });
  it('does not hold for two airports of one city, or two cities', () => {
    expect(isSamePlace(ref(pek), ref(pkx))).toBe(false);
    expect(isSamePlace(ref(beijing), ref(shanghai))).toBe(false);
    expect(isSamePlace({ id: 1, cityCode: '', wholeCity: true }, { id: 2, cityCode: '', wholeCity: true })).toBe(false);
  });
  it('is the rule of the criteria: a leg from a city to its own airport is refused', () => {
    const c = buildCriteria({ type: 1, legs: [{ from: beijing, to: pek, date: '2026-12-01' }] });
    expect(criteriaProblem(c, '2026-11-22')).toBe('SAME_PLACE');
    const airports = buildCriteria({ type: 1, legs: [{ from: pek, to: pkx, date: '2026-12-01' }] });
    expect(criteriaProblem(airports, '2026-11-22')).toBeNull();
  });
});

describe('criteria with a door', () => {
  it('carries a door as @lat,lon with its name, and reads a door as never the same place as its city', () => {
    const c = buildCriteria({
      type: 1,
      legs: [
        {
          from: { id: -5, name: '王府井', cityCode: 'BJS', onlyThis: true, door: { lat: 39.9125, lon: 116.4105 } },
          to: { id: 1, name: '北京', cityCode: 'BJS', onlyThis: false },
          date: '2026-12-01',
        },
      ],
    });
    expect(c.legs[0]).toMatchObject({
      departure: '@39.9125,116.4105',
      departureName: '王府井',
      departureCityCode: 'BJS',
    });
    expect(criteriaProblem(c, '2026-11-22')).toBeNull();
    const packed = unpackSearchLink(packSearchLink(c));
    expect(packed?.legs[0]).toMatchObject({ departure: '@39.9125,116.4105', departureName: '王府井' });
  });
});
