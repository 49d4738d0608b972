import { randomBytes } from 'node:crypto';
import { apiErrorSchema, type PassengerInput, passengerPageSchema, passengerSchema } from '@junction/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerMobile } from '../../../test/support/accounts';
import { Keyring } from '../../lib/crypto';
import type { Secrets } from '../../lib/secrets';
import { PassengersRepository } from './passengers.repository';
import { PassengersService } from './passengers.service';
import { SimulatedRailIdentityVerifier } from './rail-identity';

const LIMIT = 4;
const secrets: Secrets = {
  hmacKey: randomBytes(32),
  keyring: new Keyring(new Map([['k1', randomBytes(32)]]), 'k1'),
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {
      PASSENGER_LIMIT: String(LIMIT),
      RAIL_IDENTITY_DELAY_MS: '0',
      RAIL_IDENTITY_LATENCY_MS: '0',
      RAIL_IDENTITY_FAILURE_RATE: '0',
    },
    undefined,
    { secrets },
  );
});
afterAll(() => t.close());

let counter = 0;
/** A new account, signed in through the real registration by SMS code. */
const signUp = () => registerMobile(t, `1390013${String(1000 + counter++).padStart(4, '0')}`, `10.9.0.${counter}`);

const save = (cookie: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/passenger', payload: body as object, headers: { cookie } });
const remove = (cookie: string, id: string) =>
  t.app.inject({ method: 'POST', url: '/api/passenger/remove', payload: { id }, headers: { cookie } });
const list = (cookie: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/passengers${query}`, headers: { cookie } });
const errorOf = (res: { json: () => unknown }) => apiErrorSchema.parse(res.json());

const ID_CARD = '11010519491231002X';
const PASSPORT = 'E12345678';
const zhang: PassengerInput = {
  chineseName: '张伟',
  surname: 'Zhang',
  givenNames: 'Wei',
  nationality: 'CN',
  phoneCountry: 'CN',
  phone: '13800138000',
  email: 'zhang.wei@example.com',
  documents: [
    { type: 'B', number: ID_CARD },
    { type: 'A', number: PASSPORT, expiryDate: '2031-05-01', issuingCountry: 'CN' },
  ],
};

/** An ID card number of a valid checksum for a date of birth and sequence. */
function idNumber(birth: string, seq: string): string {
  const first17 = `110101${birth}${seq}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
  return first17 + '10X98765432'[sum % 11];
}

describe('saving a traveller', () => {
  it('stores an ID card and a passport and answers with the numbers masked', async () => {
    const cookie = await signUp();
    const res = await save(cookie, zhang);
    expect(res.statusCode).toBe(200);
    const p = passengerSchema.parse(res.json());
    expect(p).toMatchObject({
      chineseName: '张伟',
      surname: 'ZHANG',
      givenNames: 'WEI',
      birthDate: '1949-12-31',
      gender: 'FEMALE',
      phoneCountry: 'CN',
      phone: '13800138000',
      railStatus: null,
    });
    expect(p.documents.map((d) => [d.type, d.numberMasked])).toEqual([
      ['A', 'E1****678'],
      ['B', '1101**********002X'],
    ]);
    expect(res.body).not.toContain(ID_CARD);
    expect(res.body).not.toContain(PASSPORT);

    const page = passengerPageSchema.parse((await list(cookie)).json());
    expect(page).toMatchObject({ total: 1, saved: 1, limit: LIMIT, page: 1 });
    expect(page.items[0]?.documents.map((d) => d.numberMasked)).toEqual(['E1****678', '1101**********002X']);
  });

  it('keeps no document number in clear anywhere in the database', async () => {
    const cookie = await signUp();
    const hk = '12345678';
    await save(cookie, {
      ...zhang,
      documents: [{ type: 'K', number: hk, expiryDate: '2030-01-01' }],
      birthDate: '1990-01-01',
      gender: 'MALE',
    });
    await save(cookie, {
      ...zhang,
      chineseName: '李娜',
      documents: [{ type: 'B', number: idNumber('19900101', '002') }],
    });
    await t.app.jobs?.runDueJobs();
    const tables = await sql<{ schema: string; name: string }>`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_schema in ('public', 'graphile_worker') and table_type = 'BASE TABLE'`.execute(t.db);
    expect(tables.rows.map((r) => r.name)).toContain('passenger_documents');
    let dump = '';
    for (const { schema, name } of tables.rows) {
      const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(`${schema}.${name}`)} t`.execute(
        t.db,
      );
      dump += rows.rows.map((r) => r.row).join('\n');
    }
    expect(dump).toContain('1101**********002X');
    for (const number of [ID_CARD, PASSPORT, idNumber('19900101', '002'), hk]) {
      expect(dump).not.toContain(number);
    }
  });

  it('updates a traveller, keeping a saved number sent without one', async () => {
    const cookie = await signUp();
    const created = passengerSchema.parse((await save(cookie, zhang)).json());
    const idCard = created.documents.find((d) => d.type === 'B');
    const res = await save(cookie, {
      ...zhang,
      id: created.id,
      chineseName: '张薇',
      documents: [{ id: idCard?.id, type: 'B' }],
    });
    expect(res.statusCode).toBe(200);
    const updated = passengerSchema.parse(res.json());
    expect(updated).toMatchObject({ id: created.id, chineseName: '张薇' });
    expect(updated.documents).toEqual([idCard]);
    const page = passengerPageSchema.parse((await list(cookie)).json());
    expect(page.total).toBe(1);
  });

  it('answers each rule of spec §5 and §8 with its code, on its field', async () => {
    const cookie = await signUp();
    const cases: [Partial<PassengerInput> & Record<string, unknown>, number, string][] = [
      [{ phone: '12345' }, 6002, 'phone'],
      [{ railContact: 'mobile', phoneCountry: 'US', phone: '2015550123' }, 6003, 'phone'],
      [{ railContact: 'mobileOrEmail', phone: null, email: null }, 6004, 'phone'],
      [{ documents: [{ type: 'Q', number: PASSPORT }] }, 6005, 'documents.0.type'],
      [{ chineseName: '张' }, 6101, 'chineseName'],
      [{ surname: 'Zh4ng' }, 6102, 'surname'],
      [{ documents: [{ type: 'B', number: '110105194912310021' }] }, 6103, 'documents.0.number'],
      [{ documents: [{ type: 'H', number: 'X1234567', expiryDate: '2030-01-01' }] }, 6104, 'documents.0.number'],
      [
        { documents: [{ type: 'A', number: 'X1234567', expiryDate: '2030-01-01', issuingCountry: 'CN' }] },
        6105,
        'documents.0.number',
      ],
      [
        { documents: [{ type: 'A', number: PASSPORT, expiryDate: '2020-01-01', issuingCountry: 'CN' }] },
        6106,
        'documents.0.expiryDate',
      ],
      [
        {
          documents: [
            { type: 'B', number: ID_CARD },
            { type: 'B', number: ID_CARD },
          ],
        },
        6107,
        'documents.1.type',
      ],
      [{ documents: [] }, 6108, 'documents'],
      [{ email: 'zhang@' }, 6111, 'email'],
      [{ chineseName: null, surname: null, givenNames: null }, 6113, 'chineseName'],
      [{ nationality: null }, 6114, 'nationality'],
    ];
    for (const [change, code, field] of cases) {
      const res = await save(cookie, { ...zhang, ...change });
      expect([res.statusCode, errorOf(res).errorCode, errorOf(res).params?.field]).toEqual([400, code, field]);
    }
    expect(passengerPageSchema.parse((await list(cookie)).json()).saved).toBe(0);
  });

  it('refuses a document already saved for another of the same user’s travellers', async () => {
    const cookie = await signUp();
    expect((await save(cookie, zhang)).statusCode).toBe(200);
    const res = await save(cookie, {
      ...zhang,
      chineseName: '王芳',
      documents: [{ type: 'B', number: ID_CARD.toLowerCase() }],
    });
    expect([res.statusCode, errorOf(res).errorCode]).toEqual([422, 6112]);
    // Another account may save the same person.
    expect((await save(await signUp(), zhang)).statusCode).toBe(200);
  });

  it('keeps at most the configured number of travellers, and says to delete one first', async () => {
    const cookie = await signUp();
    for (let i = 0; i < LIMIT; i++) {
      const res = await save(cookie, {
        ...zhang,
        documents: [{ type: 'B', number: idNumber('19800101', String(100 + i)) }],
      });
      expect(res.statusCode).toBe(200);
    }
    const over = await save(cookie, { ...zhang, documents: [{ type: 'B', number: idNumber('19800101', '200') }] });
    expect([over.statusCode, errorOf(over).errorCode, errorOf(over).params?.limit]).toEqual([422, 6109, LIMIT]);
    const first = passengerPageSchema.parse((await list(cookie)).json()).items[0];
    expect((await remove(cookie, first?.id ?? '')).statusCode).toBe(200);
    const again = await save(cookie, { ...zhang, documents: [{ type: 'B', number: idNumber('19800101', '200') }] });
    expect(again.statusCode).toBe(200);
  });

  it('never answers 500 to an arbitrary body', async () => {
    const cookie = await signUp();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record({ ...Object.fromEntries(Object.keys(zhang).map((k) => [k, fc.anything()])) }, { requiredKeys: [] }),
        ),
        async (body) => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/passenger',
            payload: JSON.stringify(body) ?? 'null',
            headers: { cookie, 'content-type': 'application/json' },
          });
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('listing', () => {
  it('finds travellers by Chinese or English name, a page at a time', async () => {
    const cookie = await signUp();
    await save(cookie, zhang);
    await save(cookie, {
      ...zhang,
      chineseName: '李娜',
      surname: 'Li',
      givenNames: 'Na',
      documents: [{ type: 'B', number: idNumber('19900101', '002') }],
    });
    const byChinese = passengerPageSchema.parse((await list(cookie, '?keyword=李')).json());
    expect(byChinese.items.map((p) => p.chineseName)).toEqual(['李娜']);
    const byEnglish = passengerPageSchema.parse((await list(cookie, '?keyword=zhang%20wei')).json());
    expect(byEnglish.items.map((p) => p.chineseName)).toEqual(['张伟']);
    const pattern = passengerPageSchema.parse((await list(cookie, '?keyword=%25')).json());
    expect(pattern.total).toBe(0);
    const paged = passengerPageSchema.parse((await list(cookie, '?pageSize=1&page=2')).json());
    expect([paged.total, paged.items.length, paged.items[0]?.chineseName]).toEqual([2, 1, '张伟']);
  });
});

describe('another user', () => {
  it('cannot see, change or delete a traveller, nor borrow its documents: each answers as not found', async () => {
    const owner = await signUp();
    const other = await signUp();
    const mine = passengerSchema.parse((await save(owner, zhang)).json());
    const documentId = mine.documents[0]?.id;

    expect(passengerPageSchema.parse((await list(other)).json())).toMatchObject({ total: 0, items: [] });
    const update = await save(other, { ...zhang, id: mine.id });
    expect([update.statusCode, errorOf(update).errorCode]).toEqual([404, 6110]);
    const borrow = await save(other, { ...zhang, documents: [{ id: documentId, type: 'A' }] });
    expect([borrow.statusCode, errorOf(borrow).errorCode]).toEqual([404, 6110]);
    const del = await remove(other, mine.id);
    expect([del.statusCode, errorOf(del).errorCode]).toEqual([404, 6110]);
    const unknown = await remove(other, '00000000-0000-4000-8000-000000000000');
    expect(errorOf(unknown)).toEqual(errorOf(del));

    const after = passengerPageSchema.parse((await list(owner)).json());
    expect(after.items).toEqual([mine]);
  });

  it('needs a signed-in user for every call', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/passengers' }),
      await t.app.inject({ method: 'POST', url: '/api/passenger', payload: zhang }),
      await t.app.inject({ method: 'POST', url: '/api/passenger/remove', payload: { id: randomUuid() } }),
    ]) {
      expect([res.statusCode, errorOf(res).errorCode]).toEqual([401, 1401]);
    }
  });
});

const randomUuid = () => crypto.randomUUID();

describe('China Railway identity check', () => {
  const statusAfterCheck = async (cookie: string, input: PassengerInput) => {
    const saved = passengerSchema.parse((await save(cookie, input)).json());
    expect(saved.railStatus).toBeNull();
    await t.app.jobs?.runDueJobs();
    const page = passengerPageSchema.parse((await list(cookie)).json());
    return page.items.find((p) => p.id === saved.id)?.railStatus;
  };

  it('runs as a job after each save and keeps the railway’s answer', async () => {
    const cookie = await signUp();
    expect(await statusAfterCheck(cookie, zhang)).toBe('VERIFIED');
    const noMobile = {
      ...zhang,
      chineseName: '赵磊',
      phone: null,
      documents: [{ type: 'B', number: idNumber('19850505', '011') }],
    };
    expect(await statusAfterCheck(cookie, noMobile)).toBe('NEED_MOBILE');
    const unknown = { ...zhang, chineseName: '钱明', documents: [{ type: 'B', number: idNumber('19850505', '000') }] };
    expect(await statusAfterCheck(cookie, unknown)).toBe('NOT_EXISTED');
  });

  it('pre-verifies a foreign passport with an e-mail, and asks for a mobile or e-mail without either', async () => {
    const cookie = await signUp();
    const foreign = {
      surname: 'Smith',
      givenNames: 'John',
      nationality: 'US',
      birthDate: '1980-02-02',
      gender: 'MALE' as const,
      email: 'john@example.com',
      documents: [{ type: 'A', number: '123456789', expiryDate: '2032-01-01', issuingCountry: 'US' }],
    };
    expect(await statusAfterCheck(cookie, foreign)).toBe('PRE_VERIFIED');
    const bare = {
      ...foreign,
      givenNames: 'Jane',
      email: null,
      documents: [{ type: 'A', number: '987654321', expiryDate: '2032-01-01', issuingCountry: 'US' }],
    };
    expect(await statusAfterCheck(cookie, bare)).toBe('NEED_MOBILE_OR_EMAIL');
  });

  it('writes no answer to an older request once the traveller has changed', async () => {
    const cookie = await signUp();
    const first = passengerSchema.parse((await save(cookie, { ...zhang, phone: null })).json());
    const repo = new PassengersRepository(t.db);
    const before = await repo.findForCheck(first.id);
    await save(cookie, {
      ...zhang,
      id: first.id,
      documents: [{ id: first.documents.find((d) => d.type === 'B')?.id, type: 'B' }],
    });
    const service = new PassengersService(
      repo,
      secrets,
      new SimulatedRailIdentityVerifier(),
      { limit: 5, railCheckDelayMs: 0 },
      () => new Date(),
    );
    await service.checkRailIdentity(first.id, before?.passenger.railRequest ?? 0);
    expect((await repo.findForCheck(first.id))?.passenger.railStatus).toBeNull();
    await t.app.jobs?.runDueJobs();
    expect((await repo.findForCheck(first.id))?.passenger.railStatus).toBe('VERIFIED');
  });
});

describe('key rotation', () => {
  it('re-seals every number under the new key, and the old key can then go', async () => {
    const cookie = await signUp();
    const saved = passengerSchema.parse(
      (
        await save(cookie, {
          ...zhang,
          chineseName: '周杰',
          documents: [{ type: 'B', number: idNumber('19770707', '123') }],
        })
      ).json(),
    );
    const repo = new PassengersRepository(t.db);
    const k1 = secrets.keyring;
    const k2 = randomBytes(32);
    const rotated: Secrets = {
      hmacKey: secrets.hmacKey,
      // The keyring holds both keys while the re-seal runs.
      keyring: new Keyring(new Map([...k1.keyIds.map((id) => [id, keyOf(k1, id)] as const), ['k2', k2]]), 'k2'),
    };
    const service = new PassengersService(
      repo,
      rotated,
      new SimulatedRailIdentityVerifier(),
      { limit: 5, railCheckDelayMs: 0 },
      () => new Date(),
    );
    const count = await service.resealDocuments(2);
    expect(count).toBeGreaterThan(0);
    expect(await service.resealDocuments()).toBe(0);

    const onlyNew = new Keyring(new Map([['k2', k2]]), 'k2');
    const rows = await t.db.selectFrom('passengerDocuments').select(['numberSealed', 'passengerId']).execute();
    for (const row of rows) expect(Keyring.keyIdOf(row.numberSealed)).toBe('k2');
    const mine = rows.find((r) => r.passengerId === saved.id);
    expect(onlyNew.open(mine?.numberSealed ?? '', 'passenger-document')).toBe(idNumber('19770707', '123'));
    // Duplicates are still found: the blind index does not depend on the data key.
    const again = await save(cookie, {
      ...zhang,
      chineseName: '周杰',
      documents: [{ type: 'B', number: idNumber('19770707', '123') }],
    });
    expect(errorOf(again).errorCode).toBe(6112);
  });
});

/** The raw key of a keyring entry, to build the rotated keyring as a deployment would configure it. */
function keyOf(keyring: Keyring, id: string): Buffer {
  return (keyring as unknown as { keys: Map<string, Buffer> }).keys.get(id) as Buffer;
}
