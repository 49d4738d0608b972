import { parseArgs } from 'node:util';
import argon2 from 'argon2';
import { loadConfig } from '../config';
import { ARGON2_OPTIONS } from '../features/account/account.service';
import { ChatRepository } from '../features/chat/chat.repository';
import { createDb } from './database';
import { openEmbeddedPostgres } from './embedded';

/**
 * Creates a customer-service agent (or gives an existing account the agent role and a new password):
 * `npm run agent:create -- --email lin@junction.example --name "Lin Fang"` with the password in
 * AGENT_PASSWORD (or `--password`). The agent signs in with that e-mail and password and works at /service.
 */
const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
});
const email = values.email?.trim().toLowerCase() ?? '';
const name = values.name?.trim() ?? '';
const password = values.password ?? process.env.AGENT_PASSWORD ?? '';
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || name.length === 0 || name.length > 40 || password.length < 8) {
  console.error(
    'usage: AGENT_PASSWORD=<at least 8 characters> npm run agent:create -- --email <e-mail> --name <name shown to travellers (≤ 40)>',
  );
  process.exit(2);
}

const config = loadConfig();
const embedded = config.DATABASE_URL
  ? undefined
  : await openEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
const db = createDb(config.DATABASE_URL ?? embedded?.url ?? '');
try {
  const created = await new ChatRepository(db).upsertAgentAccount({
    email,
    name,
    passwordHash: await argon2.hash(password, ARGON2_OPTIONS),
    now: new Date(),
  });
  console.log(`${created ? 'created agent' : 'agent role given to'} ${email} (${name})`);
} finally {
  await db.destroy();
  await embedded?.stop();
}
