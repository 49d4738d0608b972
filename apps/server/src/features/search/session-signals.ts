import { randomUUID } from 'node:crypto';
import { MAX_PULL_WAIT_MS } from '@junction/domain';
import type { Bus, Channel } from '../../lib/bus';

/** A session changed: a supplier's answer or failure, or a result's new price, recorded by the process `from`. */
export type SessionChange = { from: string; session: string };

/** The channel of sessions' changes between processes: the process and the session, a space between them. */
export const sessionChanges: Channel<SessionChange> = {
  name: 'junction_search',
  write: ({ from, session }) => `${from} ${session}`,
  read: (payload) => {
    const at = payload.indexOf(' ');
    return at > 0 && at < payload.length - 1
      ? { from: payload.slice(0, at), session: payload.slice(at + 1) }
      : undefined;
  },
};

/**
 * Tells the pulls waiting on a session that it changed (a supplier's answer or failure, or a result's new
 * price, recorded): a pull that finds nothing new may wait for that, or for its time to pass, whichever
 * comes first, so that results are sent the moment they are stored rather than at the traveller's next pull.
 * The process recording a change tells its own pulls at once and every other process through the bus, when
 * there is one; a process that has not heard (its bus down, or none) lets a waiting pull read the session
 * again when its time is up, as the next pull would have.
 */
export class SessionSignals {
  private readonly waiting = new Map<string, Set<() => void>>();
  private closing = false;
  /** This process on the bus: the changes it published itself, and told its pulls of already, are not heard twice. */
  private readonly self = randomUUID();

  constructor(
    private readonly bus?: Bus<SessionChange>,
    private readonly warn: (error: unknown) => void = () => {},
  ) {
    bus?.subscribe((change) => {
      if (change.from !== this.self) this.release(change.session);
    });
  }

  /**
   * Hears the changes other processes record: resolves once the bus listens, or once it failed to start and
   * goes on trying in the background (0.2 s later, then twice as long each time, 5 s at most) until it does
   * or the server closes.
   */
  async start(): Promise<void> {
    if (!this.bus || (await this.tryStart())) return;
    void (async () => {
      for (let attempt = 0; !this.closing; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 200 * 2 ** attempt)).unref());
        if (this.closing || (await this.tryStart())) return;
      }
    })();
  }

  private async tryStart(): Promise<boolean> {
    try {
      await this.bus?.start();
      return true;
    } catch (error) {
      this.warn(error);
      return false;
    }
  }

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

  /** This process recorded a change to the session: every pull waiting on it, here and in other processes, goes on. */
  changed(id: string): void {
    this.release(id);
    if (this.bus && !this.closing) this.bus.publish({ from: this.self, session: id }).catch(this.warn);
  }

  /** The server is closing: every waiting pull goes on now, and no pull waits from now on. */
  close(): void {
    this.closing = true;
    for (const waiters of [...this.waiting.values()]) for (const done of [...waiters]) done();
  }

  /** The server has closed: the bus stops. */
  async stop(): Promise<void> {
    this.closing = true;
    await this.bus?.stop();
  }

  /** Pulls waiting now, on every session (for tests and figures). */
  get size(): number {
    let n = 0;
    for (const waiters of this.waiting.values()) n += waiters.size;
    return n;
  }

  private release(id: string): void {
    const waiters = this.waiting.get(id);
    if (waiters) for (const done of [...waiters]) done();
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
