import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_ENDPOINTS, apiErrorSchema, ERRORS, siteInfoSchema } from '@junction/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testRefdata, testSecrets } from '../test/harness';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDb } from './db/database';
import { Mailer } from './features/account/messaging/mailer';
import { LogSmsProvider } from './features/account/messaging/sms';

describe('API basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports healthy when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('serves every endpoint of the domain contracts', () => {
    const missing = API_ENDPOINTS.filter((e) => !t.app.hasRoute({ method: e.method, url: e.path }));
    expect(missing.map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('answers an unknown API path with 404 in the error shape', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(res.statusCode).toBe(404);
      const body = apiErrorSchema.parse(res.json());
      expect(body.errorCode).toBe(ERRORS.NOT_FOUND.errorCode);
      expect(body.errorContent).toContain('/api/no-such-thing');
    }
  });

  it('answers a malformed JSON body with 400 in the error shape and no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/site',
      headers: { 'content-type': 'application/json' },
      payload: '{"departure": "PEK",',
    });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).errorCode).toBe(ERRORS.VALIDATION_FAILED.errorCode);
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('never answers arbitrary bodies, paths and content types with a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        fc.constantFrom('/api/site', '/api/x', '/healthz', '/login', '/api/v2/search'),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/xml'),
        fc.string({ maxLength: 200 }),
        async (method, url, contentType, payload) => {
          const res = await t.app.inject({
            method,
            url,
            headers: { 'content-type': contentType },
            payload: method === 'GET' ? undefined : payload,
          });
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode >= 400) apiErrorSchema.parse(res.json());
        },
      ),
      { numRuns: 60 },
    );
  });

  it('serves the operator particulars from configuration, marked as samples by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    const info = siteInfoSchema.parse(res.json());
    expect(info.company).toEqual({ en: 'Junction Technology Co., Ltd.', 'zh-CN': '联程科技有限公司' });
    expect(info.isSample).toBe(true);
    expect(info.copyrightYears).toMatch(/^2020-20\d\d$/);
  });

  it('sends a content security policy that allows scripts only from its own origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lists its routes in the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/site', '/healthz']));
  });

  it('compresses large responses for clients that accept it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('health without a database', () => {
  it('answers 503 when the database does not answer', async () => {
    const db = createDb('postgres://nobody:nothing@127.0.0.1:1/none', 1);
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), {
      db,
      refdata: testRefdata(),
      mailer: new Mailer('smtp://127.0.0.1:1', 'test@junction.example'),
      sms: new LogSmsProvider(() => {}),
      secrets: testSecrets(),
    });
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'degraded', database: 'down' });
    await app.close();
    await db.destroy();
  });
});

describe('web app serving and rate limits', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'junction-web-'));
    await fs.mkdir(path.join(webDist, 'assets'));
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    await fs.writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    await fs.writeFile(path.join(webDist, 'robots.txt'), 'User-agent: *');
    t = await createTestApp({ WEB_DIST: webDist, RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('answers page paths with the app so the client router can take over', async () => {
    for (const url of ['/', '/about', '/agreement/service', '/no/such/page?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('keeps API paths out of the page fallback', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('limits API requests with 429 and code 1429, and never limits static files', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.app.inject({ method: 'GET', url: '/api/site' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(apiErrorSchema.parse(limited.json()).errorCode).toBe(ERRORS.TOO_MANY_REQUESTS.errorCode);
    for (let i = 0; i < 10; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/about' })).statusCode).toBe(200);
    }
  });
});
