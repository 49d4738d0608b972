import { ATTEMPT_STATES, ATTEMPT_TRANSITIONS, canTransition } from '@junction/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordingDb } from '../../../test/support/recording-db';
import { PaymentsRepository } from './payment.repository';

const at = new Date('2026-05-01T08:00:00Z');

describe('a payment attempt status write', () => {
  it('sends its compare-and-set only for a step of the table, and throws before writing anything otherwise', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.subarray([...ATTEMPT_STATES], { minLength: 1 }),
        fc.constantFrom(...ATTEMPT_STATES),
        async (from, to) => {
          const { db, sent } = recordingDb();
          const repo = new PaymentsRepository(db);
          const move = repo.moveAttempt('attempt-1', from, to, {}, at);
          if (from.every((f) => canTransition(ATTEMPT_TRANSITIONS, f, to))) {
            await expect(move).resolves.toBeUndefined();
            expect(sent).toHaveLength(1);
            expect(sent[0]?.sql).toMatch(
              /^update "payment_attempts" set .*"state" = \$\d+.* where "id" = \$\d+ and "state" in/,
            );
          } else {
            await expect(move).rejects.toThrow('no step from');
            expect(sent).toEqual([]);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('never moves a settled attempt', async () => {
    const { db, sent } = recordingDb();
    const repo = new PaymentsRepository(db);
    for (const settled of ['succeeded', 'failed', 'released'] as const) {
      for (const to of ATTEMPT_STATES) await expect(repo.moveAttempt('a', [settled], to, {}, at)).rejects.toThrow();
    }
    expect(sent).toEqual([]);
  });
});
