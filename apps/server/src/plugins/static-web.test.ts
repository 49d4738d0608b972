import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStaticWeb } from './static-web';

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'junction-web-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'icons'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Junction</title>');
  writeFileSync(path.join(dist, 'assets/app-abc123.js'), 'export {};');
  writeFileSync(path.join(dist, 'sw.js'), 'self.skipWaiting();');
  writeFileSync(path.join(dist, 'manifest.zh-CN.webmanifest'), JSON.stringify({ name: '联程旅行' }));
  writeFileSync(path.join(dist, 'icons/icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  app = Fastify();
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
