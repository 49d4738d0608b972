import type { SearchCriteria } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { PLAN_AHEAD, planAhead } from './search.jobs';

const now = () => new Date('2026-12-05T17:30:00Z'); // 01:30 on 6 December in Beijing

describe('planning ahead for the pairs searched most', () => {
  it('plans each pair both ways on each of the next seven days, from tomorrow in Beijing, doors left out', async () => {
    const asked: SearchCriteria[] = [];
    let limit = 0;
    const run = await planAhead(
      {
        prepare: async (criteria) => {
          asked.push(criteria);
        },
      },
      async (n) => {
        limit = n;
        return [
          { origin: 'BJS', destination: 'SHA' },
          { origin: 'SHA', destination: 'BJS' },
          { origin: '@39.9149,116.4109', destination: 'SHA' },
          { origin: 'CAN', destination: 'CTU' },
        ];
      },
      now,
    );
    expect(limit).toBe(PLAN_AHEAD.pairs);
    const trips = asked.map((c) => `${c.legs[0]?.departure}>${c.legs[0]?.destination} ${c.legs[0]?.departure_date}`);
    expect(new Set(trips).size).toBe(trips.length);
    expect(trips).toHaveLength(4 * 7);
    expect(trips.slice(0, 7)).toEqual(
      [7, 8, 9, 10, 11, 12, 13].map((d) => `BJS>SHA 2026/12/${String(d).padStart(2, '0')}`),
    );
    expect(trips).toContain('CTU>CAN 2026/12/13');
    expect(trips.some((t) => t.includes('@'))).toBe(false);
    expect(run).toEqual({ planned: 28, failed: [] });
    for (const c of asked) expect(c.mode).toBe('all');
  });

  it('goes on past a search that cannot be planned and tells how many could not', async () => {
    let n = 0;
    const run = await planAhead(
      {
        prepare: async () => {
          if (++n === 3) throw new Error('the planner is busy');
        },
      },
      async () => [{ origin: 'BJS', destination: 'SHA' }],
      now,
    );
    expect(run.planned).toBe(13);
    expect(run.failed).toHaveLength(1);
  });
});
