import { apiErrorSchema, railAccountStatusSchema, railCodeAnswerSchema } from '@junction/domain';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness';
import { codeSentTo as codeOf, registerMobile } from '../../../test/support/accounts';

/** An ID card number with a valid checksum for a date of birth (`yyyymmdd`) and a sequence. */
export function idNumber(birth: string, seq: string): string {
  const first17 = `110101${birth}${seq}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
  return first17 + '10X98765432'[sum % 11];
}

/**
 * A student passenger of a 12306 account, born on 1 September 2006 with the ID card's sequence `digits`,
 * at Fudan from 2024 with a home in Beijing, the school in `schoolCity` (Shanghai unless told), and the
 * railway's check of the student in the state `check`.
 */
export const studentPassenger = (name: string, digits: string, check: string, schoolCity = 'SHA') => ({
  name,
  documentType: 'B',
  documentNumber: idNumber('20060901', digits),
  phone: `+86138001${digits}99`,
  type: 'STUDENT',
  student: { school: '复旦大学', homeCity: 'BJS', schoolCity, enrolledYear: 2024, check },
});

export const errorOf = (res: LightMyRequestResponse) => apiErrorSchema.parse(res.json());

export type SimAccount = { username: string; phone: string; password: string; idLastFour: string };

/** Acts on one app as a traveller with a national rail account does. */
export function railClient(t: TestApp) {
  let users = 0;
  let accounts = 0;
  /** The session the rail service's own website is used with (its routes need one, as the API's do). */
  let simulatorSession: string | undefined;
  const post = (cookie: string, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: { cookie } });
  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  /** The code the rail service texted to a phone last. */
  const codeSentTo = (phone: string) => codeOf(t, phone);
  const self = {
    post,
    get,
    codeSentTo,
    /** A new account of ours, signed in through the real registration by SMS code. */
    async signUp(): Promise<string> {
      const mobile = `1360013${String(1000 + users++).padStart(4, '0')}`;
      return registerMobile(t, mobile, `10.66.${users >> 8}.${users & 255}`);
    },
    /** Opens an account on the simulated rail service: the holder 张伟 and the passengers given. */
    async railAccount(passengers: object[] = [], holderId = idNumber('19850302', '231')): Promise<SimAccount> {
      accounts++;
      const username = `traveller${accounts}x${Math.floor(Math.random() * 1e6)}`;
      const phone = `+8613900${String(100000 + accounts).slice(-6)}`;
      simulatorSession ??= await self.signUp();
      const res = await t.app.inject({
        method: 'POST',
        url: '/rail-sim/accounts',
        payload: { username, password: 'rail-pass-1', holderName: '张伟', idNumber: holderId, phone, passengers },
        headers: { cookie: simulatorSession },
      });
      expect(res.statusCode, res.body).toBe(200);
      return { username, phone, password: 'rail-pass-1', idLastFour: holderId.slice(-4) };
    },
    /** Links a rail account to ours: code by SMS, then the login with the agreement ticked. */
    async link(cookie: string, account: SimAccount) {
      const sent = await post(cookie, '/api/rail/code', { username: account.username, idLastFour: account.idLastFour });
      expect(railCodeAnswerSchema.parse(sent.json()).result).toBe(0);
      const res = await post(cookie, '/api/rail/login', { ...account, code: codeSentTo(account.phone), agreed: true });
      expect(res.statusCode, res.body).toBe(200);
      return railAccountStatusSchema.parse(res.json());
    },
  };
  return self;
}
