import { MAX_PULL_WAIT_MS } from '@junction/domain';

/**
 * Tells the pulls waiting on a session that it changed in this process (a supplier's answer or failure
 * recorded): a pull that finds nothing new may wait for that, or for its time to pass, whichever comes
 * first, so that results are sent the moment they are stored rather than at the traveller's next pull.
 * A change recorded by another process is not heard here: a pull waiting on it reads the session again
 * when its time is up, as the next pull would have.
 */
export class SessionSignals {
  private readonly waiting = new Map<string, Set<() => void>>();
  private closing = false;

  /**
   * Reads a session, and when `hasNews` finds nothing new in what it read, waits up to `ms` for the
   * session's next change here and reads it again. The wait starts before the first read, so a change
   * recorded between the read and the wait is not missed.
   */
  async readOrWait<T>(id: string, ms: number, read: () => Promise<T>, hasNews: (read: T) => boolean): Promise<T> {
    if (!(ms > 0) || this.closing) return read();
    const wait = this.wait(id, Math.min(ms, MAX_PULL_WAIT_MS));
    try {
      const first = await read();
      if (hasNews(first)) return first;
      await wait.changed;
      return await read();
    } finally {
      wait.cancel();
    }
  }

  /** The session changed in this process: every pull waiting on it goes on. */
  changed(id: string): void {
    const waiters = this.waiting.get(id);
    if (waiters) for (const done of [...waiters]) done();
  }

  /** The server is closing: every waiting pull goes on now, and no pull waits from now on. */
  close(): void {
    this.closing = true;
    for (const waiters of [...this.waiting.values()]) for (const done of [...waiters]) done();
  }

  /** Pulls waiting now, on every session (for tests and figures). */
  get size(): number {
    let n = 0;
    for (const waiters of this.waiting.values()) n += waiters.size;
    return n;
  }

  private wait(id: string, ms: number): { changed: Promise<void>; cancel: () => void } {
    let done = () => {};
    const changed = new Promise<void>((resolve) => {
      const waiters = this.waiting.get(id) ?? new Set();
      this.waiting.set(id, waiters);
      const timer = setTimeout(() => done(), ms);
      done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0 && this.waiting.get(id) === waiters) this.waiting.delete(id);
        resolve();
      };
      waiters.add(done);
    });
    return { changed, cancel: () => done() };
  }
}
