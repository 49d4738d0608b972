import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Keyring, keyedHash, sameDigest } from './crypto';
import { loadSecrets, parseDataKeys } from './secrets';

const ring = (ids: string[], active: string) => new Keyring(new Map(ids.map((id) => [id, randomBytes(32)])), active);

describe('keyring', () => {
  it('opens what it sealed, for any text, and never seals the same value twice alike', () => {
    const keyring = ring(['k1'], 'k1');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (text) => {
        const a = keyring.seal(text, 'doc');
        const b = keyring.seal(text, 'doc');
        expect(a).not.toBe(b);
        expect(keyring.open(a, 'doc')).toBe(text);
        if (text.length >= 4) expect(a).not.toContain(text);
      }),
    );
  });

  it('refuses a value altered in any part, sealed for another purpose, or by an unknown key', () => {
    const keyring = ring(['k1'], 'k1');
    const sealed = keyring.seal('E12345678', 'passport');
    expect(() => keyring.open(sealed, 'id-card')).toThrow();
    const parts = sealed.split('.');
    for (const i of [2, 3, 4]) {
      const altered = [...parts];
      const piece = Buffer.from(altered[i] ?? '', 'base64url');
      piece[0] = (piece[0] ?? 0) ^ 1;
      altered[i] = piece.toString('base64url');
      expect(() => keyring.open(altered.join('.'), 'passport')).toThrow();
    }
    expect(() => ring(['k2'], 'k2').open(sealed, 'passport')).toThrow(/unknown data key/);
  });

  it('seals with the active key and still opens values of older keys after a rotation', () => {
    const k1 = randomBytes(32);
    const k2 = randomBytes(32);
    const before = new Keyring(new Map([['k1', k1]]), 'k1');
    const sealed = before.seal('110101199003077777', 'doc');
    const after = new Keyring(
      new Map([
        ['k1', k1],
        ['k2', k2],
      ]),
      'k2',
    );
    expect(after.open(sealed, 'doc')).toBe('110101199003077777');
    expect(Keyring.keyIdOf(sealed)).toBe('k1');
    expect(Keyring.keyIdOf(after.seal('x', 'doc'))).toBe('k2');
  });

  it('refuses keys of the wrong size or an active key it does not hold', () => {
    expect(() => new Keyring(new Map([['k1', randomBytes(16)]]), 'k1')).toThrow(/32 bytes/);
    expect(() => ring(['k1'], 'k9')).toThrow(/not in the keyring/);
  });
});

describe('keyed hash', () => {
  it('depends on the secret and the purpose, and compares in constant time', () => {
    const s1 = randomBytes(32);
    const s2 = randomBytes(32);
    expect(keyedHash(s1, 'code', '123456')).toBe(keyedHash(s1, 'code', '123456'));
    expect(keyedHash(s1, 'code', '123456')).not.toBe(keyedHash(s2, 'code', '123456'));
    expect(keyedHash(s1, 'code', '123456')).not.toBe(keyedHash(s1, 'rate', '123456'));
    expect(sameDigest(keyedHash(s1, 'a', 'b'), keyedHash(s1, 'a', 'b'))).toBe(true);
    expect(sameDigest(keyedHash(s1, 'a', 'b'), keyedHash(s1, 'a', 'c'))).toBe(false);
    expect(sameDigest('', '')).toBe(false);
  });
});

describe('secrets', () => {
  it('are generated once in the data directory and read back the same on the next start', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'junction-secrets-'));
    const first = await loadSecrets({ NODE_ENV: 'development', DATA_DIR: dir });
    const second = await loadSecrets({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(second.hmacKey.equals(first.hmacKey)).toBe(true);
    expect(second.keyring.open(first.keyring.seal('G12345678', 'doc'), 'doc')).toBe('G12345678');
    const mode = (await fs.stat(path.join(dir, 'secrets.json'))).mode & 0o777;
    expect(mode).toBe(0o600);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('are required in production', async () => {
    await expect(loadSecrets({ NODE_ENV: 'production', DATA_DIR: '/nonexistent' })).rejects.toThrow(/production/);
    const configured = await loadSecrets({
      NODE_ENV: 'production',
      DATA_DIR: '/nonexistent',
      SECRET_KEY: randomBytes(32).toString('base64'),
      DATA_KEYS: `old:${randomBytes(32).toString('base64')},new:${randomBytes(32).toString('base64')}`,
      DATA_KEY_ID: 'new',
    });
    expect(configured.keyring.activeKeyId).toBe('new');
    expect(configured.keyring.keyIds).toEqual(['old', 'new']);
  });

  it('refuse a short secret or a malformed key list', async () => {
    await expect(
      loadSecrets({
        NODE_ENV: 'production',
        DATA_DIR: '/x',
        SECRET_KEY: 'c2hvcnQ=',
        DATA_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      }),
    ).rejects.toThrow(/SECRET_KEY/);
    expect(() => parseDataKeys('nocolon')).toThrow(/id:base64key/);
    expect(() => parseDataKeys(' , ')).toThrow(/no key/);
  });
});
