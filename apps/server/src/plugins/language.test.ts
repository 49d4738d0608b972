import { API_ENDPOINTS, apiErrorSchema } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

const MALFORMED = 'lang=%E0%A4%A';

/** A request each endpoint accepts as far as its handler (where the language is used). */
const VALID: Record<string, { url?: string; payload?: unknown }> = {
  'POST /code': { payload: { type: 'email', target: 'lang-test@example.com', purpose: 'register' } },
  'POST /register': { payload: { type: 'email', target: 'lang-test@example.com', password: 'abcd1234' } },
  'POST /api/verify': { payload: { token: 'x'.repeat(43) } },
  'POST /api/verify/resend': { payload: { email: 'lang-test@example.com' } },
  'POST /login': { payload: { username: 'nobody@example.com', password: 'abcd1234', identity: 'email' } },
  'POST /password/reset': {
    payload: { type: 'email', target: 'nobody@example.com', code: '123456', newPassword: 'abcd1234' },
  },
  'GET /api/place': { url: '/api/place?keyword=bei' },
  'POST /api/v2/search': {
    payload: { type: 1, legs: [{ departure: 'BJS', destination: 'SHA', departure_date: '2099/12/01' }] },
  },
  'POST /api/v2/pull': { payload: { searchId: 'nope', cursor: 0 } },
  'POST /api/v2/refresh': { payload: { searchId: 'nope', resultId: 'nope' } },
  'GET /api/v2/link': { url: '/api/v2/link?routes=BJS-SHA-991201' },
};

describe('the language of a request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('falls back to the default language on a malformed cookie, on every endpoint', async () => {
    for (const e of API_ENDPOINTS) {
      const key = `${e.method} ${e.path}`;
      const sample = VALID[key] ?? {};
      const res = await t.app.inject({
        method: e.method,
        url: sample.url ?? e.path,
        headers: { cookie: MALFORMED },
        ...(e.method === 'POST' ? { payload: (sample.payload ?? {}) as object } : {}),
      });
      expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('names places in English on a malformed cookie, in the cookie language, or as ?lang= asks', async () => {
    const names = async (url: string, cookie?: string) => {
      const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { name: string }[]).map((p) => p.name);
    };
    expect(await names('/api/place?keyword=BJS', MALFORMED)).toContain('Beijing');
    expect(await names('/api/place?keyword=BJS', 'lang=zh-CN')).toContain('北京');
    expect(await names('/api/place?keyword=BJS&lang=en', 'lang=zh-CN')).toContain('Beijing');
    expect(await names('/api/place/popular?lang=zh-CN', MALFORMED)).toContain('北京');
    const criteria = await t.app.inject({ url: '/api/v2/link?routes=BJS-SHA-991201', headers: { cookie: MALFORMED } });
    expect(criteria.json().criteria.legs[0].departureName).toBe('Beijing');
  });

  it('never lets an error answer be cached, even on a route whose answers are public', async () => {
    const failures = [
      { url: '/api/place?keyword=bei&limit=nine' },
      { url: '/api/place/popular?lang=fr' },
      { url: '/api/no-such-thing' },
      { url: '/user' },
      { url: '/api/v2/link?routes=nowhere' },
    ];
    for (const f of failures) {
      const res = await t.app.inject({ url: f.url, headers: { cookie: MALFORMED } });
      expect(res.statusCode, f.url).toBeGreaterThanOrEqual(400);
      apiErrorSchema.parse(res.json());
      expect(res.headers['cache-control'], f.url).toBe('no-store');
    }
    const ok = await t.app.inject({ url: '/api/place?keyword=bei' });
    expect(ok.headers['cache-control']).toContain('public');
  });
});
