import { loadConfig } from '../config';
import { createDb } from './database';
import { startEmbeddedPostgres } from './embedded';
import { migrateToLatest } from './migrate';

const config = loadConfig();
const embedded = config.DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
const db = createDb(config.DATABASE_URL ?? embedded?.url ?? '');
const result = await migrateToLatest(db);
for (const r of result.results ?? []) console.log(`${r.status}: ${r.migrationName}`);
console.log(`migrations applied: ${result.results?.length ?? 0}`);
await db.destroy();
await embedded?.stop();
