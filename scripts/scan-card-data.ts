// After the browser tests: no test card number or security code may be in the server's log or in any
// table of the database the tests used. `node --import tsx scripts/scan-card-data.ts <server log> <data dir>`
// (the data dir holds the embedded cluster in `pg`); prints what it scanned and exits 1 on a find.
import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { createDb } from '../apps/server/src/db/database';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { TEST_CARDS } from '../apps/server/src/features/payment/gateway/simulator/test-cards';
import { freePort } from '../apps/server/test/support/free-port';

/** A card number as it may be written: all digits, or grouped as it is typed (American Express 4-6-5). */
export function cardNumberForms(number: string): string[] {
  const grouped =
    number.length === 15
      ? [number.slice(0, 4), number.slice(4, 10), number.slice(10)]
      : (number.match(/.{1,4}/g) ?? []);
  return [number, grouped.join(' '), grouped.join('-')];
}

/** A security code under any of its usual names, as a JSON or form field. */
export const SECURITY_CODE_FIELD = /["']?(cvc|cvv|cvv2|cvn|csc|securityCode|security_code)["']?\s*[:=]\s*["']?\d{3,4}/i;

/** What in `text` gives away a test card: a number in any form, or a security code field with its value. */
export function cardDataIn(text: string): string[] {
  const found: string[] = [];
  for (const number of Object.values(TEST_CARDS))
    for (const form of cardNumberForms(number)) if (text.includes(form)) found.push(`card number ${form}`);
  const code = SECURITY_CODE_FIELD.exec(text);
  if (code) found.push(`security code field "${code[0]}"`);
  return found;
}

async function scanDatabase(dataDir: string): Promise<{ tables: number; rows: number; found: string[] }> {
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  const db = createDb(embedded.url);
  const found: string[] = [];
  let rows = 0;
  try {
    const tables = await sql<{ schemaname: string; tablename: string }>`
      select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`.execute(
      db,
    );
    for (const { schemaname, tablename } of tables.rows) {
      const result = await sql<{ row: string }>`
        select row_to_json(t)::text as row from ${sql.table(`${schemaname}.${tablename}`)} t`.execute(db);
      rows += result.rows.length;
      for (const { row } of result.rows)
        for (const what of cardDataIn(row)) found.push(`${schemaname}.${tablename}: ${what}`);
    }
    return { tables: tables.rows.length, rows, found };
  } finally {
    await db.destroy();
    await embedded.stop();
  }
}

async function main(): Promise<number> {
  const [logFile, dataDir] = process.argv.slice(2);
  if (!logFile || !dataDir) {
    console.error('usage: scan-card-data.ts <server log> <data dir>');
    return 2;
  }
  let failed = false;
  if (existsSync(logFile)) {
    const log = readFileSync(logFile, 'utf8');
    const lines = log.split('\n').filter(Boolean);
    const found = lines.flatMap((line, i) => cardDataIn(line).map((what) => `line ${i + 1}: ${what}`));
    console.log(`card data scan: server log, ${lines.length} lines, ${found.length} finds`);
    for (const f of found.slice(0, 20)) console.error(`  ${f}`);
    if (found.length > 0) failed = true;
    if (lines.length === 0) {
      console.error('card data scan: the server log is empty');
      failed = true;
    }
  } else {
    console.error(`card data scan: no server log at ${logFile}`);
    failed = true;
  }
  if (existsSync(`${dataDir}/pg/PG_VERSION`)) {
    const db = await scanDatabase(dataDir);
    console.log(`card data scan: database, ${db.tables} tables, ${db.rows} rows, ${db.found.length} finds`);
    for (const f of db.found.slice(0, 20)) console.error(`  ${f}`);
    if (db.found.length > 0) failed = true;
  }
  return failed ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await main());
