import { searchCriteriaSchema } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { fareCriteria } from './fare-calendar';

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
