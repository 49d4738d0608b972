import { randomBytes } from 'node:crypto';
import { SmtpSink } from '../../src/features/account/messaging/mailer';
import { appOnDatabase, createTestDatabase, secretsOf, type TestApp } from '../harness';

/**
 * A fresh database that this test's app and server processes share, with one pair of keys and one mail
 * sink: `app` builds the app of this process on it, `processEnv` adds to a server process's settings the
 * database, the keys, silent logs and no web files; `mailbox` is the mail sink, for a process given it as
 * its `SMTP_URL`. `close` stops the mail sink and drops the database.
 */
export async function sharedDatabase() {
  const secretKey = randomBytes(32).toString('base64');
  const dataKey = randomBytes(32).toString('base64');
  const database = await createTestDatabase();
  const mailbox = new SmtpSink();
  await mailbox.start();
  return {
    url: database.url,
    mailbox,
    app: (settings: Record<string, string>, now?: () => Date): Promise<TestApp> =>
      appOnDatabase(database, mailbox, settings, { secrets: secretsOf(secretKey, dataKey), now }),
    processEnv: (settings: Record<string, string>) => ({
      ...settings,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      DATABASE_URL: database.url,
      MAX_EVENT_LOOP_DELAY_MS: '0',
      SECRET_KEY: secretKey,
      DATA_KEYS: `r1:${dataKey}`,
    }),
    close: async () => {
      await mailbox.stop();
      await database.drop();
    },
  };
}
