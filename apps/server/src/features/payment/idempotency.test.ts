import { AppError } from '@junction/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fingerprint, requireKey, sameRequest, writtenMeanwhile } from './idempotency';

const codeOf = (work: () => unknown): string | undefined => {
  try {
    work();
  } catch (e) {
    return e instanceof AppError ? e.code : 'not an AppError';
  }
  return undefined;
};

describe("payment's idempotency keys", () => {
  it('takes any key of 1 to 200 characters once trimmed, and refuses others with IDEMPOTENCY_KEY_REQUIRED', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 260 })), (raw) => {
        const trimmed = raw?.trim() ?? '';
        if (trimmed.length >= 1 && trimmed.length <= 200) expect(requireKey(raw ?? undefined)).toBe(trimmed);
        else expect(codeOf(() => requireKey(raw ?? undefined))).toBe('IDEMPOTENCY_KEY_REQUIRED');
      }),
      { numRuns: 300 },
    );
  });

  it('answers the same row for the same request, and refuses the key with a different one', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (asked, other) => {
        const row = { id: 'a', requestHash: fingerprint(asked) };
        expect(sameRequest(row, fingerprint(asked))).toBe(row);
        if (JSON.stringify(asked) !== JSON.stringify(other))
          expect(codeOf(() => sameRequest(row, fingerprint(other)))).toBe('IDEMPOTENCY_KEY_REUSED');
      }),
      { numRuns: 200 },
    );
  });

  it("finds the other request's row only after a clash on the key's own unique constraint", async () => {
    const row = { id: 'r' };
    const clash = (constraint: string) => ({ code: '23505', constraint });
    expect(await writtenMeanwhile(clash('payment_attempts_key'), 'payment_attempts_key', async () => row)).toBe(row);
    expect(await writtenMeanwhile(clash('payment_attempts_one_open'), 'payment_attempts_key', async () => row)).toBe(
      undefined,
    );
    expect(await writtenMeanwhile(new Error('lost'), 'payment_attempts_key', async () => row)).toBe(undefined);
  });
});
