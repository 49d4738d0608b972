import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const SCHEDULES = ['FARES_FILL_CRON', 'ALERT_SWEEP_CRON', 'SEARCH_PLANS_FILL_CRON'] as const;

/** One crontab field: `*`, a value, a range (of two values or more) or a step, every number within the field's range. */
const field = (min: number, max: number) =>
  fc.oneof(
    fc.constant('*'),
    fc.integer({ min, max }).map(String),
    fc
      .tuple(fc.integer({ min, max: max - 1 }), fc.integer({ min: 1, max: max - min }))
      .map(([a, n]) => `${a}-${Math.min(max, a + n)}`),
    fc.integer({ min: 1, max: max - min + 1 }).map((n) => `*/${n}`),
  );
const crontab = fc
  .tuple(field(0, 59), field(0, 23), field(1, 31), field(1, 12), field(0, 6))
  .map((fields) => fields.join(' '));

describe('schedules of jobs that search on their own', () => {
  it('price the month of fares every 20 minutes, sweep price alerts every 15 and plan ahead hourly by default', () => {
    const config = loadConfig({});
    expect(config.FARES_FILL_CRON).toBe('*/20 * * * *');
    expect(config.ALERT_SWEEP_CRON).toBe('*/15 * * * *');
    expect(config.SEARCH_PLANS_FILL_CRON).toBe('40 * * * *');
  });

  it('are switched off with off, and read null', () => {
    const config = loadConfig({ FARES_FILL_CRON: 'off', ALERT_SWEEP_CRON: ' off ', SEARCH_PLANS_FILL_CRON: 'off' });
    expect(config.FARES_FILL_CRON).toBeNull();
    expect(config.SEARCH_PLANS_FILL_CRON).toBeNull();
    expect(config.ALERT_SWEEP_CRON).toBeNull();
  });

  it('read every five-field pattern whose values are in range, as given', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SCHEDULES), crontab, (name, pattern) => {
        expect(loadConfig({ [name]: pattern })[name]).toBe(pattern);
      }),
    );
  });

  it('refuse a pattern the job runner could not read, naming the setting', () => {
    for (const name of SCHEDULES)
      for (const bad of ['61 * * * *', '* 24 * * *', '* * 5-5 * *', '* * *', '*/20 * * * * *', 'hourly', '', 'OFF'])
        expect(() => loadConfig({ [name]: bad }), `${name}=${bad}`).toThrow(new RegExp(name));
    fc.assert(
      fc.property(fc.constantFrom(...SCHEDULES), fc.integer({ min: 60, max: 999 }), (name, minute) => {
        expect(() => loadConfig({ [name]: `${minute} * * * *` })).toThrow(new RegExp(name));
      }),
    );
  });
});
