import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CHAT_IMAGE_MAX_BYTES } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, errorCode, HOUR, securityApp, sessionOf } from './support';

/**
 * Threat: the chat as free storage. One account sent 20 images of 5 MB a minute and kept them all; and
 * the shipped proxy refused bodies over 2 MB, so a traveller's image under the 5 MB the site allows
 * failed behind it. An account sends a bounded number of images an hour and keeps a bounded amount of
 * them; the proxy takes the largest image the server takes.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(Math.floor(bytes) - PNG.length, 7)]);

/** nginx's size (`2m`, `512k`, `1048576`) in bytes. */
const nginxBytes = (size: string): number => {
  const m = /^(\d+)([kKmMgG]?)$/.exec(size.trim());
  if (!m) throw new Error(`not an nginx size: ${size}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(m[2] ?? '').toLowerCase()] ?? 1;
  return Number(m[1]) * unit;
};

/** The body limit the shipped nginx applies to a path: its exact location's, else the server's. */
function proxyLimitFor(urlPath: string): number {
  const conf = readFileSync(path.join(repoRoot, 'deploy/nginx/junction.conf'), 'utf8');
  const exact = new RegExp(`location = ${urlPath.replaceAll('/', '\\/')} \\{[^}]*client_max_body_size (\\w+);`).exec(
    conf,
  );
  const server = /^\s{2}client_max_body_size (\w+);/m.exec(conf);
  const size = exact?.[1] ?? server?.[1];
  if (!size) throw new Error('no client_max_body_size in deploy/nginx/junction.conf');
  return nginxBytes(size);
}

const MB = 1024 ** 2;
let s: Awaited<ReturnType<typeof securityApp>>;
let account: Awaited<ReturnType<Awaited<ReturnType<typeof securityApp>>['registerMobile']>>;
let cookie = '';
beforeAll(async () => {
  s = await securityApp({ CHAT_RATE_PER_MINUTE: '1000', CHAT_IMAGES_PER_HOUR: '3', CHAT_IMAGE_QUOTA_MB: '6' });
  account = await s.registerMobile();
  cookie = account.cookie;
});
afterAll(() => s.t.close());

const send = (image: Buffer, as = cookie) =>
  s.post('/api/chat/image', { clientId: randomUUID(), data: image.toString('base64') }, { cookie: as });

describe('chat images', () => {
  it('of the largest size the site allows pass the shipped proxy and the server', async () => {
    const body = JSON.stringify({ clientId: randomUUID(), data: png(CHAT_IMAGE_MAX_BYTES).toString('base64') });
    expect(proxyLimitFor('/api/chat/image')).toBeGreaterThanOrEqual(Buffer.byteLength(body));
    const { cookie: other } = await s.registerMobile();
    const res = await send(png(CHAT_IMAGE_MAX_BYTES), other);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('are a few an hour per account, and take at most the account quota of storage', async () => {
    const image = png(1.6 * MB);
    for (let i = 0; i < 3; i++) expect((await send(image)).statusCode).toBe(200);
    const fourth = await send(image);
    expect(fourth.statusCode).toBe(429);
    expect(errorCode(fourth)).toBe(7013);
    s.advance(HOUR);
    // 4.8 MB kept of the 6 MB: the next image of 1.6 MB does not fit, however long the hour has been over.
    const full = await send(image);
    expect(full.statusCode).toBe(422);
    expect(errorCode(full)).toBe(7014);
    expect((await send(png(MB))).statusCode).toBe(200);
    // Images older than thirty days count no more (the session has ended by then: sign in again).
    s.advance(31 * DAY);
    const login = await s.post('/login', { username: account.mobile, password: account.password, identity: 'mobile' });
    expect(login.statusCode, login.body).toBe(200);
    expect((await send(image, sessionOf(login))).statusCode).toBe(200);
  });
});
