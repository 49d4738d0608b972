import { randomBytes } from 'node:crypto';
import { loadRefdata, type Refdata } from '@junction/refdata';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { createDb, type Db } from '../src/db/database';
import { Mailer, SmtpSink } from '../src/features/account/messaging/mailer';
import { LogSmsProvider, type SmsProvider } from '../src/features/account/messaging/sms';
import type { Inventory } from '../src/features/search/inventory/inventory';
import type { Bound } from '../src/features/search/suppliers/supplier';
import { Keyring } from '../src/lib/crypto';
import type { Secrets } from '../src/lib/secrets';

import { TEMPLATE_DB } from './global-setup';

/** A fresh database cloned from the migrated template; dropped again by the returned cleanup. */
export async function createTestDatabase(): Promise<{ url: string; db: Db; drop: () => Promise<void> }> {
  const serverUrl = inject('databaseUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  const url = serverUrl.replace(/\/postgres$/, `/${name}`);
  const db = createDb(url, 4);
  return {
    url,
    db,
    drop: async () => {
      await db.destroy();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  // Tests share two cores with the planner's worker and each other: a slow moment is not overload.
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // A test that needs the job runner asks for it (RUN_JOBS: 'true') or runs due jobs itself.
    RUN_JOBS: 'false',
    // Tests book many orders from one account, all with one contact address: the tests of these caps
    // (security/hoarding.test.ts) set their own.
    ORDER_UNPAID_MAX: '1000',
    ORDER_HELD_SEATS_MAX: '10000',
    ORDER_TRAIN_SEATS_MAX: '10000',
    ORDER_CONTACT_UNPAID_MAX: '100000',
    CONTACT_MAIL_PER_DAY: '100000',
    // The simulated airline re-times a flight at its ticketing only when a test asks: by default one flight
    // in ten, which one depending on its number and day, so a test booking on today's dates would meet a
    // re-timed flight on some days only.
    TICKETING_SIM_SCHEDULE_CHANGE_RATE: '0',
    ...overrides,
  });
}

/** Fresh key material for one test app, as a deployment would configure it. */
export function testSecrets(): Secrets {
  return { hmacKey: randomBytes(32), keyring: new Keyring(new Map([['t1', randomBytes(32)]]), 't1') };
}

let refdata: Refdata | undefined;
/** The reference data, loaded once per test file. */
export const testRefdata = (): Refdata => {
  refdata ??= loadRefdata();
  return refdata;
};

/** A journey between the cities of two codes on a date, as a supplier is asked for it, with `more` (doors, say). */
export function testBound(inv: Inventory, from: string, to: string, date: string, more: Partial<Bound> = {}): Bound {
  const city = (code: string) => {
    const place = inv.refdata.places.findByCode(code)[0];
    if (!place) throw new Error(`no place with the code ${code}`);
    return inv.cityOf(place);
  };
  return { date, from: city(from), to: city(to), fromOnly: false, toOnly: false, ...more };
}

/**
 * Settings for tests that search and book: simulated suppliers answer at once and never fail, plans are
 * made in process, the rail identity check answers at once, and the per-IP limit stays out of the way.
 */
export const QUIET_SETTINGS = {
  SEARCH_LATENCY_SCALE: '0',
  SEARCH_SUPPLIER_FAILURES: 'false',
  /** Suppliers that answer at once are never cut off by a slow machine's planner. */
  SEARCH_SUPPLIER_TIMEOUT_MS: '60000',
  SEARCH_PLANNER_WORKER: 'false',
  RATE_LIMIT_MAX: '1000000',
  RAIL_IDENTITY_DELAY_MS: '0',
  RAIL_IDENTITY_LATENCY_MS: '0',
  TICKETING_SIM_DELAY_RATE: '0',
  TICKETING_SIM_TRAIN_DELAY_RATE: '0',
  TICKETING_SIM_CANCEL_RATE: '0',
} as const;

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  /** The database's address, for a server process of its own beside the app. */
  databaseUrl?: string;
  /** Every message the app sent, received over real SMTP. */
  mailbox: SmtpSink;
  sms: LogSmsProvider;
  close: () => Promise<void>;
};

/** The real app on a database of its own, driven with `app.inject`. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  now?: () => Date,
  deps: Pick<
    AppDeps,
    | 'suppliers'
    | 'random'
    | 'railIdentity'
    | 'logStream'
    | 'ticketIssuers'
    | 'load'
    | 'gateway'
    | 'railAccounts'
    | 'channels'
  > & {
    secrets?: Secrets;
    /** A real SMS gateway's adapter (pointed at a fake); the logging stand-in by default. */
    gatewaySms?: SmsProvider;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const mailbox = new SmtpSink();
  await mailbox.start();
  const mailer = new Mailer(mailbox.url, 'Junction <no-reply@junction.example>');
  const sms = new LogSmsProvider(() => {});
  // A configuration the server refuses leaves no database or mail sink behind.
  const build = async () =>
    buildApp(testConfig(overrides), {
      db: database.db,
      refdata: testRefdata(),
      mailer,
      sms: deps.gatewaySms ?? sms,
      simulatorSms: sms,
      secrets: deps.secrets ?? testSecrets(),
      databaseUrl: database.url,
      now,
      suppliers: deps.suppliers,
      random: deps.random,
      railIdentity: deps.railIdentity,
      ticketIssuers: deps.ticketIssuers,
      logStream: deps.logStream,
      load: deps.load,
      gateway: deps.gateway,
      channels: deps.channels,
      railAccounts: deps.railAccounts,
    });
  const app = await build().catch(async (e: unknown) => {
    mailer.close();
    await mailbox.stop();
    await database.drop();
    throw e;
  });
  await app.ready();
  const closeApp = closing(app, mailer);
  return {
    app,
    db: database.db,
    databaseUrl: database.url,
    mailbox,
    sms,
    close: async () => {
      await closeApp();
      await mailbox.stop();
      await database.drop();
    },
  };
}

/** Closes an app, then its mailer. */
const closing = (app: FastifyInstance, mailer: Mailer) => async () => {
  await app.close();
  mailer.close();
};

/** Secrets from base64 keys, as a server process started with SECRET_KEY and a data key would hold them. */
export function secretsOf(secretKey: string, dataKey: string): Secrets {
  return {
    hmacKey: Buffer.from(secretKey, 'base64'),
    keyring: new Keyring(new Map([['r1', Buffer.from(dataKey, 'base64')]]), 'r1'),
  };
}

/**
 * The real app in this process on a database other processes share; its mail goes to `mailbox`. Closing
 * it closes the app and its mailer, never the shared database or mailbox.
 */
export async function appOnDatabase(
  database: { url: string; db: Db },
  mailbox: SmtpSink,
  overrides: Record<string, string>,
  deps: { secrets?: Secrets; now?: () => Date } = {},
): Promise<TestApp> {
  const mailer = new Mailer(mailbox.url, 'Junction <no-reply@junction.example>');
  const sms = new LogSmsProvider(() => {});
  const app = await buildApp(testConfig(overrides), {
    db: database.db,
    refdata: testRefdata(),
    mailer,
    sms,
    secrets: deps.secrets ?? testSecrets(),
    databaseUrl: database.url,
    now: deps.now,
  });
  await app.ready();
  return { app, db: database.db, mailbox, sms, close: closing(app, mailer) };
}
