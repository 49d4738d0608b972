import {
  passengerPageSchema,
  railAccountStatusSchema,
  railCodeAnswerSchema,
  railImportAnswerSchema,
  railPassengerListSchema,
} from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { errorOf, idNumber, railClient, studentPassenger as student } from './rail-client.test-support';

const START = new Date('2026-11-22T04:00:00Z');
let clock = START.getTime();
const now = () => new Date(clock);

let t: TestApp;
let r: ReturnType<typeof railClient>;
beforeAll(async () => {
  t = await createTestApp(
    {
      RATE_LIMIT_MAX: '1000000',
      RAIL_IDENTITY_DELAY_MS: '0',
      RAIL_IDENTITY_LATENCY_MS: '0',
      RAIL_IDENTITY_FAILURE_RATE: '0',
      RAIL_SIM_LATENCY_MS: '0',
      RAIL_SIM_CODE_FAILURE_RATE: '0',
      RAIL_SIM_SESSION_MINUTES: '30',
    },
    now,
  );
  r = railClient(t);
}, 120_000);
afterAll(() => t.close());

const { post, get } = {
  post: (cookie: string, url: string, payload?: object) => r.post(cookie, url, payload),
  get: (cookie: string, url: string) => r.get(cookie, url),
};
const codeSentTo = (phone: string) => r.codeSentTo(phone);
const railAccount = (passengers: object[] = []) => r.railAccount(passengers);
const link = (cookie: string, account: Awaited<ReturnType<typeof railAccount>>) => r.link(cookie, account);
const c = { signUp: () => r.signUp() };

describe('linking a national rail account', () => {
  it('texts a code to the account phone (0), and answers 11 for wrong last four digits or an unknown username', async () => {
    const cookie = await c.signUp();
    const account = await railAccount();
    const wrong = await post(cookie, '/api/rail/code', { username: account.username, idLastFour: '0000' });
    expect(wrong.statusCode).toBe(200);
    expect(railCodeAnswerSchema.parse(wrong.json())).toMatchObject({ result: 11, phoneMasked: null });
    const unknown = await post(cookie, '/api/rail/code', { username: 'nobody-here', idLastFour: account.idLastFour });
    expect(railCodeAnswerSchema.parse(unknown.json()).result).toBe(11);
    expect(codeSentTo(account.phone)).toBe('');

    const sent = railCodeAnswerSchema.parse(
      (await post(cookie, '/api/rail/code', { username: account.username, idLastFour: account.idLastFour })).json(),
    );
    expect(sent).toEqual({ result: 0, phoneMasked: `139****${account.phone.slice(-4)}`, resendSeconds: 60 });
    expect(codeSentTo(account.phone)).toMatch(/^\d{6}$/);
  });

  it('answers 6 when the rail service will not send another code so soon', async () => {
    const cookie = await c.signUp();
    const account = await railAccount();
    const ask = () => post(cookie, '/api/rail/code', { username: account.username, idLastFour: account.idLastFour });
    const results = [];
    for (let i = 0; i < 4; i++) results.push(railCodeAnswerSchema.parse((await ask()).json()).result);
    expect(results).toEqual([0, 0, 0, 6]);
  });

  it('refuses a login without the agreement ticked (6203), before asking the rail service', async () => {
    const cookie = await c.signUp();
    const account = await railAccount();
    await post(cookie, '/api/rail/code', { username: account.username, idLastFour: account.idLastFour });
    const code = codeSentTo(account.phone);
    const res = await post(cookie, '/api/rail/login', { ...account, code, agreed: false });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).errorCode).toBe(6203);
    // The code was not spent: the same code logs in once the agreement is ticked.
    const ok = await post(cookie, '/api/rail/login', { ...account, code, agreed: true });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it.each([
    [{ password: '12345' }, 'password'],
    [{ username: '' }, 'username'],
    [{ idLastFour: '12' }, 'idLastFour'],
    [{ code: '' }, 'code'],
  ])('checks the form (%j)', async (change, field) => {
    const cookie = await c.signUp();
    const account = await railAccount();
    const res = await post(cookie, '/api/rail/login', { ...account, code: '123456', agreed: true, ...change });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(res).params)).toContain(field);
  });

  it('answers 6201 for a wrong password and 6202 for a wrong code', async () => {
    const cookie = await c.signUp();
    const account = await railAccount();
    await post(cookie, '/api/rail/code', { username: account.username, idLastFour: account.idLastFour });
    const code = codeSentTo(account.phone);
    const badPassword = await post(cookie, '/api/rail/login', { ...account, password: 'not-it-1', code, agreed: true });
    expect(errorOf(badPassword).errorCode).toBe(6201);
    const badCode = await post(cookie, '/api/rail/login', {
      ...account,
      code: code === '000000' ? '111111' : '000000',
      agreed: true,
    });
    expect(errorOf(badCode).errorCode).toBe(6202);
    expect(railAccountStatusSchema.parse((await get(cookie, '/api/rail/account')).json()).account).toBeNull();
  });

  it('links the account, keeps the rail session token sealed and never the password', async () => {
    const cookie = await c.signUp();
    const account = await railAccount();
    const linked = await link(cookie, account);
    expect(linked.account).toMatchObject({ username: account.username, name: '张伟', state: 'active', ticketing: 0 });
    const shown = railAccountStatusSchema.parse((await get(cookie, '/api/rail/account')).json());
    expect(shown.account?.state).toBe('active');
    const { rows } = await sql<Record<string, unknown>>`select * from rail_accounts`.execute(t.db);
    const row = rows.find((r) => r.username === account.username) as Record<string, unknown>;
    expect(String(row.tokenSealed)).toMatch(/^v1\.t1\./);
    expect(JSON.stringify(rows)).not.toContain(account.password);
  });

  it('shows the link expired once the rail session ends, and answers 6001 until the traveller logs in again', async () => {
    const cookie = await c.signUp();
    const account = await railAccount();
    await link(cookie, account);
    expect((await get(cookie, '/api/rail/passengers')).statusCode).toBe(200);
    clock += 31 * 60_000;
    try {
      const shown = railAccountStatusSchema.parse((await get(cookie, '/api/rail/account')).json());
      expect(shown.account?.state).toBe('expired');
      const res = await get(cookie, '/api/rail/passengers');
      expect(res.statusCode).toBe(422);
      expect(errorOf(res).errorCode).toBe(6001);
      const again = await link(cookie, account);
      expect(again.account?.state).toBe('active');
      expect((await get(cookie, '/api/rail/passengers')).statusCode).toBe(200);
    } finally {
      clock = START.getTime();
    }
  });

  it('keeps a used session alive: each call extends it', async () => {
    const cookie = await c.signUp();
    await link(cookie, await railAccount());
    try {
      for (let i = 0; i < 3; i++) {
        clock += 20 * 60_000;
        expect((await get(cookie, '/api/rail/passengers')).statusCode).toBe(200);
      }
    } finally {
      clock = START.getTime();
    }
  });

  it('answers 6205 for calls without a linked account, and needs a signed-in user', async () => {
    const cookie = await c.signUp();
    expect(errorOf(await get(cookie, '/api/rail/passengers')).errorCode).toBe(6205);
    expect(errorOf(await post(cookie, '/api/rail/logout')).errorCode).toBe(6205);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/rail/account' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("never shows one user's rail account to another", async () => {
    const alice = await c.signUp();
    const bob = await c.signUp();
    await link(alice, await railAccount());
    expect(railAccountStatusSchema.parse((await get(bob, '/api/rail/account')).json()).account).toBeNull();
    expect(errorOf(await get(bob, '/api/rail/passengers')).errorCode).toBe(6205);
  });
});

describe("the linked account's passengers", () => {
  it("shows a student's qualification as the railway keeps it: school, interval and the check's state", async () => {
    const cookie = await c.signUp();
    await link(cookie, await railAccount([student('李明', '211', 'verified'), student('赵磊', '233', 'pending')]));
    const list = railPassengerListSchema.parse((await get(cookie, '/api/rail/passengers')).json()).items;
    expect(list.map((p) => [p.name, p.type, p.student?.check ?? null])).toEqual([
      ['张伟', 'ADULT', null],
      ['李明', 'STUDENT', 'verified'],
      ['赵磊', 'STUDENT', 'pending'],
    ]);
    expect(list[1]?.student).toEqual({
      school: '复旦大学',
      homeCity: 'BJS',
      schoolCity: 'SHA',
      enrolledYear: 2024,
      check: 'verified',
    });
  });

  const FOREIGN = {
    name: 'SMITH JOHN',
    englishName: 'SMITH JOHN',
    documentType: 'A',
    documentNumber: 'E12345678',
    documentExpiry: '2031-05-01',
    birthDate: '1990-04-01',
    gender: 'MALE',
    nationality: 'GB',
  };
  it('lists them with the rail status and imports them as saved travellers', async () => {
    const cookie = await c.signUp();
    await link(
      cookie,
      await railAccount([
        { name: '李娜', documentType: 'B', documentNumber: idNumber('19870618', '124'), phone: '+8613800138001' },
        { name: '王芳', documentType: 'B', documentNumber: idNumber('19900101', '000'), phone: '+8613800138002' },
        FOREIGN,
        {
          ...FOREIGN,
          name: 'DOE JANE',
          englishName: 'DOE JANE',
          documentNumber: 'E22345678',
          email: 'jane@example.com',
        },
      ]),
    );
    const list = railPassengerListSchema.parse((await get(cookie, '/api/rail/passengers')).json()).items;
    expect(list.map((p) => [p.name, p.status])).toEqual([
      ['张伟', 'VERIFIED'],
      ['李娜', 'VERIFIED'],
      ['王芳', 'NOT_EXISTED'],
      ['SMITH JOHN', 'NEED_MOBILE_OR_EMAIL'],
      ['DOE JANE', 'PRE_VERIFIED'],
    ]);
    expect(list[1]?.documentMasked).toMatch(/^1101\*+\d{3}[\dX]$/);
    expect(JSON.stringify(list)).not.toContain(idNumber('19870618', '124'));
    expect(list.every((p) => p.savedPassengerId === null)).toBe(true);

    const res = await post(cookie, '/api/rail/passengers/import', { ids: list.map((p) => p.id) });
    expect(res.statusCode, res.body).toBe(200);
    const answer = railImportAnswerSchema.parse(res.json());
    expect(answer.imported).toHaveLength(5);
    await t.app.jobs?.runDueJobs();
    const saved = passengerPageSchema.parse((await get(cookie, '/api/passengers')).json()).items;
    const statusOf = (name: string) =>
      saved.find((p) => p.chineseName === name || `${p.surname} ${p.givenNames}` === name)?.railStatus;
    expect(statusOf('张伟')).toBe('VERIFIED');
    expect(statusOf('王芳')).toBe('NOT_EXISTED');
    expect(statusOf('SMITH JOHN')).toBe('NEED_MOBILE_OR_EMAIL');
    expect(statusOf('DOE JANE')).toBe('PRE_VERIFIED');

    // Importing again finds them saved and adds nobody.
    const again = railImportAnswerSchema.parse(
      (await post(cookie, '/api/rail/passengers/import', { ids: list.map((p) => p.id) })).json(),
    );
    expect(again.imported.map((x) => x.passengerId).sort()).toEqual(answer.imported.map((x) => x.passengerId).sort());
    expect(passengerPageSchema.parse((await get(cookie, '/api/passengers')).json()).total).toBe(5);
    const relisted = railPassengerListSchema.parse((await get(cookie, '/api/rail/passengers')).json()).items;
    expect(relisted.every((p) => p.savedPassengerId !== null)).toBe(true);
  });

  it('skips an unknown passenger id with the not-found code', async () => {
    const cookie = await c.signUp();
    await link(cookie, await railAccount());
    const answer = railImportAnswerSchema.parse(
      (await post(cookie, '/api/rail/passengers/import', { ids: ['not-a-passenger'] })).json(),
    );
    expect(answer).toEqual({ imported: [], skipped: [{ railId: 'not-a-passenger', errorCode: 6110 }] });
  });
});

describe('unlinking', () => {
  it('unlinks and ends the rail session', async () => {
    const cookie = await c.signUp();
    const account = await railAccount();
    await link(cookie, account);
    const live = () =>
      sql<{ n: string }>`select count(*) as n from rail_sim_sessions s join rail_sim_accounts a on a.id = s.account_id
        where a.username = ${account.username} and s.ended_at is null`.execute(t.db);
    expect(Number((await live()).rows[0]?.n)).toBe(1);
    const res = await post(cookie, '/api/rail/logout');
    expect(res.statusCode, res.body).toBe(200);
    expect(railAccountStatusSchema.parse((await get(cookie, '/api/rail/account')).json()).account).toBeNull();
    expect(Number((await live()).rows[0]?.n)).toBe(0);
  });
});
