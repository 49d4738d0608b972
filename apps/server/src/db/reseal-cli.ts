import { loadConfig } from '../config';
import { PassengersRepository } from '../features/passengers/passengers.repository';
import { PassengersService } from '../features/passengers/passengers.service';
import { SimulatedRailIdentityVerifier } from '../features/passengers/rail-identity';
import { loadSecrets } from '../lib/secrets';
import { createDb } from './database';
import { openEmbeddedPostgres } from './embedded';

/**
 * After a key rotation (a new key added to DATA_KEYS and made active with DATA_KEY_ID), re-seals every
 * value sealed by an older key, so the older key can then leave the keyring: `npm run keys:reseal`.
 */
const config = loadConfig();
const secrets = await loadSecrets(config);
const embedded = config.DATABASE_URL
  ? undefined
  : await openEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
const db = createDb(config.DATABASE_URL ?? embedded?.url ?? '');
try {
  const passengers = new PassengersService(
    new PassengersRepository(db),
    secrets,
    new SimulatedRailIdentityVerifier(),
    { limit: config.PASSENGER_LIMIT, railCheckDelayMs: config.RAIL_IDENTITY_DELAY_MS },
    () => new Date(),
  );
  const count = await passengers.resealDocuments();
  console.log(`document numbers re-sealed under key ${secrets.keyring.activeKeyId}: ${count}`);
} finally {
  await db.destroy();
  await embedded?.stop();
}
