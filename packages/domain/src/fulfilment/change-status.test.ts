import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canTransition, isTerminal } from '../orders/order-status';
import { CHANGE_STATUSES, type ChangeStatus } from './change.schema';
import { CHANGE_TRANSITIONS, INITIAL_CHANGE_STATUSES, isOpenChange } from './change-rules';

const t = CHANGE_TRANSITIONS;
const status = fc.constantFrom(...CHANGE_STATUSES);

/** A walk of allowed steps from a start, picking among the next statuses; it stops at a terminal one. */
function walk(start: ChangeStatus, picks: number[]): ChangeStatus[] {
  const path = [start];
  for (const pick of picks) {
    const next = t.get(path.at(-1) as ChangeStatus) ?? [];
    if (next.length === 0) break;
    path.push(next[pick % next.length] as ChangeStatus);
  }
  return path;
}

describe('a ticket change’s steps', () => {
  it('has a row for every status, and allows exactly the listed steps', () => {
    expect([...t.keys()].sort()).toEqual([...CHANGE_STATUSES].sort());
    fc.assert(
      fc.property(status, status, (from, to) => {
        expect(canTransition(t, from, to)).toBe((t.get(from) ?? []).includes(to));
        expect(canTransition(t, from, from)).toBe(false);
      }),
    );
  });

  it('every walk from a start ends done, lapsed or failed within two steps, and never comes back', () => {
    fc.assert(
      fc.property(fc.constantFrom(...INITIAL_CHANGE_STATUSES), fc.array(fc.nat(), { maxLength: 10 }), (s, picks) => {
        const path = walk(s, [...picks, 0, 0, 0]);
        const end = path.at(-1) as ChangeStatus;
        expect(isTerminal(t, end)).toBe(true);
        expect(['done', 'lapsed', 'failed']).toContain(end);
        expect(path.length).toBeLessThanOrEqual(3);
        expect(new Set(path).size).toBe(path.length);
        // Only the statuses before the end are open: one open change of a ticket at a time.
        expect(path.map(isOpenChange)).toEqual(path.map((_, i) => i < path.length - 1));
      }),
    );
  });

  it('a change is issued only after its difference is settled, and lapses only while it awaits it', () => {
    fc.assert(
      fc.property(status, (from) => {
        expect(canTransition(t, from, 'done')).toBe(from === 'issuing');
        expect(canTransition(t, from, 'failed')).toBe(from === 'issuing');
        expect(canTransition(t, from, 'lapsed')).toBe(from === 'awaiting-payment');
        expect(canTransition(t, from, 'awaiting-payment')).toBe(false);
      }),
    );
  });
});
