import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { errorCode, securityApp } from './support';

/**
 * Threat: a client that writes its own X-Forwarded-For chooses its address and so escapes every per-address
 * limit; one that writes X-Forwarded-Host passes the origin check from another site. Forwarded headers are
 * read only from the proxies TRUST_PROXY names, by hop count or by address.
 */
const apps: Awaited<ReturnType<typeof securityApp>>[] = [];
afterAll(async () => {
  for (const a of apps) await a.t.close();
});

async function app(trust: string) {
  // A cap of three code requests per address an hour makes the address the server sees easy to tell.
  const a = await securityApp({ TRUST_PROXY: trust, AUTH_IP_LIMIT_FACTOR: '0.1' });
  apps.push(a);
  return a;
}

/** Code requests with a new forwarded address each, from one socket address; the answers' codes. */
async function spoofedBurst(
  a: Awaited<ReturnType<typeof securityApp>>,
  socket: string,
  forwarded: (i: number) => string,
) {
  const out: number[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await a.t.app.inject({
      method: 'POST',
      url: '/code',
      remoteAddress: socket,
      headers: { 'x-forwarded-for': forwarded(i) },
      payload: { type: 'mobile', target: a.newMobile(), purpose: 'register' },
    });
    out.push(res.statusCode === 200 ? 0 : errorCode(res));
  }
  return out;
}

// Each test starts an app of its own: on a busy machine that alone may take most of the default time.
describe('forwarded headers', { timeout: 60_000 }, () => {
  it('are ignored without a trusted proxy', async () => {
    const a = await app('false');
    expect(await spoofedBurst(a, '198.51.100.7', (i) => `192.0.2.${i}`)).toEqual([0, 0, 0, 1429, 1429]);
  });

  it('with one trusted hop, give the address that proxy saw, never one the client wrote', async () => {
    const a = await app('1');
    // The client prepends invented addresses; the proxy appends the one it saw.
    expect(await spoofedBurst(a, '10.0.0.2', (i) => `192.0.2.${i}, 198.51.100.9`)).toEqual([0, 0, 0, 1429, 1429]);
    expect(await spoofedBurst(a, '10.0.0.2', () => '198.51.100.10')).toEqual([0, 0, 0, 1429, 1429]);
  });

  it('with proxy addresses, are read only from those proxies', async () => {
    const a = await app('10.0.0.2,10.9.0.0/16');
    expect(await spoofedBurst(a, '10.9.3.4', (i) => `192.0.2.${i}`)).toEqual([0, 0, 0, 0, 0]);
    expect(await spoofedBurst(a, '198.51.100.20', (i) => `192.0.2.${50 + i}`)).toEqual([0, 0, 0, 1429, 1429]);
  });

  it('take X-Forwarded-Host for the origin check only from a trusted proxy', async () => {
    const a = await app('10.0.0.2');
    const login = (remoteAddress: string, headers: Record<string, string>) =>
      a.t.app.inject({
        method: 'POST',
        url: '/login',
        remoteAddress,
        headers,
        payload: { username: 'nobody@example.com', password: 'whatever1', identity: 'email' },
      });
    const forged = await login('198.51.100.30', {
      host: 'junction.example',
      origin: 'https://evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(errorCode(forged)).toBe(4030);
    const proxied = await login('10.0.0.2', {
      host: 'internal:3000',
      origin: 'https://junction.example',
      'x-forwarded-host': 'junction.example',
    });
    expect(errorCode(proxied)).toBe(1203);
  });

  it('refuses TRUST_PROXY=true and addresses that are not addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*hop count/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.2,proxy.internal' })).toThrow(/proxy\.internal/);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16' }).TRUST_PROXY).toEqual(['10.0.0.2', '10.1.0.0/16']);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });

  it('refuses, at start and naming the setting, ranges that hold every address', () => {
    // Two halves of the internet trust everyone; the whole of it used to pass the check and stop the start.
    for (const everyone of ['0.0.0.0/1,128.0.0.0/1', '0.0.0.0/0', '::/0', '::ffff:0.0.0.0/96'])
      expect(() => loadConfig({ TRUST_PROXY: everyone }), everyone).toThrow(/TRUST_PROXY/);
  });
});
