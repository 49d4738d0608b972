import { describe, expect, it } from 'vitest';
import { DAY, errorCode, HOUR, securitySuite, tally, wrongCode } from './support';

/**
 * Threat: requests sent at once beat a limit that is checked first and counted later. Each round fires
 * 50 requests together (Promise.all) at a real PostgreSQL, 20 rounds: a code is compared at most five
 * times, an address passes its cap no more, and a locked account signs nobody in.
 */
const ROUNDS = 20;
const BURST = 50;

const s = securitySuite();

describe('50 requests at once', () => {
  it('compare a reset code at most five times, however many guesses arrive together', async () => {
    const { mobile } = await s.registerMobile();
    for (let round = 0; round < ROUNDS; round++) {
      s.advance(DAY + 1000);
      expect((await s.post('/code', { type: 'mobile', target: mobile, purpose: 'reset' })).statusCode).toBe(200);
      const right = s.lastSmsCode(`+86${mobile}`);
      // The right code hides among the guesses, late in the burst: it must never be reached.
      const rightAt = 10 + ((round * 7) % (BURST - 10));
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          s.post(
            '/password/reset',
            {
              type: 'mobile',
              target: mobile,
              code: i === rightAt ? right : wrongCode(right, i),
              password: `taken${round}over`,
            },
            { ip: s.freshIp() },
          ),
        ),
      );
      const counts = tally(answers);
      const compared = (counts['1101'] ?? 0) + (counts.ok ?? 0);
      expect(compared, JSON.stringify(counts)).toBeLessThanOrEqual(5);
      expect(compared + (counts['1601'] ?? 0), JSON.stringify(counts)).toBe(BURST);
      const row = await s.t.db
        .selectFrom('verificationCodes')
        .select('attempts')
        .where('target', '=', `+86${mobile}`)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBeLessThanOrEqual(5);
    }
  });

  it('let no more requests through an address than its cap', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      s.advance(HOUR + 1000);
      const ip = s.freshIp();
      const answers = await Promise.all(
        Array.from({ length: BURST }, () =>
          s.post('/code', { type: 'mobile', target: s.newMobile(), purpose: 'register' }, { ip }),
        ),
      );
      const counts = tally(answers);
      // The cap of code requests per address is 30 an hour; every other answer is 1429.
      expect(counts.ok, JSON.stringify(counts)).toBe(30);
      expect(counts['1429'], JSON.stringify(counts)).toBe(BURST - 30);
    }
  });

  it('check at most five passwords of an account, and sign nobody in once it is locked', async () => {
    const { mobile, password } = await s.registerMobile();
    for (let round = 0; round < ROUNDS; round++) {
      // Past the longest lock, so every round starts unlocked.
      s.advance(DAY + 1000);
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          s.post(
            '/login',
            { username: mobile, password: `wrong${round}x${i}`, identity: 'mobile' },
            { ip: s.freshIp() },
          ),
        ),
      );
      const counts = tally(answers);
      expect(counts['1002'], JSON.stringify(counts)).toBe(5);
      expect(counts['1429'], JSON.stringify(counts)).toBe(BURST - 5);
      // Locked now: the right password from anywhere, alone or in a burst, signs nobody in.
      const after = await Promise.all(
        Array.from({ length: 10 }, () =>
          s.post('/login', { username: mobile, password, identity: 'mobile' }, { ip: s.freshIp() }),
        ),
      );
      expect(after.map(errorCode)).toEqual(Array(10).fill(1429));
    }
  });
});
