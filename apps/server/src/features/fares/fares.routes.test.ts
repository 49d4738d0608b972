import {
  type ApiErrorBody,
  ERRORS,
  encodePlaceCode,
  type FareMonth,
  type PullResponse,
  type SearchCriteriaInput,
} from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testRefdata } from '../../../test/harness';
import { searchTestApp } from '../../../test/support/search-app';

const START = new Date('2026-11-22T04:00:00Z');
/** How long a search may take to be done, and its fares to be learnt, on a machine loaded by other work. */
const WAIT_MS = 150_000;
const now = () => START;

describe('the month of fares and the round-trip grid over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await searchTestApp(now);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it.each([
    '/api/v2/fare-grid?from=BJS&to=SHA&departure=9999/12/30&return=9999/12/31',
    '/api/v2/fare-grid?from=BJS&to=SHA&departure=0000/01/01&return=0000/01/02',
    '/api/v2/fare-grid?from=BJS&to=SHA&departure=2030/02/30&return=2030/03/02',
    '/api/v2/fare-grid?from=BJS&to=SHA&departure=2030/05/01&return=1999/12/31',
    '/api/v2/fare-calendar?from=BJS&to=SHA&month=0000/01',
    '/api/v2/fare-calendar?from=BJS&to=SHA&month=9999/12',
    '/api/v2/fare-calendar?from=BJS&to=SHA&month=1999/12',
  ])('answers dates outside 2000–2099 or not on the calendar with the validation error: %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as ApiErrorBody).errorCode).toBe(ERRORS.VALIDATION_FAILED.errorCode);
  });

  it('shows a search from a city code in the calendar the form asks by the place code', async () => {
    const beijing = testRefdata()
      .places.findByCode('BJS')
      .find((p) => p.kind === 'city');
    const shanghai = testRefdata()
      .places.findByCode('SHA')
      .find((p) => p.kind === 'city');
    if (!beijing || !shanghai) throw new Error('test data has no Beijing or Shanghai');
    const criteria: SearchCriteriaInput = {
      type: 1,
      legs: [{ departure: 'BJS', destination: 'SHA', departure_date: '2026/12/01' }],
    };
    const started = await t.app.inject({ method: 'POST', url: '/api/v2/search', payload: criteria });
    expect(started.statusCode, started.body).toBe(200);
    const { searchId } = started.json() as { searchId: string };
    await expect
      .poll(
        async () => {
          const pulled = await t.app.inject({ method: 'POST', url: '/api/v2/pull', payload: { searchId, cursor: 0 } });
          return (pulled.json() as PullResponse).done;
        },
        { timeout: WAIT_MS },
      )
      .toBe(true);
    const url = `/api/v2/fare-calendar?from=${encodePlaceCode(beijing.id)}&to=${encodePlaceCode(shanghai.id)}&month=2026/12`;
    await expect
      .poll(async () => ((await get(url)).json() as FareMonth).days.map((d) => d.date), { timeout: WAIT_MS })
      .toEqual(['2026/12/01']);
    const month = (await get(url)).json() as FareMonth;
    expect(month.days[0]?.flight?.price.amount).toBeGreaterThan(0);
  });

  it('learns the prices of a search nobody pulls, once every seller has answered', async () => {
    const criteria: SearchCriteriaInput = {
      type: 1,
      legs: [{ departure: 'CAN', destination: 'SHA', departure_date: '2026/12/03' }],
    };
    const started = await t.app.inject({ method: 'POST', url: '/api/v2/search', payload: criteria });
    expect(started.statusCode, started.body).toBe(200);
    await expect
      .poll(
        async () =>
          ((await get('/api/v2/fare-calendar?from=CAN&to=SHA&month=2026/12')).json() as FareMonth).days.map(
            (d) => d.date,
          ),
        { timeout: WAIT_MS },
      )
      .toEqual(['2026/12/03']);
  });
});
