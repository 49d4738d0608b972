import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** AES-256-GCM needs a 32-byte key and takes a 12-byte nonce; the tag is 16 bytes. */
export const DATA_KEY_BYTES = 32;
const NONCE_BYTES = 12;
const VERSION = 'v1';

const b64u = (buf: Buffer): string => buf.toString('base64url');
const fromB64u = (text: string): Buffer => Buffer.from(text, 'base64url');

/**
 * Encrypts values at rest (document numbers, provider session tokens) with AES-256-GCM: a fresh nonce
 * per value and the id of the key that sealed it, so keys can rotate while older values stay readable.
 * A sealed value reads `v1.<keyId>.<nonce>.<ciphertext>.<tag>` (base64url parts); `purpose` is bound
 * into the tag as associated data, so a value sealed for one column cannot be replayed into another.
 */
export class Keyring {
  private readonly keys: ReadonlyMap<string, Buffer>;

  constructor(
    keys: ReadonlyMap<string, Buffer>,
    readonly activeKeyId: string,
  ) {
    for (const [id, key] of keys) {
      if (!/^[A-Za-z0-9_-]{1,32}$/.test(id))
        throw new Error(`data key id "${id}" must be 1-32 letters, digits, _ or -`);
      if (key.length !== DATA_KEY_BYTES) throw new Error(`data key "${id}" must be ${DATA_KEY_BYTES} bytes`);
    }
    if (!keys.has(activeKeyId)) throw new Error(`the active data key "${activeKeyId}" is not in the keyring`);
    this.keys = keys;
  }

  get keyIds(): string[] {
    return [...this.keys.keys()];
  }

  seal(plaintext: string, purpose: string): string {
    const key = this.keys.get(this.activeKeyId) as Buffer;
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    cipher.setAAD(Buffer.from(purpose));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, this.activeKeyId, b64u(nonce), b64u(body), b64u(cipher.getAuthTag())].join('.');
  }

  /** The plaintext of a sealed value; throws when it was altered, sealed for another purpose or by an unknown key. */
  open(sealed: string, purpose: string): string {
    const [version, keyId, nonce, body, tag] = sealed.split('.');
    if (version !== VERSION || !keyId || nonce === undefined || body === undefined || tag === undefined) {
      throw new Error('not a sealed value');
    }
    const key = this.keys.get(keyId);
    if (!key) throw new Error(`sealed by unknown data key "${keyId}"`);
    const decipher = createDecipheriv('aes-256-gcm', key, fromB64u(nonce));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(fromB64u(tag));
    return Buffer.concat([decipher.update(fromB64u(body)), decipher.final()]).toString('utf8');
  }

  /** The id of the key that sealed a value, to find values a rotation must re-seal. */
  static keyIdOf(sealed: string): string | undefined {
    const [version, keyId] = sealed.split('.');
    return version === VERSION ? keyId : undefined;
  }
}

/**
 * A keyed hash (HMAC-SHA-256, hex) for values that must be found again but never read back: verification
 * codes, rate-limit keys holding phone numbers or addresses, blind indexes of document numbers. `purpose`
 * separates the uses, so equal inputs hash differently in different tables.
 */
export function keyedHash(secret: Buffer, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(purpose).update('\u0000').update(value).digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
