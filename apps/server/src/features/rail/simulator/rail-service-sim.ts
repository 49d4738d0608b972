import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  type DocumentType,
  documentFacts,
  isDocumentType,
  maskDocumentNumber,
  type RailCodeResult,
  railStatusOf,
  type StudentCheck,
  utcDateOf,
} from '@junction/domain';
import { maskMobile } from '@junction/domain/phone';
import argon2 from 'argon2';
import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../../db/database';
import type { Keyring } from '../../../lib/crypto';
import {
  type RailAccountPassenger,
  type RailAccountProvider,
  RailLoginRefused,
  type RailSession,
  RailSessionEnded,
} from '../provider';
import type { RailChangeRequest, RailIssuedTicket, RailIssueRequest } from '../ticketing';
import { SimSignInGuard } from './sign-in-guard';
import type { SimAccountInput, SimPassengerInput } from './sim-account-input';
import { SimTicketOffice } from './sim-tickets';

/** Where the simulated rail service texts its login codes (the product's SMS gateway in development). */
export type SimSms = { send(sms: { to: string; text: string }): Promise<void> };

export type RailServiceSimOptions = {
  /** Typical time one call takes; each call takes between half and one and a half of it. */
  latencyMs: number;
  /** Share of code requests the service fails to send (result 6). */
  codeFailureRate: number;
  /** A session ends after this long without a call (each call extends it). */
  sessionMinutes: number;
  random?: () => number;
};

/** A code lives five minutes and takes five tries; more than three codes in ten minutes are refused (6). */
const CODE_TTL_MS = 5 * 60_000;
const CODE_TRIES = 5;
const CODE_WINDOW_MS = 10 * 60_000;
const CODES_PER_WINDOW = 3;
/** Light hashing: the simulator's own accounts, not our users' passwords. */
const SIM_ARGON2 = { type: argon2.argon2id, memoryCost: 4096, timeCost: 2, parallelism: 1 } as const;
const SEAL_PURPOSE = 'rail-sim-document';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A believable national rail booking service (12306) for development and tests, kept in its own tables:
 * accounts with argon2 password hashes, their passenger lists with each passenger's verification status
 * by the railway's rules (`railStatusOf`), six-digit login codes texted to the account's phone, and
 * sessions that end after `sessionMinutes` without a call. Every call takes a realistic time.
 */
export class RailServiceSimulator implements RailAccountProvider {
  constructor(
    private readonly db: Db,
    private readonly keyring: Keyring,
    private readonly sms: SimSms,
    private readonly options: RailServiceSimOptions,
    private readonly now: () => Date,
    private readonly guard = new SimSignInGuard(db, now),
    private readonly office = new SimTicketOffice(db, now),
  ) {}

  private random(): number {
    return (this.options.random ?? Math.random)();
  }

  private async network(signal?: AbortSignal): Promise<void> {
    const base = this.options.latencyMs;
    if (base > 0) {
      const ms = Math.round(base * (0.5 + this.random()));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, ms);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
    }
    signal?.throwIfAborted();
  }

  /** Opens an account on the rail service, as its own registration would. Answers its username. */
  async createAccount(input: SimAccountInput): Promise<{ username: string }> {
    const today = utcDateOf(this.now());
    const holder = documentFacts('B', input.idNumber, today);
    if (!holder) throw new Error('the holder needs a valid ID card number');
    const passengers: SimPassengerInput[] = [
      {
        name: input.holderName,
        documentType: 'B',
        documentNumber: input.idNumber,
        birthDate: holder.birthDate,
        gender: holder.gender,
        nationality: 'CN',
        phone: input.phone,
        email: input.email ?? null,
        type: 'ADULT',
      },
      ...(input.passengers ?? []),
    ];
    const passwordHash = await argon2.hash(input.password, SIM_ARGON2);
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      // As 12306: a mobile number is bound to one account, so nobody registers accounts to a stranger's phone.
      await sql`select pg_advisory_xact_lock(hashtext(${`rail-sim-phone:${input.phone}`}))`.execute(trx);
      const bound = await trx
        .selectFrom('railSimAccounts')
        .select('id')
        .where('phone', '=', input.phone)
        .executeTakeFirst();
      if (bound) throw new Error('This mobile number is already bound to an account.');
      const account = await trx
        .insertInto('railSimAccounts')
        .values({
          username: input.username,
          passwordHash,
          holderName: input.holderName,
          idLastFour: input.idNumber.slice(-4).toUpperCase(),
          phone: input.phone,
          email: input.email ?? null,
          createdAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [position, p] of passengers.entries())
        await this.insertPassenger(trx, { accountId: account.id, position, at, today }, p);
    });
    return { username: input.username };
  }

  /** One passenger of a new account, with its verification status by the railway's rules. */
  private async insertPassenger(
    trx: Transaction<Database>,
    { accountId, position, at, today }: { accountId: string; position: number; at: Date; today: string },
    p: SimPassengerInput,
  ): Promise<void> {
    if (!isDocumentType(p.documentType)) throw new Error(`unknown document type ${p.documentType}`);
    const facts = documentFacts(p.documentType, p.documentNumber, today);
    const birthDate = p.birthDate ?? facts?.birthDate;
    if (!birthDate) throw new Error('a passenger needs a date of birth');
    const status = railStatusOf(
      {
        documentType: p.documentType,
        documentNumber: p.documentNumber,
        documentExpiry: p.documentExpiry ?? null,
        chineseName: /\p{Script=Han}/u.test(p.name) ? p.name : null,
        englishName: p.englishName ?? null,
        birthDate,
        phone: p.phone ?? null,
        email: p.email ?? null,
      },
      today,
    );
    if (p.student && p.type !== 'STUDENT') throw new Error('a student record needs a STUDENT passenger');
    const row = await trx
      .insertInto('railSimPassengers')
      .values({
        accountId,
        position,
        name: p.name,
        englishName: p.englishName ?? null,
        documentType: p.documentType,
        documentSealed: this.keyring.seal(p.documentNumber, SEAL_PURPOSE),
        documentMasked: maskDocumentNumber(p.documentNumber),
        documentExpiry: p.documentExpiry ?? null,
        birthDate,
        gender: p.gender ?? facts?.gender ?? null,
        nationality: p.nationality ?? null,
        phone: p.phone ?? null,
        email: p.email ?? null,
        passengerType: p.type ?? 'ADULT',
        status,
        createdAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (p.student) {
      const { check, ...record } = p.student;
      const checkedAt = check === 'pending' ? null : at;
      await trx
        .insertInto('railSimStudents')
        .values({ passengerId: row.id, ...record, checkStatus: check, checkedAt })
        .execute();
    }
  }

  async requestCode(
    p: { username: string; idLastFour: string },
    signal?: AbortSignal,
  ): Promise<{ result: RailCodeResult; phoneMasked: string | null }> {
    await this.network(signal);
    const account = await this.db
      .selectFrom('railSimAccounts')
      .select(['id', 'idLastFour', 'phone'])
      .where('username', '=', p.username)
      .executeTakeFirst();
    // 12306 answers an unknown username as it answers wrong digits, so usernames cannot be probed.
    if (!account || account.idLastFour !== p.idLastFour.toUpperCase()) return { result: 11, phoneMasked: null };
    const now = this.now();
    const recent = await this.db
      .selectFrom('railSimCodes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('accountId', '=', account.id)
      .where('createdAt', '>', new Date(now.getTime() - CODE_WINDOW_MS))
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= CODES_PER_WINDOW || this.random() < this.options.codeFailureRate) {
      return { result: 6, phoneMasked: null };
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db
      .insertInto('railSimCodes')
      .values({
        accountId: account.id,
        codeHash: sha256(`${account.id}:${code}`),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      })
      .execute();
    await this.sms.send({
      to: account.phone,
      text: `【铁路12306】验证码：${code}，用于登录授权，5分钟内有效。China Railway 12306 code ${code}, valid for 5 minutes.`,
    });
    return { result: 0, phoneMasked: maskMobile(account.phone) };
  }

  async login(
    p: { username: string; password: string; idLastFour: string; code: string },
    signal?: AbortSignal,
  ): Promise<RailSession> {
    await this.network(signal);
    const account = await this.db
      .selectFrom('railSimAccounts')
      .selectAll()
      .where('username', '=', p.username)
      .executeTakeFirst();
    if (!account || account.idLastFour !== p.idLastFour.toUpperCase()) throw new RailLoginRefused('credentials');
    if (!(await this.guard.check(account.id, () => argon2.verify(account.passwordHash, p.password))))
      throw new RailLoginRefused('credentials');
    const now = this.now();
    const code = await this.db
      .selectFrom('railSimCodes')
      .selectAll()
      .where('accountId', '=', account.id)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', now)
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!code || code.attempts >= CODE_TRIES) throw new RailLoginRefused('code');
    if (code.codeHash !== sha256(`${account.id}:${p.code}`)) {
      await this.db
        .updateTable('railSimCodes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', code.id)
        .execute();
      throw new RailLoginRefused('code');
    }
    const used = await this.db
      .updateTable('railSimCodes')
      .set({ usedAt: now })
      .where('id', '=', code.id)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new RailLoginRefused('code');
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + this.options.sessionMinutes * 60_000);
    await this.db
      .insertInto('railSimSessions')
      .values({ tokenHash: sha256(token), accountId: account.id, createdAt: now, expiresAt, endedAt: null })
      .execute();
    return {
      token,
      expiresAt,
      username: account.username,
      holderName: account.holderName,
      phoneMasked: maskMobile(account.phone),
    };
  }

  /** The account of a live session, extending it; throws `RailSessionEnded`. */
  private async session(token: string): Promise<{ accountId: string; expiresAt: Date }> {
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.options.sessionMinutes * 60_000);
    const row = await this.db
      .updateTable('railSimSessions')
      .set({ expiresAt })
      .where('tokenHash', '=', sha256(token))
      .where('endedAt', 'is', null)
      .where('expiresAt', '>', now)
      .returning('accountId')
      .executeTakeFirst();
    if (!row) throw new RailSessionEnded();
    return { accountId: row.accountId, expiresAt };
  }

  async touch(token: string, signal?: AbortSignal): Promise<{ expiresAt: Date }> {
    await this.network(signal);
    const { expiresAt } = await this.session(token);
    return { expiresAt };
  }

  async passengers(token: string, signal?: AbortSignal): Promise<RailAccountPassenger[]> {
    await this.network(signal);
    const { accountId } = await this.session(token);
    const rows = await this.db
      .selectFrom('railSimPassengers as p')
      .leftJoin('railSimStudents as s', 's.passengerId', 'p.id')
      .selectAll('p')
      .select(['s.school', 's.homeCity', 's.schoolCity', 's.enrolledYear', 's.checkStatus'])
      .where('p.accountId', '=', accountId)
      .orderBy('p.position')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      englishName: r.englishName,
      documentType: r.documentType as DocumentType,
      documentNumber: this.keyring.open(r.documentSealed, SEAL_PURPOSE),
      documentExpiry: r.documentExpiry,
      birthDate: r.birthDate,
      gender: (r.gender as 'MALE' | 'FEMALE' | null) ?? null,
      nationality: r.nationality,
      phone: r.phone,
      email: r.email,
      type: r.passengerType as RailAccountPassenger['type'],
      status: r.status as RailAccountPassenger['status'],
      student:
        r.school && r.homeCity && r.schoolCity && r.enrolledYear !== null && r.checkStatus
          ? {
              school: r.school,
              homeCity: r.homeCity,
              schoolCity: r.schoolCity,
              enrolledYear: r.enrolledYear,
              check: r.checkStatus as StudentCheck,
            }
          : null,
    }));
  }

  /**
   * The account holder signs in on the rail service's own website or app, which ends every session it
   * gave before (ours included), as the national service does; false for a wrong username or password.
   */
  async signInElsewhere(username: string, password: string): Promise<boolean> {
    const account = await this.db
      .selectFrom('railSimAccounts')
      .select(['id', 'passwordHash'])
      .where('username', '=', username)
      .executeTakeFirst();
    if (!account || !(await this.guard.check(account.id, () => argon2.verify(account.passwordHash, password))))
      return false;
    await this.db
      .updateTable('railSimSessions')
      .set({ endedAt: this.now() })
      .where('accountId', '=', account.id)
      .where('endedAt', 'is', null)
      .execute();
    return true;
  }

  async logout(token: string, signal?: AbortSignal): Promise<void> {
    await this.network(signal);
    await this.db
      .updateTable('railSimSessions')
      .set({ endedAt: this.now() })
      .where('tokenHash', '=', sha256(token))
      .where('endedAt', 'is', null)
      .execute();
  }

  async issueTickets(token: string, request: RailIssueRequest, signal?: AbortSignal): Promise<RailIssuedTicket[]> {
    await this.network(signal);
    return this.office.issue((await this.session(token)).accountId, request);
  }

  async changeTickets(token: string, request: RailChangeRequest, signal?: AbortSignal): Promise<RailIssuedTicket[]> {
    await this.network(signal);
    return this.office.change((await this.session(token)).accountId, request);
  }
}
