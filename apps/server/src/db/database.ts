import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { AccountTables } from './tables/account';
import type { AlertTables } from './tables/alerts';
import type { ChangeTables } from './tables/change';
import type { ChangeStepTables } from './tables/change-steps';
import type { FareCalendarTables } from './tables/fare-calendar';
import type { FulfilmentTables } from './tables/fulfilment';
import type { InvoicesTables } from './tables/invoices';
import type { NotificationsTables } from './tables/notifications';
import type { OrdersTables } from './tables/orders';
import type { PassengersTables } from './tables/passengers';
import type { PaymentTables } from './tables/payment';
import type { ProtectionTables } from './tables/protection';
import type { RailTables } from './tables/rail';
import type { StudentFareTables } from './tables/student-fares';
import type { WalletTables } from './tables/wallet';
import type { WalletTopupAppTables } from './tables/wallet-topup-apps';

export type * from './tables/account';
export type * from './tables/alerts';
export type * from './tables/change';
export type * from './tables/change-steps';
export type * from './tables/fare-calendar';
export type * from './tables/fulfilment';
export type * from './tables/invoices';
export type * from './tables/notifications';
export type * from './tables/orders';
export type * from './tables/passengers';
export type * from './tables/payment';
export type * from './tables/rail';
export type * from './tables/student-fares';
export type * from './tables/wallet';

/** Tables of the product; each feature adds its own through a migration and a file in tables/. */
export type Database = AccountTables &
  PassengersTables &
  OrdersTables &
  WalletTables &
  RailTables &
  NotificationsTables &
  FulfilmentTables &
  PaymentTables &
  InvoicesTables &
  ProtectionTables &
  ChangeTables &
  ChangeStepTables &
  StudentFareTables &
  WalletTopupAppTables &
  FareCalendarTables &
  AlertTables;

export type Db = Kysely<Database>;

export function createDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection dropped by the server (restart, failover, shutdown) is replaced on next use;
  // without a listener the pool's 'error' event would end the process.
  pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
}

// DATE columns stay calendar dates ('2026-01-31'), never shifted through a time zone.
pg.types.setTypeParser(1082, (value: string) => value);
