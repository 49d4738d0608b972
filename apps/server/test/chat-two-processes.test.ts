import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chatMessageSchema, messagesPageSchema } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMessage, SocketClient } from '../src/features/chat/chat.test-support';
import { freePort } from './global-setup';
import { createTestDatabase } from './harness';
import { startServerProcess } from './server-process';

/**
 * The chat across server processes: two real servers (`main.ts`) on one database, a traveller on one and
 * an agent on the other, talking through PostgreSQL LISTEN/NOTIFY, and through Redis when REDIS_URL is set.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const REDIS = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));

type Server = { base: string; child: ChildProcess };
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dir: string;
const children: ChildProcess[] = [];

async function startServer(env: Record<string, string>): Promise<Server> {
  const server = await startServerProcess({ ...baseEnv(), ...env });
  children.push(server.child);
  return { base: server.url, child: server.child };
}

const secretKey = randomBytes(32).toString('base64');
const dataKeys = `k1:${randomBytes(32).toString('base64')}`;
const baseEnv = () => ({
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  DATABASE_URL: database.url,
  DATA_DIR: dir,
  SECRET_KEY: secretKey,
  DATA_KEYS: dataKeys,
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
  RUN_JOBS: 'false',
  SEARCH_PLANNER_WORKER: 'false',
  MAX_EVENT_LOOP_DELAY_MS: '0',
  SMS_OUTBOX_FILE: path.join(dir, 'sms.jsonl'),
  CHAT_FIXED_NOW: '2026-11-26T04:00:00Z',
});

async function call(base: string, method: 'GET' | 'POST', url: string, cookie?: string, body?: object) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as unknown, cookie: res.headers.getSetCookie() };
}

async function signUpOn(base: string, mobile: string): Promise<string> {
  expect(
    (await call(base, 'POST', '/code', undefined, { type: 'mobile', target: mobile, purpose: 'register' })).status,
  ).toBe(200);
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    const file = path.join(dir, 'sms.jsonl');
    const line = existsSync(file)
      ? readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .reverse()
          .find((l) => l.includes(mobile))
      : undefined;
    code = /(\d{6})/.exec(JSON.parse(line ?? '{}').text ?? '')?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  const res = await call(base, 'POST', '/register', undefined, {
    type: 'mobile',
    target: mobile,
    password: 'travel2026',
    code,
  });
  expect(res.status).toBe(200);
  return (res.cookie[0] ?? '').split(';')[0] ?? '';
}

let n = 0;
const clientId = () => `two${Date.now().toString(36)}${(n++).toString(36).padStart(4, '0')}`;

/** A text sent on one process: the traveller's on the chat (a new conversation without one), the agent's at the desk. */
const say = (base: string, side: 'chat' | 'service', cookie: string, text: string, conversationId?: string) =>
  call(base, 'POST', `/api/${side}/message`, cookie, { kind: 'text', clientId: clientId(), text, conversationId });

async function conversation(a: Server, b: Server, mobile: string, email: string) {
  await run('npx', ['tsx', 'apps/server/src/db/agent-cli.ts', '--email', email, '--name', 'Zhou'], {
    cwd: repoRoot,
    env: { ...process.env, ...baseEnv(), AGENT_PASSWORD: 'service2026' },
  });
  const traveller = await signUpOn(a.base, mobile);
  const login = await call(b.base, 'POST', '/login', undefined, {
    username: email,
    password: 'service2026',
    identity: 'email',
  });
  expect(login.status).toBe(200);
  const agent = (login.cookie[0] ?? '').split(';')[0] ?? '';

  const travellerWs = await SocketClient.open(a.base, traveller);
  const agentWs = await SocketClient.open(b.base, agent, { role: 'agent' });

  const hello = chatMessageSchema.parse((await say(a.base, 'chat', traveller, 'Hello from process A')).json);
  const c = hello.conversationId;
  // The agent's queue on process B hears of it at once.
  await agentWs.next((f) => f.type === 'conversation' && f.conversationId === c);
  expect((await call(b.base, 'POST', '/api/service/take', agent, { conversationId: c })).status).toBe(200);
  await travellerWs.next((f) => f.type === 'message' && f.message.event === 'taken');
  await say(b.base, 'service', agent, 'Answer from process B', c);
  await travellerWs.next(isMessage('Answer from process B'));
  await say(a.base, 'chat', traveller, 'Thanks', c);
  await agentWs.next(isMessage('Thanks'));
  await travellerWs.next(isMessage('Thanks'));
  travellerWs.send({ type: 'typing', conversationId: c });
  await agentWs.next((f) => f.type === 'typing');

  // The traveller's connection drops; the agent writes twice; the traveller resumes after the last message it had.
  const last = Math.max(...travellerWs.frames.flatMap((f) => (f.type === 'message' ? [f.message.seq] : [])));
  await travellerWs.close();
  for (const text of ['While you were away 1', 'While you were away 2']) await say(b.base, 'service', agent, text, c);
  const again = await SocketClient.open(a.base, traveller);
  const resumed = messagesPageSchema.parse(
    (await call(a.base, 'GET', `/api/chat/messages?conversationId=${c}&after=${last}`, traveller)).json,
  );
  expect(resumed.messages.map((m) => m.text)).toEqual(['While you were away 1', 'While you were away 2']);
  expect(resumed.messages.map((m) => m.seq)).toEqual([last + 1, last + 2]);
  await say(b.base, 'service', agent, 'Welcome back', c);
  await again.next(isMessage('Welcome back'));
  await Promise.all([again.close(), agentWs.close()]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'junction-chat-'));
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : Promise.resolve())),
  );
  await database.drop();
  await fs.rm(dir, { recursive: true, force: true });
}, 60_000);

describe('two server processes on one database', () => {
  it('a traveller on one and an agent on the other talk in real time through PostgreSQL LISTEN/NOTIFY', async () => {
    const [a, b] = await Promise.all([startServer({}), startServer({})]);
    await conversation(a as Server, b as Server, '13911110001', 'zhou.pg@junction.example');
    for (const s of [a, b]) s?.child.kill('SIGTERM');
  }, 180_000);

  it.skipIf(!REDIS)(
    'and through Redis pub/sub when REDIS_URL is set',
    async () => {
      const port = await freePort();
      const redis = spawn(
        REDIS ?? '',
        ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'],
        {
          stdio: 'ignore',
        },
      );
      children.push(redis);
      const env = { REDIS_URL: `redis://127.0.0.1:${port}` };
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      await conversation(a as Server, b as Server, '13911110002', 'zhou.redis@junction.example');
      for (const s of [a, b]) s?.child.kill('SIGTERM');
    },
    180_000,
  );
});
