import { currentUserSchema, type ServerFrame, serverFrameSchema } from '@junction/domain';
import argon2 from 'argon2';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { type Injector, registerMobile } from '../../../test/support/accounts';
import type { Db } from '../../db/database';
import { ChatRepository } from './chat.repository';

let mobiles = 0;
let agents = 0;
const run = `${process.pid % 1000}`.padStart(3, '0');

/** Registers a traveller by mobile and code; answers the session cookie. */
export async function signUp(t: Injector): Promise<string> {
  const mobile = `1390${run}${String(1000 + mobiles++).padStart(4, '0')}`;
  return registerMobile(t, mobile, `10.88.${mobiles >> 8}.${mobiles & 255}`);
}

/** Creates an agent account as the command does and signs it in; answers the cookie and its user id. */
export async function signInAgent(t: Injector, db: Db, name: string): Promise<{ cookie: string; id: string }> {
  const email = `agent${run}-${agents++}@junction.example`;
  await new ChatRepository(db).upsertAgentAccount({
    email,
    name,
    passwordHash: await argon2.hash('service2026', { type: argon2.argon2id, memoryCost: 1024, timeCost: 1 }),
    now: new Date(),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/login',
    payload: { username: email, password: 'service2026', identity: 'email' },
    remoteAddress: `10.89.0.${agents}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const me = await t.app.inject({
    method: 'GET',
    url: '/user',
    headers: { cookie: `sid=${res.cookies.find((c) => c.name === 'sid')?.value}` },
  });
  return {
    cookie: `sid=${res.cookies.find((c) => c.name === 'sid')?.value}`,
    id: currentUserSchema.parse(me.json()).info.id,
  };
}

/** A WebSocket client that keeps every frame it receives and waits for the ones a test expects. */
export class SocketClient {
  readonly frames: ServerFrame[] = [];
  private waiters: { test: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }[] = [];
  closed = false;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = serverFrameSchema.parse(JSON.parse(String(data)));
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(frame)) return true;
        w.resolve(frame);
        return false;
      });
    });
    ws.on('close', () => {
      this.closed = true;
    });
  }

  /** Connects and waits for `ready`; rejects with the HTTP status of a refused handshake. */
  static open(
    base: string,
    cookie: string | undefined,
    options: { role?: 'agent'; origin?: string } = {},
  ): Promise<SocketClient> {
    const url = `${base.replace(/^http/, 'ws')}/api/chat/socket${options.role ? '?role=agent' : ''}`;
    const ws = new WebSocket(url, {
      headers: { ...(cookie ? { cookie } : {}), origin: options.origin ?? base },
    });
    const client = new SocketClient(ws);
    return new Promise((resolve, reject) => {
      ws.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () =>
          reject(Object.assign(new Error(`refused ${res.statusCode}`), { status: res.statusCode, body })),
        );
      });
      ws.on('error', reject);
      client.next((f) => f.type === 'ready').then(() => resolve(client), reject);
    });
  }

  /** The first frame (already received or still to come) that passes the test. */
  next<T extends ServerFrame>(test: (f: ServerFrame) => f is T): Promise<T>;
  next(test: (f: ServerFrame) => boolean): Promise<ServerFrame>;
  next(test: (f: ServerFrame) => boolean): Promise<ServerFrame> {
    const seen = this.frames.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame));
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

export const isMessage =
  (text: string) =>
  (f: ServerFrame): f is Extract<ServerFrame, { type: 'message' }> =>
    f.type === 'message' && f.message.text === text;
