import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addJob } from '../../src/jobs/jobs';
import { errorCode, MIN, securitySuite, sessionOf } from './support';

/**
 * Threat: password guessing from many addresses. The account itself locks after five failures, from every
 * address, for 15 minutes and then twice as long each time; sign-in by code stays open to the owner.
 */
const s = securitySuite();

async function failFiveTimes(mobile: string) {
  for (let i = 0; i < 5; i++) {
    const res = await s.post(
      '/login',
      { username: mobile, password: `guess${i}abc`, identity: 'mobile' },
      { ip: s.freshIp() },
    );
    expect(errorCode(res)).toBe(1002);
  }
}

describe('account lockout', () => {
  it('locks the account for every address, doubling the lock each time until a sign-in succeeds', async () => {
    const { mobile, password } = await s.registerMobile();
    const signIn = () => s.post('/login', { username: mobile, password, identity: 'mobile' }, { ip: s.freshIp() });
    for (const minutes of [15, 30, 60, 120]) {
      await failFiveTimes(mobile);
      const locked = await signIn();
      expect(errorCode(locked)).toBe(1429);
      expect(Number(locked.headers['retry-after'])).toBe(minutes * 60);
      s.advance(minutes * MIN - 5000);
      expect(errorCode(await signIn())).toBe(1429);
      s.advance(6000);
    }
    expect((await signIn()).statusCode).toBe(200);
    // A success starts afresh: the next lock is 15 minutes again.
    await failFiveTimes(mobile);
    expect(Number((await signIn()).headers['retry-after'])).toBe(15 * 60);
  });

  it('keeps sign-in by code open while the password is locked', async () => {
    const { mobile, password } = await s.registerMobile();
    await failFiveTimes(mobile);
    expect(errorCode(await s.post('/login', { username: mobile, password, identity: 'mobile' }))).toBe(1429);
    const ip = s.freshIp();
    s.advance(61_000);
    expect((await s.post('/code', { type: 'mobile', target: mobile, purpose: 'login' }, { ip })).statusCode).toBe(200);
    const byCode = await s.post(
      '/login',
      { username: mobile, identity: 'mobile', code: s.lastSmsCode(`+86${mobile}`) },
      { ip },
    );
    expect(byCode.statusCode).toBe(200);
    expect(sessionOf(byCode)).not.toBe('');
    // Proving the phone lifts the lock on the password too.
    expect(
      (await s.post('/login', { username: mobile, password, identity: 'mobile' }, { ip: s.freshIp() })).statusCode,
    ).toBe(200);
  });

  it('guards the current password of a signed-in account the same way', async () => {
    const { cookie, password } = await s.registerMobile();
    for (let i = 0; i < 5; i++) {
      const res = await s.post(
        '/password/change',
        { currentPassword: `guess${i}abc`, newPassword: 'next2026x' },
        { cookie },
      );
      expect(errorCode(res)).toBe(1002);
    }
    const locked = await s.post(
      '/password/change',
      { currentPassword: password, newPassword: 'next2026x' },
      { cookie },
    );
    expect(errorCode(locked)).toBe(1429);
  });

  it('keeps only keyed hashes of the accounts and addresses it counts, and purges what has expired', async () => {
    const { mobile } = await s.registerMobile();
    await failFiveTimes(mobile);
    const guards = await s.t.db.selectFrom('loginGuards').select('subject').execute();
    const hits = await s.t.db.selectFrom('rateLimitHits').select('key').execute();
    for (const key of [...guards.map((g) => g.subject), ...hits.map((h) => h.key)]) {
      expect(key).toMatch(/^[0-9a-f]{64}$/);
    }
    s.advance(61_000);
    await s.post('/code', { type: 'mobile', target: mobile, purpose: 'login' });
    const code = s.lastSmsCode(`+86${mobile}`);
    const row = await s.t.db
      .selectFrom('verificationCodes')
      .select('codeHash')
      .where('target', '=', `+86${mobile}`)
      .where('purpose', '=', 'login')
      .executeTakeFirstOrThrow();
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toBe(createHash('sha256').update(`+86${mobile}|login|${code}`).digest('hex'));
    s.advance(3 * 24 * 60 * MIN);
    // The job the 15-minute schedule adds, run as any process would run it.
    await addJob(s.t.db, 'accounts.purge-rate-limits', {});
    await s.t.app.jobs?.runDueJobs();
    expect(await s.t.db.selectFrom('rateLimitHits').select('id').execute()).toEqual([]);
    expect(await s.t.db.selectFrom('loginGuards').select('subject').execute()).toEqual([]);
    expect(await s.t.db.selectFrom('verificationCodes').select('id').execute()).toEqual([]);
  });
});
