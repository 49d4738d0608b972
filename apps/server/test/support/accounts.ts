import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database';

/** What signing up needs of a test app: the app to ask, and the texts its SMS port sent. */
export type Injector = { app: FastifyInstance; sms: { sent: { to: string; text: string }[] } };

/** The password every test account signs up with. */
export const PASSWORD = 'travel2026';

/** The session cookie an answer set, as a `cookie` header value (empty when it set none). */
export function sessionOf(res: LightMyRequestResponse): string {
  const value = res.cookies.find((c) => c.name === 'sid')?.value;
  return value ? `sid=${value}` : '';
}

/** The six-digit code texted last to a number (`+86…`), or '' when none came. */
export function codeSentTo(t: Injector, to: string): string {
  const sms = [...t.sms.sent].reverse().find((m) => m.to === to);
  return /(\d{6})/.exec(sms?.text ?? '')?.[1] ?? '';
}

/** Registers a mobile number with the code texted to it, from one address; answers the session cookie. */
export async function registerMobile(t: Injector, mobile: string, ip: string): Promise<string> {
  await t.app.inject({
    method: 'POST',
    url: '/code',
    payload: { type: 'mobile', target: mobile, country: 'CN', purpose: 'register' },
    remoteAddress: ip,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/register',
    payload: { type: 'mobile', target: mobile, country: 'CN', password: PASSWORD, code: codeSentTo(t, `+86${mobile}`) },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return sessionOf(res);
}

/**
 * Signs up new accounts one after another, each from an address of its own so the per-address limits of
 * registration never count them together. `prefix` (seven digits) keeps one file's numbers apart from
 * another's when two share a database; `net` is the second byte of the addresses.
 */
export function accountMaker(t: Injector, prefix: string, net: number) {
  let count = 0;
  return async function signUp(): Promise<{ cookie: string; mobile: string }> {
    const mobile = `${prefix}${String(1000 + count++).padStart(4, '0')}`;
    const cookie = await registerMobile(t, mobile, `10.${net}.${count >> 8}.${count & 255}`);
    return { cookie, mobile };
  };
}

/** The id of the account holding a mobile number. */
export async function userIdOf(t: { db: Db }, mobile: string): Promise<string> {
  const user = await t.db
    .selectFrom('users')
    .select('id')
    .where('mobile', 'like', `%${mobile}`)
    .executeTakeFirstOrThrow();
  return user.id;
}
