import { AppError } from '@junction/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idempotencyKeyOf, isUniqueViolation, once, requestHashOf, sameRequest, writtenMeanwhile } from './idempotency';

const codeOf = (f: () => unknown) => {
  try {
    f();
    return 'ok';
  } catch (e) {
    return e instanceof AppError ? e.code : String(e);
  }
};

describe('idempotency keys', () => {
  it('keeps a key of 1 to 200 characters after trimming, and refuses a missing, blank or longer one', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 260 }), (raw) => {
        const trimmed = raw.trim();
        const ok = trimmed.length > 0 && trimmed.length <= 200;
        expect(codeOf(() => idempotencyKeyOf(raw))).toBe(ok ? 'ok' : 'IDEMPOTENCY_KEY_REQUIRED');
        if (ok) expect(idempotencyKeyOf(raw)).toBe(trimmed);
      }),
    );
    expect(codeOf(() => idempotencyKeyOf(undefined))).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('fingerprints equal bodies alike and different bodies apart', () => {
    expect(requestHashOf({ a: 1 })).toBe(requestHashOf({ a: 1 }));
    expect(requestHashOf({ a: 1 })).not.toBe(requestHashOf({ a: 2 }));
    expect(codeOf(() => sameRequest('x', 'y', 'IDEMPOTENCY_KEY_REUSED'))).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(codeOf(() => sameRequest('x', 'x', 'IDEMPOTENCY_KEY_REUSED'))).toBe('ok');
  });

  it('tells a unique index refusal from other errors', () => {
    const e = Object.assign(new Error('duplicate'), { code: '23505', constraint: 'orders_idempotency' });
    expect(isUniqueViolation(e)).toBe(true);
    expect(isUniqueViolation(e, 'orders_idempotency')).toBe(true);
    expect(isUniqueViolation(e, 'other')).toBe(false);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
  });

  it('answers the same row for the same body, and refuses the key with a different one', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (asked, other) => {
        expect(codeOf(() => sameRequest(requestHashOf(asked), requestHashOf(asked), 'TOPUP_KEY_REUSED'))).toBe('ok');
        if (JSON.stringify(asked) !== JSON.stringify(other))
          expect(codeOf(() => sameRequest(requestHashOf(asked), requestHashOf(other), 'TOPUP_KEY_REUSED'))).toBe(
            'TOPUP_KEY_REUSED',
          );
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

describe('doing a keyed request once', () => {
  it('replays what the key made before without making it again', async () => {
    let made = 0;
    const answer = await once({
      find: async () => 'earlier',
      replay: async (r) => `replayed ${r}`,
      make: async () => `made ${++made}`,
      raced: () => true,
    });
    expect(answer).toBe('replayed earlier');
    expect(made).toBe(0);
  });

  it('replays the other request when it lost a race for the key, and keeps the error when there was no other', async () => {
    const stored: string[] = [];
    const race = () =>
      once({
        find: async () => stored[0],
        replay: async (r) => `replayed ${r}`,
        make: async () => {
          stored.push('theirs');
          throw new Error('raced');
        },
        raced: (e) => e instanceof Error && e.message === 'raced',
      });
    expect(await race()).toBe('replayed theirs');
    await expect(
      once({
        find: async () => undefined,
        replay: async () => 'never',
        make: async () => {
          throw new Error('raced');
        },
        raced: () => true,
      }),
    ).rejects.toThrow('raced');
    await expect(
      once({
        find: async () => undefined,
        replay: async () => 'never',
        make: async () => {
          throw new Error('other');
        },
        raced: () => false,
      }),
    ).rejects.toThrow('other');
  });
});
