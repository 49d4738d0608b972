import { encodePlaceCode, searchCriteriaSchema } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { testRefdata } from '../../test/harness';
import { fareCriteria, placeKeyOf } from './fare-calendar';

describe('the criteria a trip of the month of fares is priced with', () => {
  it('are a valid search for one adult in economy, one way or back on the return day', () => {
    const oneWay = fareCriteria({ origin: 'BJS', destination: 'SHA', day: '2030-05-01', returnDay: '' });
    expect(searchCriteriaSchema.parse(oneWay)).toMatchObject({ type: 1, adults: 1, cabin: 'Y', mode: 'all' });
    expect(oneWay.legs[0]).not.toHaveProperty('return_date');
    const round = fareCriteria({ origin: 'BJS', destination: 'SHA', day: '2030-05-01', returnDay: '2030-05-06' });
    expect(searchCriteriaSchema.parse(round)).toMatchObject({
      type: 2,
      legs: [{ departure: 'BJS', destination: 'SHA', departure_date: '2030/05/01', return_date: '2030/05/06' }],
    });
  });
});

describe('the place the month of fares keys a token by', () => {
  it('is one for every spelling of a place, a door as given, and a token naming none as typed', () => {
    const key = placeKeyOf(testRefdata());
    const beijing = testRefdata()
      .places.findByCode('BJS')
      .find((p) => p.kind === 'city');
    if (!beijing) throw new Error('test data has no Beijing');
    const code = encodePlaceCode(beijing.id);
    expect([key('BJS'), key('bjs'), key(code), key('北京')]).toEqual([code, code, code, code]);
    expect(key('SHA')).not.toBe(code);
    const door = '@39.9087,116.3975';
    expect(key(door)).toBe(door);
    expect(key('nowhere at all')).toBe('nowhere at all');
  });
});
