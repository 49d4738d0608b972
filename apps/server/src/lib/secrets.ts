import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { DATA_KEY_BYTES, Keyring } from './crypto';

/** The server's key material: one HMAC secret and the keyring that seals personal data at rest. */
export type Secrets = { hmacKey: Buffer; keyring: Keyring };

export type SecretsConfig = {
  NODE_ENV: 'development' | 'production' | 'test';
  DATA_DIR: string;
  SECRET_KEY?: string | undefined;
  DATA_KEYS?: string | undefined;
  DATA_KEY_ID?: string | undefined;
};

const MIN_SECRET_BYTES = 32;
const SECRETS_FILE = 'secrets.json';

const storedSchema = z.object({
  secretKey: z.string(),
  dataKeys: z.record(z.string(), z.string()),
  activeKeyId: z.string(),
});

/** `DATA_KEYS` reads `id:base64key,id:base64key`. */
export function parseDataKeys(text: string): Map<string, Buffer> {
  const keys = new Map<string, Buffer>();
  for (const entry of text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(':');
    if (colon <= 0) throw new Error('DATA_KEYS entries read id:base64key');
    keys.set(entry.slice(0, colon), Buffer.from(entry.slice(colon + 1), 'base64'));
  }
  if (keys.size === 0) throw new Error('DATA_KEYS names no key');
  return keys;
}

function fromValues(secretKey: string, dataKeys: Map<string, Buffer>, activeKeyId: string | undefined): Secrets {
  const hmacKey = Buffer.from(secretKey, 'base64');
  if (hmacKey.length < MIN_SECRET_BYTES)
    throw new Error(`SECRET_KEY must hold at least ${MIN_SECRET_BYTES} bytes (base64)`);
  const active = activeKeyId ?? [...dataKeys.keys()][0] ?? '';
  return { hmacKey, keyring: new Keyring(dataKeys, active) };
}

/** Fresh key material, as a deployment would generate it once. */
export function generateSecrets(keyId = 'k1'): {
  secretKey: string;
  dataKeys: Record<string, string>;
  activeKeyId: string;
} {
  return {
    secretKey: randomBytes(MIN_SECRET_BYTES).toString('base64'),
    dataKeys: { [keyId]: randomBytes(DATA_KEY_BYTES).toString('base64') },
    activeKeyId: keyId,
  };
}

/**
 * Key material from configuration (`SECRET_KEY`, `DATA_KEYS`, `DATA_KEY_ID`). Outside production, missing
 * values are generated once and kept in `<DATA_DIR>/secrets.json` (readable by the owner only), so the
 * embedded default works out of the box and keeps reading what it sealed. Production refuses to start
 * without configured keys: data sealed by a key nobody kept would be lost.
 */
export async function loadSecrets(config: SecretsConfig): Promise<Secrets> {
  if (config.SECRET_KEY && config.DATA_KEYS) {
    return fromValues(config.SECRET_KEY, parseDataKeys(config.DATA_KEYS), config.DATA_KEY_ID);
  }
  if (config.NODE_ENV === 'production') {
    throw new Error('SECRET_KEY and DATA_KEYS must be configured in production');
  }
  const file = path.join(config.DATA_DIR, SECRETS_FILE);
  let stored: z.infer<typeof storedSchema>;
  if (existsSync(file)) {
    stored = storedSchema.parse(JSON.parse(await fs.readFile(file, 'utf8')));
  } else {
    stored = generateSecrets();
    await fs.mkdir(config.DATA_DIR, { recursive: true });
    await fs.writeFile(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  }
  const dataKeys = new Map(Object.entries(stored.dataKeys).map(([id, key]) => [id, Buffer.from(key, 'base64')]));
  return fromValues(
    config.SECRET_KEY ?? stored.secretKey,
    config.DATA_KEYS ? parseDataKeys(config.DATA_KEYS) : dataKeys,
    config.DATA_KEY_ID ?? stored.activeKeyId,
  );
}
