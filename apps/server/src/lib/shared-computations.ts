type Pending<V> = { promise: Promise<V>; controller: AbortController; waiters: number };

/**
 * Answers computed once per key and shared: concurrent askers of a key wait for the one computation
 * under way, and its answer is kept for later askers, the `max` most recently used at most. A computation
 * is cancelled (its signal aborts) once every asker waiting for it has given up; a failed one is not
 * kept, so the next asker tries again. A per-process cache: losing it costs only time.
 */
export class SharedComputations<V> {
  private readonly done = new Map<string, V>();
  private readonly pending = new Map<string, Pending<V>>();

  constructor(private readonly max: number) {}

  /** The keys answered or being computed, most recently used last. */
  keys(): string[] {
    return [...this.done.keys(), ...this.pending.keys()];
  }

  stats(): { kept: number; computing: number } {
    return { kept: this.done.size, computing: this.pending.size };
  }

  get(key: string, signal: AbortSignal, compute: (signal: AbortSignal) => Promise<V>): Promise<V> {
    if (signal.aborted) return Promise.reject(asError(signal.reason));
    if (this.done.has(key)) {
      const value = this.done.get(key) as V;
      this.done.delete(key);
      this.done.set(key, value);
      return Promise.resolve(value);
    }
    let entry = this.pending.get(key);
    if (!entry) {
      const controller = new AbortController();
      const started: Pending<V> = {
        controller,
        waiters: 0,
        promise: compute(controller.signal).then(
          (value) => {
            if (this.pending.get(key) === started) {
              this.pending.delete(key);
              this.done.set(key, value);
              while (this.done.size > this.max) this.done.delete(this.done.keys().next().value as string);
            }
            return value;
          },
          (error: unknown) => {
            if (this.pending.get(key) === started) this.pending.delete(key);
            throw error;
          },
        ),
      };
      started.promise.catch(() => {});
      this.pending.set(key, started);
      entry = started;
    }
    const shared = entry;
    shared.waiters++;
    return new Promise<V>((resolve, reject) => {
      const onAbort = () => {
        shared.waiters--;
        if (shared.waiters === 0) {
          if (this.pending.get(key) === shared) this.pending.delete(key);
          shared.controller.abort(signal.reason);
        }
        reject(asError(signal.reason));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      shared.promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(asError(error));
        },
      );
    });
  }
}

const asError = (reason: unknown): Error => (reason instanceof Error ? reason : new Error(String(reason)));
