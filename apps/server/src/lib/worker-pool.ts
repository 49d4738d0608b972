import type { Worker } from 'node:worker_threads';

/** What a pool's worker receives and answers; it posts `{ id: 0 }` once it is ready for work. */
export type WorkerJob<Payload> = { id: number; payload: Payload };
export type WorkerAnswer<Result> = { id: number; result?: Result; error?: string };

export type WorkerPoolOptions = {
  /** Starts one worker. */
  spawn: () => Worker;
  /** Workers at most; the pool starts one and adds more while work waits. */
  size: number;
  /** Jobs waiting for a worker at most; one more is refused at once. */
  maxQueue: number;
};

/** Refused at once: every worker is busy and the queue is full. */
export class PoolFullError extends Error {
  constructor() {
    super('every worker is busy and the queue is full');
    this.name = 'PoolFullError';
  }
}

type Job<Payload, Result> = {
  id: number;
  payload: Payload;
  /** Jobs with the same key go to the worker that ran that key last, which has its data at hand. */
  key: string;
  /** Jobs of a higher priority leave the queue first; the oldest first among equals. */
  priority: number;
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
  signal: AbortSignal;
  onAbort: () => void;
  /** When a worker took it (`performance.now()`). */
  startedAt?: number;
};

type Slot<Payload, Result> = {
  worker: Worker;
  isReady: boolean;
  current?: Job<Payload, Result>;
  /** Keys this worker ran lately, most recent last. */
  recent: string[];
};

const RECENT_KEYS = 8;
/** Weight of the latest run in a priority's mean run time. */
const RUN_WEIGHT = 0.2;

/**
 * A bounded pool of worker threads for CPU-heavy jobs: at most `size` workers (sized to the cores), at
 * most `maxQueue` jobs waiting, and a job whose signal aborts leaves at once: dropped from the queue if
 * it waits, given up (its answer ignored) if it runs. A worker that dies is replaced, failing only the
 * job it had.
 */
export class WorkerPool<Payload, Result> {
  private readonly slots: Slot<Payload, Result>[] = [];
  private readonly queue: Job<Payload, Result>[] = [];
  private nextId = 1;
  /** Starting every worker ahead of the work, one after another. */
  private warming = false;
  /** How long a job of each priority has lately taken on a worker, ms (a moving mean). */
  private readonly meanRunMs = new Map<number, number>();

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Workers started, jobs running and jobs waiting: for tests and health figures. */
  stats(): { workers: number; running: number; waiting: number } {
    return {
      workers: this.slots.length,
      running: this.slots.filter((s) => s.current).length,
      waiting: this.queue.length,
    };
  }

  /**
   * How long a job of this priority asked for now would wait for a worker, ms, from the runs measured
   * lately: the work queued ahead of it (jobs of its priority and higher) and what the running jobs have
   * left, shared among the workers. 0 while nothing has run yet.
   */
  expectedWaitMs(priority = 0): number {
    const now = performance.now();
    const mean = (p: number) => this.meanRunMs.get(p) ?? 0;
    const running = this.slots.filter((s) => s.current);
    if (running.length < this.options.size && !this.queue.some((j) => j.priority >= priority)) return 0;
    const left = running.reduce((sum, s) => {
      const job = s.current as Job<Payload, Result>;
      return sum + Math.max(0, mean(job.priority) - (now - (job.startedAt ?? now)));
    }, 0);
    const ahead = this.queue.reduce((sum, j) => sum + (j.priority >= priority ? mean(j.priority) : 0), 0);
    return (left + ahead) / this.options.size;
  }

  /**
   * Starts every worker ahead of the first jobs, one after another (each reads its data once, so they do
   * not all do it at once): a burst of work then finds them ready instead of waiting while one starts.
   */
  warm(): void {
    this.warming = true;
    if (this.slots.length < this.options.size && this.slots.every((s) => s.isReady)) this.grow();
  }

  /**
   * Runs a job on a worker. `priority` puts it ahead of waiting jobs of a lower one (quick jobs whose
   * askers are waiting ahead of long ones, say).
   */
  run(payload: Payload, key: string, signal: AbortSignal, priority = 0): Promise<Result> {
    if (signal.aborted) return Promise.reject(asError(signal.reason));
    if (this.queue.length >= this.options.maxQueue) return Promise.reject(new PoolFullError());
    return new Promise<Result>((resolve, reject) => {
      const job: Job<Payload, Result> = {
        id: this.nextId++,
        payload,
        key,
        priority,
        resolve,
        reject,
        signal,
        onAbort: () => {
          const at = this.queue.indexOf(job);
          if (at >= 0) this.queue.splice(at, 1);
          reject(asError(signal.reason));
        },
      };
      signal.addEventListener('abort', job.onAbort, { once: true });
      const before = this.queue.findIndex((j) => j.priority < priority);
      if (before < 0) this.queue.push(job);
      else this.queue.splice(before, 0, job);
      this.dispatch();
    });
  }

  /** Closes every worker; waiting and running jobs fail. */
  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    for (const job of this.queue.splice(0)) this.settle(job, new Error('pool closed'));
    for (const slot of slots) if (slot.current) this.settle(slot.current, new Error('pool closed'));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private grow(): void {
    const worker = this.options.spawn();
    const slot: Slot<Payload, Result> = { worker, isReady: false, recent: [] };
    worker.unref();
    worker.on('message', (m: WorkerAnswer<Result>) => {
      if (m.id === 0) {
        slot.isReady = true;
        if (this.warming && this.slots.length < this.options.size && this.slots.every((s) => s.isReady)) this.grow();
      } else if (slot.current?.id === m.id) {
        const job = slot.current;
        slot.current = undefined;
        this.measure(job);
        if (m.error !== undefined) this.settle(job, new Error(m.error));
        else this.settle(job, undefined, m.result as Result);
      }
      this.dispatch();
    });
    const fail = (error: Error) => {
      const at = this.slots.indexOf(slot);
      if (at < 0) return;
      this.slots.splice(at, 1);
      if (slot.current) this.settle(slot.current, error);
      slot.current = undefined;
      // A worker that dies before it is ready would die again: the waiting jobs fail rather than wait.
      if (!slot.isReady && !this.slots.some((s) => s.isReady))
        for (const job of this.queue.splice(0)) this.settle(job, error);
      this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`worker exited with ${code}`)));
    this.slots.push(slot);
  }

  private dispatch(): void {
    for (;;) {
      if (this.queue.length === 0) return;
      const idle = this.slots.filter((s) => s.isReady && !s.current);
      if (idle.length === 0) {
        // Everyone is busy (or still starting): another worker while there is room for one.
        const starting = this.slots.some((s) => !s.isReady);
        if (!starting && this.slots.length < this.options.size) this.grow();
        return;
      }
      const { slot, at } = this.pick(idle);
      const [job] = this.queue.splice(at, 1);
      if (!job) return;
      slot.current = job;
      job.startedAt = performance.now();
      slot.recent = [...slot.recent.filter((k) => k !== job.key), job.key].slice(-RECENT_KEYS);
      slot.worker.postMessage({ id: job.id, payload: job.payload } satisfies WorkerJob<Payload>);
    }
  }

  /**
   * The next pairing among the jobs of the highest priority waiting: the oldest whose key an idle worker
   * ran lately goes to that worker; else the oldest whose key no busy worker is running (that worker will
   * have its data at hand when it is done) goes to an idle worker, a fresh one first; else the oldest.
   */
  private pick(idle: Slot<Payload, Result>[]): { slot: Slot<Payload, Result>; at: number } {
    const top = this.queue[0]?.priority;
    let end = 0;
    while (end < this.queue.length && this.queue[end]?.priority === top) end++;
    for (let at = 0; at < end; at++) {
      const key = (this.queue[at] as Job<Payload, Result>).key;
      const slot = idle.find((s) => s.recent.includes(key));
      if (slot) return { slot, at };
    }
    const running = new Set(this.slots.flatMap((s) => (s.current ? [s.current.key] : [])));
    let at = 0;
    while (at < end && running.has((this.queue[at] as Job<Payload, Result>).key)) at++;
    return {
      slot: idle.find((s) => s.recent.length === 0) ?? (idle[0] as Slot<Payload, Result>),
      at: at < end ? at : 0,
    };
  }

  private measure(job: Job<Payload, Result>): void {
    if (job.startedAt === undefined) return;
    const ran = performance.now() - job.startedAt;
    const mean = this.meanRunMs.get(job.priority);
    this.meanRunMs.set(job.priority, mean === undefined ? ran : mean + RUN_WEIGHT * (ran - mean));
  }

  private settle(job: Job<Payload, Result>, error: Error | undefined, result?: Result): void {
    job.signal.removeEventListener('abort', job.onAbort);
    if (job.signal.aborted) return; // already answered by its abort
    if (error) job.reject(error);
    else job.resolve(result as Result);
  }
}

const asError = (reason: unknown): Error => (reason instanceof Error ? reason : new Error(String(reason)));
