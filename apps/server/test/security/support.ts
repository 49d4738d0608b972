import { apiErrorSchema } from '@junction/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { decodeQuotedPrintable } from '../../src/features/account/messaging/mailer';
import { createTestApp, type TestApp } from '../harness';

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

/** A test app with a clock the test moves by hand, and helpers to act as a traveller or an attacker. */
export async function securityApp(overrides: Record<string, string> = {}) {
  const clock = { now: new Date('2026-11-22T02:00:00Z') };
  // The process-wide request limit counts real time; these tests send thousands of requests in seconds.
  const t: TestApp = await createTestApp({ RATE_LIMIT_MAX: '1000000', ...overrides }, () => clock.now);
  let ipCounter = 1;
  let mobileCounter = 0;
  const self = {
    t,
    clock,
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
    freshIp: () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`,
    newMobile: () => `1390013${String(1000 + mobileCounter++).padStart(4, '0')}`,
    post(url: string, payload: unknown, o: { ip?: string; cookie?: string; headers?: Record<string, string> } = {}) {
      return t.app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        remoteAddress: o.ip ?? '10.255.255.1',
        headers: { ...(o.cookie ? { cookie: o.cookie } : {}), ...o.headers },
      });
    },
    lastSmsCode(to: string): string {
      const sms = [...t.sms.sent].reverse().find((m) => m.to === to);
      return /(\d{6})/.exec(sms?.text ?? '')?.[1] ?? '';
    },
    lastMailText(to: string): string {
      const mail = [...t.mailbox.received].reverse().find((m) => m.to.includes(to));
      return decodeQuotedPrintable(mail?.raw ?? '');
    },
    async registerMobile(password = 'travel2026') {
      const mobile = self.newMobile();
      const ip = self.freshIp();
      await self.post('/code', { type: 'mobile', target: mobile, purpose: 'register' }, { ip });
      const res = await self.post(
        '/register',
        { type: 'mobile', target: mobile, password, code: self.lastSmsCode(`+86${mobile}`) },
        { ip },
      );
      if (res.statusCode !== 200) throw new Error(`registration failed: ${res.body}`);
      return { mobile, password, cookie: sessionOf(res) };
    },
  };
  return self;
}

export type SecurityApp = Awaited<ReturnType<typeof securityApp>>;

/** The security app of a file's or a block's tests: filled in before they run, closed after them. */
export function securitySuite(overrides: Record<string, string> = {}): SecurityApp {
  const s = {} as SecurityApp;
  beforeAll(async () => {
    Object.assign(s, await securityApp(overrides));
  });
  afterAll(() => s.t?.close());
  return s;
}

export const sessionOf = (res: LightMyRequestResponse): string => {
  const c = res.cookies.find((x) => x.name === 'sid');
  return c?.value ? `sid=${c.value}` : '';
};

export const errorCode = (res: LightMyRequestResponse): number => apiErrorSchema.parse(res.json()).errorCode;

/** How many answers had each outcome: the HTTP 200s as 'ok', errors by code. */
export function tally(answers: LightMyRequestResponse[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const key = a.statusCode === 200 ? 'ok' : String(errorCode(a));
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** A wrong six-digit code, never the right one. */
export const wrongCode = (right: string, i: number): string => {
  const n = (Number(right) + 1 + i) % 1_000_000;
  return String(n).padStart(6, '0');
};
