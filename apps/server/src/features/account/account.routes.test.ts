import { apiErrorSchema, currentUserSchema } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { decodeQuotedPrintable } from './messaging/mailer';

/** A clock the tests move by hand: rate limits, code expiry and session lifetimes without sleeping. */
const clock = { now: new Date('2026-11-22T02:00:00Z') };
const advance = (ms: number) => {
  clock.now = new Date(clock.now.getTime() + ms);
};
const MIN = 60_000;

let t: TestApp;
let ipCounter = 1;
beforeAll(async () => {
  t = await createTestApp({}, () => clock.now);
});
afterAll(() => t.close());

type Options = { cookie?: string; ip?: string; headers?: Record<string, string> };

async function post(url: string, payload: unknown, o: Options = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: o.ip ?? '10.0.0.1',
    headers: { ...(o.cookie ? { cookie: o.cookie } : {}), ...o.headers },
  });
}
const getUser = (cookie: string) => t.app.inject({ method: 'GET', url: '/user', headers: { cookie } });
const sessionOf = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === 'sid');
  return c ? `sid=${c.value}` : '';
};
const errorCode = (res: { json: () => unknown }) => apiErrorSchema.parse(res.json()).errorCode;
const freshIp = () => `10.1.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

let mobileCounter = 0;
const newMobile = () => `1380013${String(1000 + mobileCounter++).padStart(4, '0')}`;
const lastSmsCode = (to: string) => {
  const sms = [...t.sms.sent].reverse().find((m) => m.to === to);
  return /(\d{6})/.exec(sms?.text ?? '')?.[1] ?? '';
};
const lastMailText = (to: string) => {
  const mail = [...t.mailbox.received].reverse().find((m) => m.to.includes(to));
  return decodeQuotedPrintable(mail?.raw ?? '');
};

async function registerMobile(mobile = newMobile(), password = 'travel2026') {
  const ip = freshIp();
  expect(
    (await post('/code', { type: 'mobile', target: mobile, country: 'CN', purpose: 'register' }, { ip })).statusCode,
  ).toBe(200);
  const res = await post(
    '/register',
    { type: 'mobile', target: mobile, country: 'CN', password, code: lastSmsCode(`+86${mobile}`) },
    { ip },
  );
  expect(res.statusCode).toBe(200);
  return { mobile, password, cookie: sessionOf(res), res };
}

describe('registration by mobile', () => {
  it('sends a code by SMS, creates the account and signs in with a safe session cookie', async () => {
    const { res, cookie, mobile } = await registerMobile();
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const user = currentUserSchema.parse((await getUser(cookie)).json());
    expect(user.info.mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    expect(user.name).toBe(user.info.mobile);
    const row = await t.db
      .selectFrom('users')
      .select('passwordHash')
      .where('mobile', '=', `+86${mobile}`)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    const session = await t.db.selectFrom('sessions').select('tokenHash').executeTakeFirstOrThrow();
    expect(session.tokenHash).not.toContain(cookie.slice(4));
  });

  it('refuses an existing account with 4001 and 422, at the code and at registration', async () => {
    const { mobile } = await registerMobile();
    const ip = freshIp();
    advance(61_000);
    const code = await post('/code', { type: 'mobile', target: mobile, purpose: 'register' }, { ip });
    expect([code.statusCode, errorCode(code)]).toEqual([422, 4001]);
    const again = await post(
      '/register',
      { type: 'mobile', target: mobile, password: 'another1x', code: '123456' },
      { ip },
    );
    expect([again.statusCode, errorCode(again)]).toEqual([422, 4001]);
  });

  it('refuses a weak password, a missing code and a number that is not valid for the country', async () => {
    const ip = freshIp();
    const weak = await post(
      '/register',
      { type: 'mobile', target: newMobile(), password: 'abcdefgh', code: '123456' },
      { ip },
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ errorCode: 1000, params: { field: 'password' } });
    const noCode = await post('/register', { type: 'mobile', target: newMobile(), password: 'abcdefg1' }, { ip });
    expect(noCode.json()).toMatchObject({ errorCode: 1000, params: { field: 'code' } });
    const badPhone = await post(
      '/code',
      { type: 'mobile', target: '12345', country: 'CN', purpose: 'register' },
      { ip },
    );
    expect(badPhone.json()).toMatchObject({ errorCode: 1000, params: { field: 'mobile' } });
    const hkPhone = await post(
      '/code',
      { type: 'mobile', target: '51234567', country: 'HK', purpose: 'register' },
      { ip },
    );
    expect(hkPhone.statusCode).toBe(200);
  });
});

describe('verification codes', () => {
  it('allows one code per target per minute, answering 1429 with Retry-After', async () => {
    const mobile = newMobile();
    const ip = freshIp();
    expect((await post('/code', { type: 'mobile', target: mobile, purpose: 'register' }, { ip })).statusCode).toBe(200);
    advance(20_000);
    const again = await post('/code', { type: 'mobile', target: mobile, purpose: 'register' }, { ip });
    expect(again.statusCode).toBe(429);
    expect(errorCode(again)).toBe(1429);
    expect(Number(again.headers['retry-after'])).toBe(40);
    advance(41_000);
    expect((await post('/code', { type: 'mobile', target: mobile, purpose: 'register' }, { ip })).statusCode).toBe(200);
  });

  it('refuses a wrong code with 1101, and after five wrong tries the code is dead (1601)', async () => {
    const mobile = newMobile();
    const ip = freshIp();
    await post('/code', { type: 'mobile', target: mobile, purpose: 'register' }, { ip });
    const right = lastSmsCode(`+86${mobile}`);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/register',
        { type: 'mobile', target: mobile, password: 'travel2026', code: wrong },
        { ip },
      );
      expect(errorCode(res)).toBe(1101);
    }
    const res = await post(
      '/register',
      { type: 'mobile', target: mobile, password: 'travel2026', code: right },
      { ip },
    );
    expect(errorCode(res)).toBe(1601);
  });

  it('expires codes after ten minutes and uses each only once', async () => {
    const mobile = newMobile();
    const ip = freshIp();
    await post('/code', { type: 'mobile', target: mobile, purpose: 'register' }, { ip });
    advance(10 * MIN + 1000);
    const late = await post(
      '/register',
      { type: 'mobile', target: mobile, password: 'travel2026', code: lastSmsCode(`+86${mobile}`) },
      { ip },
    );
    expect(errorCode(late)).toBe(1601);
    const { mobile: m2 } = await registerMobile();
    const login = async () => {
      advance(61_000);
      await post('/code', { type: 'mobile', target: m2, purpose: 'login' }, { ip });
      return lastSmsCode(`+86${m2}`);
    };
    const code = await login();
    expect((await post('/login', { username: m2, identity: 'mobile', district: 'CN', code }, { ip })).statusCode).toBe(
      200,
    );
    const reuse = await post('/login', { username: m2, identity: 'mobile', district: 'CN', code }, { ip });
    expect(errorCode(reuse)).toBe(1601);
  });
});

describe('registration by e-mail', () => {
  it('sends an activation link that activates and signs in once, in the language of the request', async () => {
    const email = `amy.${Date.now()}@example.com`;
    const res = await post(
      '/register',
      { type: 'email', target: email, password: 'travel2026', language: 'zh-CN' },
      { ip: freshIp() },
    );
    expect(res.json()).toEqual({ pending: true, email });
    const claim = res.cookies.find((c) => c.name === 'activation_claim');
    expect(claim).toMatchObject({ httpOnly: true, path: '/api/verify' });
    const fromThisBrowser = { cookie: `activation_claim=${claim?.value}` };
    const text = lastMailText(email);
    expect(text).toContain('激活');
    const token = /verify\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
    const before = await post(
      '/login',
      { username: email, password: 'travel2026', identity: 'email' },
      { ip: freshIp() },
    );
    expect(errorCode(before)).toBe(1205);
    const verified = await post('/api/verify', { token }, { ip: freshIp(), ...fromThisBrowser });
    expect(verified.statusCode).toBe(200);
    expect(currentUserSchema.parse(verified.json()).info).toMatchObject({ email, emailVerified: true });
    expect(sessionOf(verified)).not.toBe('');
    expect(errorCode(await post('/api/verify', { token }, { ip: freshIp() }))).toBe(1204);
    expect(errorCode(await post('/api/verify', { token: 'x'.repeat(43) }, { ip: freshIp() }))).toBe(1201);
  });

  it('refuses an activation link older than a day with 1202', async () => {
    const email = `ben.${Date.now()}@example.com`;
    await post('/register', { type: 'email', target: email, password: 'travel2026' }, { ip: freshIp() });
    const token = /verify\?token=([A-Za-z0-9_-]+)/.exec(lastMailText(email))?.[1] ?? '';
    expect(lastMailText(email)).toContain('activate');
    advance(25 * 60 * MIN);
    expect(errorCode(await post('/api/verify', { token }, { ip: freshIp() }))).toBe(1202);
  });
});

describe('sign-in', () => {
  it('answers unknown accounts, wrong passwords and a second sign-in with their codes', async () => {
    const { mobile, password } = await registerMobile();
    const ip = freshIp();
    expect(
      errorCode(
        await post('/login', { username: '13900000000', password, identity: 'mobile', district: 'CN' }, { ip }),
      ),
    ).toBe(1206);
    expect(
      errorCode(await post('/login', { username: 'nobody@example.com', password, identity: 'email' }, { ip })),
    ).toBe(1203);
    expect(
      errorCode(
        await post('/login', { username: mobile, password: 'wrong12345', identity: 'mobile', district: 'CN' }, { ip }),
      ),
    ).toBe(1002);
    const ok = await post('/login', { username: mobile, password, identity: 'mobile', district: 'CN' }, { ip });
    expect(ok.statusCode).toBe(200);
    expect(currentUserSchema.parse(ok.json()).name).toContain('****');
    const again = await post(
      '/login',
      { username: mobile, password, identity: 'mobile' },
      { ip, cookie: sessionOf(ok) },
    );
    expect(again.statusCode).toBe(422);
    expect(errorCode(again)).toBe(1409);
  });

  it('locks an account from every address after five failed sign-ins, for fifteen minutes', async () => {
    const { mobile, password } = await registerMobile();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect(
        errorCode(await post('/login', { username: mobile, password: 'wrong12345', identity: 'mobile' }, { ip })),
      ).toBe(1002);
    }
    const locked = await post('/login', { username: mobile, password, identity: 'mobile' }, { ip });
    expect(errorCode(locked)).toBe(1429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(errorCode(await post('/login', { username: mobile, password, identity: 'mobile' }, { ip: freshIp() }))).toBe(
      1429,
    );
    advance(15 * MIN + 1000);
    expect((await post('/login', { username: mobile, password, identity: 'mobile' }, { ip })).statusCode).toBe(200);
  });

  it('gives each sign-in a new session and ends it on logout', async () => {
    const { mobile, password, cookie: first } = await registerMobile();
    const second = sessionOf(
      await post('/login', { username: mobile, password, identity: 'mobile' }, { ip: freshIp() }),
    );
    expect(second).not.toBe(first);
    expect((await getUser(first)).statusCode).toBe(200);
    const out = await post('/logout', {}, { cookie: second });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    const after = await getUser(second);
    expect(after.statusCode).toBe(401);
    expect(errorCode(after)).toBe(1401);
    expect((await getUser(first)).statusCode).toBe(200);
  });

  it('ends a session left idle for longer than ten days', async () => {
    const { cookie } = await registerMobile();
    advance(9 * 24 * 60 * MIN);
    expect((await getUser(cookie)).statusCode).toBe(200);
    advance(10 * 24 * 60 * MIN + MIN);
    expect((await getUser(cookie)).statusCode).toBe(401);
  });

  it('refuses a state change posted from another site', async () => {
    const { mobile, password } = await registerMobile();
    const res = await post(
      '/login',
      { username: mobile, password, identity: 'mobile' },
      {
        ip: freshIp(),
        headers: { origin: 'https://evil.example', host: 'localhost:80' },
      },
    );
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe(4030);
  });
});

describe('passwords, binding and profile', () => {
  it('changes the password with the current one, ending every other session', async () => {
    const { mobile, password, cookie } = await registerMobile();
    const other = sessionOf(
      await post('/login', { username: mobile, password, identity: 'mobile' }, { ip: freshIp() }),
    );
    expect(
      errorCode(
        await post('/password/change', { currentPassword: 'nottheone1', newPassword: 'newpass2026' }, { cookie }),
      ),
    ).toBe(1002);
    const res = await post('/password/change', { currentPassword: password, newPassword: 'newpass2026' }, { cookie });
    expect(res.statusCode).toBe(200);
    const rotated = sessionOf(res);
    expect(rotated).not.toBe(cookie);
    expect((await getUser(other)).statusCode).toBe(401);
    expect((await getUser(cookie)).statusCode).toBe(401);
    expect((await getUser(rotated)).statusCode).toBe(200);
    expect(errorCode(await post('/login', { username: mobile, password, identity: 'mobile' }, { ip: freshIp() }))).toBe(
      1002,
    );
  });

  it('resets a forgotten password with a code and signs out everywhere', async () => {
    const { mobile, cookie } = await registerMobile();
    const ip = freshIp();
    advance(61_000);
    expect((await post('/code', { type: 'mobile', target: mobile, purpose: 'reset' }, { ip })).statusCode).toBe(200);
    const code = lastSmsCode(`+86${mobile}`);
    const res = await post('/password/reset', { type: 'mobile', target: mobile, code, password: 'reset2026x' }, { ip });
    expect(res.statusCode).toBe(200);
    expect((await getUser(cookie)).statusCode).toBe(401);
    expect(
      (await post('/login', { username: mobile, password: 'reset2026x', identity: 'mobile' }, { ip })).statusCode,
    ).toBe(200);
    expect(
      errorCode(await post('/code', { type: 'mobile', target: newMobile(), purpose: 'reset' }, { ip: freshIp() })),
    ).toBe(1206);
  });

  it('binds an e-mail with a code, never one that belongs to someone else', async () => {
    const a = await registerMobile();
    const b = await registerMobile();
    const email = `carol.${Date.now()}@example.com`;
    await post('/code', { type: 'email', target: email, purpose: 'bind' }, { ip: freshIp(), cookie: a.cookie });
    const code = /code is (\d{6})/.exec(lastMailText(email))?.[1] ?? '';
    const bound = await post('/bind', { type: 'email', target: email, code }, { cookie: a.cookie });
    expect(currentUserSchema.parse(bound.json()).info).toMatchObject({ email, emailVerified: true });
    advance(61_000);
    const taken = await post(
      '/code',
      { type: 'email', target: email, purpose: 'bind' },
      { ip: freshIp(), cookie: b.cookie },
    );
    expect(errorCode(taken)).toBe(4001);
    expect(
      (await post('/login', { username: email, password: a.password, identity: 'email' }, { ip: freshIp() }))
        .statusCode,
    ).toBe(200);
  });

  it('updates the profile, and each traveller only ever sees their own', async () => {
    const a = await registerMobile();
    const b = await registerMobile();
    const res = await post(
      '/user',
      { nickname: 'Amy', gender: 0, birthday: '1990-05-17', name: 'Amy Chen' },
      { cookie: a.cookie },
    );
    expect(currentUserSchema.parse(res.json())).toMatchObject({
      name: 'Amy',
      info: { gender: 0, birthday: '1990-05-17', nickname: 'Amy', name: 'Amy Chen' },
    });
    const seenByB = currentUserSchema.parse((await getUser(b.cookie)).json());
    expect(seenByB.info.nickname).toBeNull();
    expect(seenByB.info.id).not.toBe(currentUserSchema.parse(res.json()).info.id);
    expect((await post('/user', { nickname: 'x' }, {})).statusCode).toBe(401);
    const bad = await post('/user', { birthday: '1990-13-45', gender: 7 }, { cookie: a.cookie });
    expect(bad.statusCode).toBe(400);
  });

  it('signs out other devices on request', async () => {
    const { mobile, password, cookie } = await registerMobile();
    const other = sessionOf(
      await post('/login', { username: mobile, password, identity: 'mobile' }, { ip: freshIp() }),
    );
    const count = await t.app.inject({ method: 'GET', url: '/api/sessions', headers: { cookie } });
    expect(count.json()).toEqual({ others: 1 });
    const res = await post('/api/sessions/revoke-others', {}, { cookie });
    expect(res.json()).toEqual({ revoked: 1 });
    expect((await getUser(other)).statusCode).toBe(401);
    expect((await getUser(cookie)).statusCode).toBe(200);
  });
});

describe('cookies over HTTPS', () => {
  it('marks the session cookie Secure when the site is served over HTTPS', async () => {
    const behindProxy = await createTestApp({ TRUST_PROXY: '1' }, () => clock.now);
    const mobile = newMobile();
    const send = await behindProxy.app.inject({
      method: 'POST',
      url: '/code',
      remoteAddress: freshIp(),
      payload: { type: 'mobile', target: mobile, purpose: 'register' },
    });
    expect(send.statusCode).toBe(200);
    const code = /(\d{6})/.exec(behindProxy.sms.sent.at(-1)?.text ?? '')?.[1];
    const res = await behindProxy.app.inject({
      method: 'POST',
      url: '/register',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { type: 'mobile', target: mobile, password: 'travel2026', code },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sid')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    await behindProxy.close();
  });
});

describe('delivery', () => {
  it('answers 1502 when the mail relay cannot be reached, and the code is not counted as sent', async () => {
    const broken = await createTestApp({}, () => clock.now);
    await broken.mailbox.stop();
    const email = `dan.${Date.now()}@example.com`;
    const res = await broken.app.inject({
      method: 'POST',
      url: '/code',
      payload: { type: 'email', target: email, purpose: 'register' },
    });
    expect(res.statusCode).toBe(503);
    expect(errorCode(res)).toBe(1502);
    const again = await broken.app.inject({
      method: 'POST',
      url: '/code',
      payload: { type: 'email', target: email, purpose: 'register' },
    });
    expect(errorCode(again)).toBe(1502);
    await broken.close();
  });
});

describe('bad input', () => {
  it('answers missing fields, wrong types and 10 kB strings with 400 in the error shape', async () => {
    const big = 'x'.repeat(10_240);
    for (const [url, body] of [
      ['/login', {}],
      ['/login', { username: big, password: 'x', identity: 'email' }],
      ['/login', { username: 'a@b.co', password: big, identity: 'email' }],
      ['/login', { username: 'a@b.co', password: 123, identity: 'email' }],
      ['/login', { username: 'a@b.co', password: 'x', code: '123456', identity: 'email' }],
      ['/register', { type: 'fax', target: 'x', password: 'abcdefg1' }],
      ['/code', { type: 'email', target: 'not-an-email', purpose: 'register' }],
      ['/code', { type: 'email', target: big }],
      ['/password/reset', { type: 'mobile', target: '13800138000', code: 'abc', password: 'x' }],
    ] as const) {
      const res = await post(url, body, { ip: freshIp() });
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      // Spec §8: a sign-in that fails for no more specific reason is 1001; other calls say 1000.
      expect(errorCode(res)).toBe(url === '/login' ? 1001 : 1000);
    }
  });
});
