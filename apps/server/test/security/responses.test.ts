import net from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness';
import { securitySuite } from './support';

/**
 * Threats on the answers themselves: a signed-in page kept by a shared cache, the site framed by
 * another, an activation token copied into the access log, and Node's own answers outside the API shape.
 */
const s = securitySuite();

describe('answers', () => {
  it('are never cached when they belong to a signed-in traveller or set a cookie', async () => {
    const { cookie } = await s.registerMobile();
    for (const url of ['/user', '/api/sessions', '/api/place?keyword=bj']) {
      const res = await s.t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const revoke = await s.post('/api/sessions/revoke-others', {}, { cookie });
    expect(revoke.headers['cache-control']).toBe('no-store');
    const login = await s.post('/logout', {}, { cookie });
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('forbid framing the same way in X-Frame-Options and the CSP', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('deny powerful browser features, and ask for HTTPS (HSTS) only over HTTPS', async () => {
    const plain = await s.t.app.inject({ method: 'GET', url: '/api/site' });
    expect(plain.headers['permissions-policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\)/);
    // Over plain HTTP the header would be ignored at best, and pins nothing a traveller can trust.
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ TRUST_PROXY: '10.0.0.2' });
    try {
      const secure = await proxied.app.inject({
        method: 'GET',
        url: '/api/site',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d{7,}; includeSubDomains/);
      expect(secure.headers['permissions-policy']).toBe(plain.headers['permissions-policy']);
    } finally {
      await proxied.close();
    }
  });

  it("answer headers too large for Node with 431 in the API's error shape", async () => {
    await s.t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = s.t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/site HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'x'.repeat(40_000)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (c) => {
        data += c.toString();
      });
      socket.on('close', () => resolve(data));
      socket.on('error', (e) => (data ? resolve(data) : reject(e)));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ errorCode: 1702, errorContent: 'The request headers are too large.' });
  });
});

describe('the access log', () => {
  let logged: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (c: Buffer) => lines.push(...c.toString().split('\n').filter(Boolean)));
    logged = await createTestApp({ LOG_LEVEL: 'info' }, undefined, { logStream: stream });
  });
  afterAll(() => logged.close());

  it('never holds an activation token or a code from a URL', async () => {
    const token = 'Secret_Activation_Token_1234567890abcdefghij';
    await logged.app.inject({ method: 'GET', url: `/verify?token=${token}&lang=en` });
    await logged.app.inject({ method: 'GET', url: `/api/place?keyword=bj&code=123456` });
    const text = lines.join('\n');
    expect(text).toContain('/verify?token=[redacted]&lang=en');
    expect(text).toContain('code=[redacted]');
    expect(text).not.toContain(token);
    expect(text).not.toContain('123456');
  });
});
