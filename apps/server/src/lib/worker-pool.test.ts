import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PoolFullError, WorkerPool } from './worker-pool';

/** A worker that answers after `ms` with its thread id and how many jobs it has run, or dies when told. */
const ECHO = `
const { parentPort, threadId } = require('node:worker_threads');
let runs = 0;
parentPort.on('message', ({ id, payload }) => {
  if (payload.crash) process.exit(3);
  runs++;
  const n = runs;
  setTimeout(() => parentPort.postMessage({ id, result: { value: payload.value, thread: threadId, n } }), payload.ms ?? 0);
});
parentPort.postMessage({ id: 0 });
`;

type Payload = { value?: string; ms?: number; crash?: boolean };
type Result = { value: string; thread: number; n: number };

let pool: WorkerPool<Payload, Result> | undefined;
const make = (size: number, maxQueue: number) => {
  pool = new WorkerPool<Payload, Result>({ spawn: () => new Worker(ECHO, { eval: true }), size, maxQueue });
  return pool;
};
const never = () => new AbortController().signal;

afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('worker pool', () => {
  it('answers each job, and starts a second worker only while work waits for one', async () => {
    const p = make(2, 10);
    expect((await p.run({ value: 'a' }, 'k', never())).value).toBe('a');
    expect(p.stats().workers).toBe(1);
    // Long enough for the second worker to start and take one, even on a busy machine.
    const answers = await Promise.all(['b', 'c', 'd'].map((value) => p.run({ value, ms: 1500 }, value, never())));
    expect(answers.map((a) => a.value)).toEqual(['b', 'c', 'd']);
    expect(p.stats().workers).toBe(2);
    expect(new Set(answers.map((a) => a.thread)).size).toBe(2);
  });

  it('refuses a job at once when every worker is busy and the queue is full', async () => {
    const p = make(1, 2);
    await p.run({ value: 'warm' }, 'k', never());
    const running = p.run({ value: 'a', ms: 300 }, 'k', never());
    const waiting = [p.run({ value: 'b' }, 'k', never()), p.run({ value: 'c' }, 'k', never())];
    await expect(p.run({ value: 'd' }, 'k', never())).rejects.toBeInstanceOf(PoolFullError);
    expect(p.stats()).toEqual({ workers: 1, running: 1, waiting: 2 });
    expect((await Promise.all([running, ...waiting])).map((a) => a.value)).toEqual(['a', 'b', 'c']);
  });

  it('drops a waiting job whose signal aborts, so no worker ever runs it', async () => {
    const p = make(1, 10);
    const first = await p.run({ value: 'warm' }, 'k', never());
    const running = p.run({ value: 'a', ms: 200 }, 'k', never());
    const giveUp = new AbortController();
    const dropped = p.run({ value: 'b' }, 'k', giveUp.signal);
    const next = p.run({ value: 'c' }, 'k', never());
    giveUp.abort(new Error('too late'));
    await expect(dropped).rejects.toThrow('too late');
    expect(p.stats().waiting).toBe(1);
    await running;
    // The worker's third job is c: b never reached it.
    expect(await next).toMatchObject({ value: 'c', thread: first.thread, n: 3 });
  });

  it('gives up a running job at once when its signal aborts, and goes on with the next', async () => {
    const p = make(1, 10);
    await p.run({ value: 'warm' }, 'k', never());
    const giveUp = new AbortController();
    const slow = p.run({ value: 'slow', ms: 60_000 }, 'k', giveUp.signal);
    const outcome = Promise.race([
      slow.then(
        () => 'answered',
        (e: Error) => e.message,
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000)),
    ]);
    giveUp.abort(new Error('time limit'));
    expect(await outcome).toBe('time limit');
  });

  it('sends a job to the worker that ran its key last', async () => {
    const p = make(2, 10);
    await p.run({ value: 'warm' }, 'a', never());
    // Two at once: a keeps the first worker, c starts the second (a runs long enough for it to start).
    const [a, c] = await Promise.all([
      p.run({ value: 'a', ms: 1500 }, 'a', never()),
      p.run({ value: 'c', ms: 1500 }, 'c', never()),
    ]);
    expect(a?.thread).not.toBe(c?.thread);
    // Queued c first, then a: each still goes to its own worker.
    const [c2, a2] = await Promise.all([p.run({ value: 'c' }, 'c', never()), p.run({ value: 'a' }, 'a', never())]);
    expect(c2?.thread).toBe(c?.thread);
    expect(a2?.thread).toBe(a?.thread);
  });

  it('keeps a job for the worker running its key while other work waits, and gives it to another when none does', async () => {
    const p = make(2, 10);
    // Both workers started: two jobs at once.
    const [w1, w2] = await Promise.all(['w1', 'w2'].map((value) => p.run({ value, ms: 1500 }, value, never())));
    expect(w1?.thread).not.toBe(w2?.thread);
    // a runs long on one worker, b short on the other; a second a, then c, wait meanwhile.
    const [a, b, a2, c] = await Promise.all([
      p.run({ value: 'a', ms: 3000 }, 'a', never()),
      p.run({ value: 'b', ms: 300 }, 'b', never()),
      p.run({ value: 'a2' }, 'a', never()),
      p.run({ value: 'c', ms: 4000 }, 'c', never()),
    ]);
    // The worker free first took c, the younger job; the second a waited for the worker running a.
    expect(c.thread).toBe(b.thread);
    expect(a2.thread).toBe(a.thread);
    // With nothing else waiting, a job of a running key goes to a free worker at once.
    const long = p.run({ value: 'a3', ms: 1500 }, 'a', never());
    const alone = await p.run({ value: 'a4' }, 'a', never());
    expect(alone.thread).not.toBe((await long).thread);
  });

  it('fails the waiting jobs when a worker cannot start, rather than keep them waiting', async () => {
    pool = new WorkerPool<Payload, Result>({
      spawn: () => new Worker('throw new Error("no timetables")', { eval: true }),
      size: 2,
      maxQueue: 10,
    });
    await expect(pool.run({ value: 'a' }, 'k', never())).rejects.toThrow('no timetables');
    expect(pool.stats()).toEqual({ workers: 0, running: 0, waiting: 0 });
  });

  it('replaces a worker that dies, failing only the job it had', async () => {
    const p = make(1, 10);
    await expect(p.run({ crash: true }, 'k', never())).rejects.toThrow(/exited with 3/);
    expect((await p.run({ value: 'after' }, 'k', never())).value).toBe('after');
    expect(p.stats().workers).toBe(1);
  });

  it('runs waiting jobs of a higher priority first, the oldest first among equals', async () => {
    const p = make(1, 10);
    await p.run({ value: 'warm' }, 'k', never());
    // The worker is busy with a: the rest wait, queued at once.
    const jobs = [
      p.run({ value: 'a' }, 'k', never()),
      p.run({ value: 'b' }, 'k', never(), 0),
      p.run({ value: 'c' }, 'k', never(), 1),
      p.run({ value: 'd' }, 'k', never(), 0),
      p.run({ value: 'e' }, 'k', never(), 1),
    ];
    const runs = Object.fromEntries((await Promise.all(jobs)).map((r) => [r.value, r.n]));
    // n is the worker's count of jobs run: warm was its first.
    expect(runs).toEqual({ a: 2, c: 3, e: 4, b: 5, d: 6 });
  });

  it('starts every worker when warmed, one after another, ready before the work comes', async () => {
    let ready = 0;
    /** How many workers were ready when each was spawned. */
    const readyAtSpawn: number[] = [];
    pool = new WorkerPool<Payload, Result>({
      spawn: () => {
        readyAtSpawn.push(ready);
        const worker = new Worker(ECHO, { eval: true });
        worker.once('message', () => ready++);
        return worker;
      },
      size: 3,
      maxQueue: 10,
    });
    pool.warm();
    expect(pool.stats().workers).toBe(1);
    await vi.waitFor(() => expect(ready).toBe(3), { timeout: 60_000, interval: 20 });
    // Each started once the ones before it were ready, not all at once.
    expect(readyAtSpawn).toEqual([0, 1, 2]);
    // Three jobs at once run on three threads: nobody waits for a worker to start.
    const answers = await Promise.all(['a', 'b', 'c'].map((value) => pool?.run({ value, ms: 300 }, value, never())));
    expect(new Set(answers.map((a) => a?.thread)).size).toBe(3);
    expect(pool.stats().workers).toBe(3);
  });

  it('tells how long a new job would wait, from the runs it measured and the jobs ahead of it', async () => {
    const p = make(1, 10);
    expect(p.expectedWaitMs()).toBe(0);
    // Each of these takes at least 100 ms however fast the machine: the pool learns that much.
    await p.run({ value: 'a', ms: 100 }, 'k', never());
    await p.run({ value: 'b', ms: 100 }, 'k', never());
    expect(p.expectedWaitMs()).toBe(0); // a worker is free
    const running = p.run({ value: 'c', ms: 100 }, 'k', never());
    const queued = [p.run({ value: 'd', ms: 100 }, 'k', never()), p.run({ value: 'e', ms: 100 }, 'k', never())];
    const behindTwo = p.expectedWaitMs(0);
    expect(behindTwo).toBeGreaterThanOrEqual(200);
    // A job of a higher priority goes before both: it waits only for the one running.
    expect(p.expectedWaitMs(1)).toBeLessThan(behindTwo);
    await Promise.all([running, ...queued]);
    expect(p.expectedWaitMs()).toBe(0);
  });
});
