import { type ApiErrorBody, ERRORS } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness';
import { searchTestApp } from '../../../test/support/search-app';

const START = new Date('2026-11-22T04:00:00Z');
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
});
