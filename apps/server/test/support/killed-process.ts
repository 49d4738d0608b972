import { randomBytes } from 'node:crypto';
import { Keyring } from '../../src/lib/crypto';
import type { TestApp } from '../harness';

/**
 * One secret key and one data key for a test app (`secrets`) and for the compiled server processes a crash
 * test kills beside it on the app's database (`processEnv`): the processes run no jobs and no planner thread,
 * are never "busy", and read no web files, so a kill lands where the test says and nowhere else.
 */
export function killedProcessKeys() {
  const secretKey = randomBytes(32).toString('base64');
  const dataKey = randomBytes(32);
  return {
    secrets: { hmacKey: Buffer.from(secretKey, 'base64'), keyring: new Keyring(new Map([['p1', dataKey]]), 'p1') },
    processEnv: (t: TestApp, settings: Record<string, string>): Record<string, string> => ({
      DATABASE_URL: t.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      RUN_JOBS: 'false',
      WEB_DIST: '/nonexistent',
      SECRET_KEY: secretKey,
      DATA_KEYS: `p1:${dataKey.toString('base64')}`,
      SEARCH_PLANNER_WORKER: 'false',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...settings,
    }),
  };
}

/** The events of an order's payments, oldest first: what was created and captured, refunded or failed. */
export const paymentEventsOf = (t: TestApp, orderId: string) =>
  t.db.selectFrom('paymentEvents').select(['kind', 'toState']).where('orderId', '=', orderId).orderBy('id').execute();

/** A payment created and captured once, nothing else. */
export const CAPTURED_ONCE = [
  { kind: 'created', toState: 'created' },
  { kind: 'captured', toState: 'succeeded' },
];
