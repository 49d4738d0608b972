import { loadConfig } from '../config';
import { migrateJobs } from '../jobs/job-runner';
import { createDb } from './database';
import { openEmbeddedPostgres } from './embedded';
import { migrateToLatest } from './migrate';

const config = loadConfig();
const embedded = config.DATABASE_URL
  ? undefined
  : await openEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
const url = config.DATABASE_URL ?? embedded?.url ?? '';
const db = createDb(url);
const result = await migrateToLatest(db);
for (const r of result.results ?? []) console.log(`${r.status}: ${r.migrationName}`);
console.log(`migrations applied: ${result.results?.length ?? 0}`);
await migrateJobs(url);
console.log('job tables up to date');
await db.destroy();
await embedded?.stop();
