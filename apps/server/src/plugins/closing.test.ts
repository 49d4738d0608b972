import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerClosing } from './headers';

describe('a server closing while a request is in flight', () => {
  it('answers it with its connection closed, and closes without waiting for the connection to idle out', async () => {
    const app = Fastify();
    registerClosing(app);
    // Hooks run in the order they were added: once this one runs, the server knows it is closing.
    let closing = () => {};
    const closingKnown = new Promise<void>((resolve) => {
      closing = resolve;
    });
    app.addHook('preClose', async () => closing());
    let release = () => {};
    let arrived = () => {};
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    app.get('/slow', async () => {
      arrived();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { ok: true };
    });
    app.get('/fast', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    const get = (path: string) =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, agent }, (res) => res.resume().on('end', () => resolve(res)))
          .on('error', reject);
      });

    // Before the close, connections stay open between requests.
    expect((await get('/fast')).headers.connection).toBe('keep-alive');
    const answer = get('/slow');
    await inFlight;
    const closed = app.close();
    await closingKnown;
    release();
    expect((await answer).headers.connection).toBe('close');
    // Keep-alive would hold this for Fastify's 72 s: the test's own time limit fails it long before.
    await closed;
    agent.destroy();
  });
});
