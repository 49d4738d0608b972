import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { errorCode, securitySuite } from './support';

/**
 * Threat: finding out who has an account. The spec's codes 1203 and 1206 stay, but every look-up is paid
 * for from the address's limit, and a sign-in for an unknown account costs a password check like any other.
 */
// Caps of six per address make the counting quick to see.
const s = securitySuite({ AUTH_IP_LIMIT_FACTOR: '0.2' });

describe('account existence', () => {
  it('counts every failed look-up against the address', async () => {
    const ip = s.freshIp();
    const codes = [];
    for (let i = 0; i < 10; i++) {
      codes.push(errorCode(await s.post('/code', { type: 'mobile', target: s.newMobile(), purpose: 'login' }, { ip })));
    }
    expect(codes).toEqual([...Array(6).fill(1206), ...Array(4).fill(1429)]);
    const ip2 = s.freshIp();
    const logins = [];
    for (let i = 0; i < 8; i++) {
      logins.push(
        errorCode(
          await s.post(
            '/login',
            { username: `nobody${i}@example.com`, password: 'guess2026', identity: 'email' },
            { ip: ip2 },
          ),
        ),
      );
    }
    expect(logins).toEqual([...Array(6).fill(1203), ...Array(2).fill(1429)]);
  });

  it('tells that an e-mail account waits for activation only to someone who knows its password', async () => {
    const email = `pending${Date.now()}@example.com`;
    const registered = await s.post(
      '/register',
      { type: 'email', target: email, password: 'owner2026ok' },
      { ip: s.freshIp() },
    );
    expect(registered.statusCode, registered.body).toBe(200);
    const login = (password: string) =>
      s.post('/login', { username: email, password, identity: 'email' }, { ip: s.freshIp() });
    // A wrong password is a wrong password, as for an active account: nothing says the address is pending.
    expect(errorCode(await login('guess2026x'))).toBe(1002);
    expect(errorCode(await login('owner2026ok'))).toBe(1205);
  });

  it('prints what a sign-in costs for a known and an unknown account', async () => {
    const { mobile } = await s.registerMobile();
    const time = async (username: string) => {
      const started = performance.now();
      const res = await s.post('/login', { username, password: 'guess2026x', identity: 'mobile' }, { ip: s.freshIp() });
      return { ms: performance.now() - started, code: errorCode(res) };
    };
    const known = [];
    const unknown = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time(mobile));
      unknown.push(await time(s.newMobile()));
    }
    expect(known.map((k) => k.code)).toEqual([1002, 1002, 1002, 1002]);
    expect(unknown.map((k) => k.code)).toEqual([1206, 1206, 1206, 1206]);
    const median = (xs: { ms: number }[]) => xs.map((x) => x.ms).sort((a, b) => a - b)[xs.length >> 1] ?? 0;
    // A figure, not an assertion: both include one argon2id check.
    console.info(
      `sign-in answer: known account ${median(known).toFixed(0)} ms, unknown ${median(unknown).toFixed(0)} ms`,
    );
  });
});
