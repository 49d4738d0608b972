import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

/** Tables of the product; each feature adds its own through a migration. */
// biome-ignore lint/complexity/noBannedTypes: the schema grows with each feature's migration
export type Database = {};

export type Db = Kysely<Database>;

export function createDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
}
