import { describe, expect, it } from 'vitest';
import { errorCode, securitySuite, sessionOf } from './support';

/**
 * Threat: pre-registration takeover. Someone registers the victim's e-mail with a password of their own
 * and waits for the victim to open the activation link. A pending registration never gives anyone a
 * credential the mailbox owner did not choose.
 */
const s = securitySuite();

const ATTACKER = { ip: '203.0.113.66' };
const tokenIn = (text: string) => /verify\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
const signIn = (email: string, password: string) =>
  s.post('/login', { username: email, password, identity: 'email' }, { ip: s.freshIp() });

describe('pre-registration takeover', () => {
  it('makes whoever opens the link outside the registering browser choose the password', async () => {
    const victim = `victim.${Date.now()}@example.com`;
    const planted = await s.post('/register', { type: 'email', target: victim, password: 'attacker2026' }, ATTACKER);
    expect(planted.json()).toEqual({ pending: true, email: victim });
    const token = tokenIn(s.lastMailText(victim));
    // The victim opens the link from the mailbox, in a browser that never registered.
    const bare = await s.post('/api/verify', { token }, { ip: s.freshIp() });
    expect([bare.statusCode, errorCode(bare)]).toEqual([400, 1701]);
    const weak = await s.post('/api/verify', { token, password: 'short' }, { ip: s.freshIp() });
    expect(errorCode(weak)).toBe(1000);
    const chosen = await s.post('/api/verify', { token, password: 'mine2026ok' }, { ip: s.freshIp() });
    expect(chosen.statusCode).toBe(200);
    expect(sessionOf(chosen)).not.toBe('');
    expect(errorCode(await signIn(victim, 'attacker2026'))).toBe(1002);
    expect((await signIn(victim, 'mine2026ok')).statusCode).toBe(200);
  });

  it("never activates with the registrant's password from another browser's claim", async () => {
    const victim = `victim2.${Date.now()}@example.com`;
    const planted = await s.post('/register', { type: 'email', target: victim, password: 'attacker2026' }, ATTACKER);
    const attackerClaim = planted.cookies.find((c) => c.name === 'activation_claim')?.value ?? '';
    const token = tokenIn(s.lastMailText(victim));
    const forged = await s.post(
      '/api/verify',
      { token },
      { ip: s.freshIp(), cookie: 'activation_claim=forged-claim-value' },
    );
    expect(errorCode(forged)).toBe(1701);
    // Only the attacker's own browser holds the claim, and it never sees the link; with both, it would work.
    expect(attackerClaim).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(errorCode(await signIn(victim, 'attacker2026'))).toBe(1205);
  });

  it('lets a newer registration of a pending address replace it, and kills the older links', async () => {
    const email = `both.${Date.now()}@example.com`;
    await s.post('/register', { type: 'email', target: email, password: 'attacker2026' }, ATTACKER);
    const attackerToken = tokenIn(s.lastMailText(email));
    const mine = await s.post(
      '/register',
      { type: 'email', target: email, password: 'owner2026x' },
      { ip: s.freshIp() },
    );
    expect(mine.json()).toEqual({ pending: true, email });
    const myToken = tokenIn(s.lastMailText(email));
    expect(myToken).not.toBe(attackerToken);
    const claim = `activation_claim=${mine.cookies.find((c) => c.name === 'activation_claim')?.value}`;
    expect(
      errorCode(await s.post('/api/verify', { token: attackerToken, password: 'attacker2026' }, { ip: s.freshIp() })),
    ).toBe(1204);
    const activated = await s.post('/api/verify', { token: myToken }, { ip: s.freshIp(), cookie: claim });
    expect(activated.statusCode).toBe(200);
    expect(errorCode(await signIn(email, 'attacker2026'))).toBe(1002);
    expect((await signIn(email, 'owner2026x')).statusCode).toBe(200);
    // An active account is never replaced.
    const late = await s.post('/register', { type: 'email', target: email, password: 'attacker2026' }, ATTACKER);
    expect([late.statusCode, errorCode(late)]).toEqual([422, 4001]);
  });
});
