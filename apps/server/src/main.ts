import { loadRefdata } from '@junction/refdata';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDb } from './db/database';
import { startEmbeddedPostgres } from './db/embedded';
import { migrateToLatest } from './db/migrate';

const config = loadConfig();

const embedded = config.DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
const databaseUrl = config.DATABASE_URL ?? embedded?.url ?? '';
const db = createDb(databaseUrl);
await migrateToLatest(db);

const app = await buildApp(config, { db, refdata: loadRefdata() });

let isClosing = false;
async function shutdown(signal: string): Promise<void> {
  if (isClosing) return;
  isClosing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await db.destroy();
  await embedded?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(
  `Junction is running at http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}` +
    (embedded ? ' (embedded PostgreSQL)' : ''),
);
