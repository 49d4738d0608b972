import {
  CamelCasePlugin,
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type { Database } from '../../src/db/database';

/**
 * A database that answers no rows and keeps every statement sent to it, compiled as PostgreSQL would
 * receive it: for tests that read which compare-and-set a step writes, or that nothing is written.
 */
export function recordingDb(): { db: Kysely<Database>; sent: CompiledQuery[] } {
  const sent: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      if (event.level === 'query') sent.push(event.query);
    },
  });
  return { db, sent };
}
