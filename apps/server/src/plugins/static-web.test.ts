import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurity } from './security';
import { registerStaticWeb } from './static-web';

let dist: string;
let app: FastifyInstance;

/** A chunk big enough to be compressed, as the build writes it: the file, and beside it its `.br` and `.gz`. */
const CHUNK = `export const places = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `station-${i}`))};`;
/** The build’s own brotli file: the test checks these very bytes are sent. */
const CHUNK_BR = brotliCompressSync(CHUNK);

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'junction-web-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'icons'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Junction</title>');
  writeFileSync(path.join(dist, 'assets/app-abc123.js'), 'export {};');
  writeFileSync(path.join(dist, 'assets/places-def456.js'), CHUNK);
  writeFileSync(path.join(dist, 'assets/places-def456.js.br'), CHUNK_BR);
  writeFileSync(path.join(dist, 'assets/places-def456.js.gz'), gzipSync(CHUNK, { level: 9 }));
  writeFileSync(path.join(dist, 'assets/plain-0a1b2c.js'), CHUNK);
  writeFileSync(path.join(dist, 'sw.js'), 'self.skipWaiting();');
  writeFileSync(path.join(dist, 'manifest.zh-CN.webmanifest'), JSON.stringify({ name: '联程旅行' }));
  writeFileSync(path.join(dist, 'icons/icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  app = Fastify();
  // Compression for every response, as the server registers it before the web app.
  await registerSecurity(app);
  expect(await registerStaticWeb(app, dist)).toBe(true);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the installable site’s files', () => {
  it('serves the web app manifest as one, in the language asked for', async () => {
    const res = await app.inject({ url: '/manifest.zh-CN.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.json()).toEqual({ name: '联程旅行' });
  });

  it('serves the icons as PNG images', async () => {
    const res = await app.inject({ url: '/icons/icon-192.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('serves the service worker as a script that is never cached, so a release reaches it at once', async () => {
    const res = await app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('the build’s compressed files', () => {
  it('sends a chunk’s brotli file as the build wrote it, as JavaScript, cached for a year', async () => {
    const res = await app.inject({ url: '/assets/places-def456.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(CHUNK_BR)).toBe(true);
  });

  it('sends the gzip file to a browser without brotli, and the file itself to one that takes neither', async () => {
    const gz = await app.inject({ url: '/assets/places-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(CHUNK);
    const plain = await app.inject({ url: '/assets/places-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
  });

  it('still compresses a file the build left as it was', async () => {
    const res = await app.inject({ url: '/assets/plain-0a1b2c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(CHUNK);
  });
});
