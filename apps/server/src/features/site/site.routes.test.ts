import { siteInfoSchema } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let clock = Date.parse('2026-11-22T04:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, () => new Date(clock));
}, 120_000);
afterAll(() => t.close());

const years = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/site' });
  expect(res.statusCode).toBe(200);
  return siteInfoSchema.parse(res.json()).copyrightYears;
};

describe('the footer’s copyright line', () => {
  it('runs from the founding year to the current year in Beijing', async () => {
    expect(await years()).toBe('2020-2026');
    // Half past midnight on New Year's Day in Beijing, still 31 December in London.
    clock = Date.parse('2026-12-31T16:30:00Z');
    expect(await years()).toBe('2020-2027');
  });
});
