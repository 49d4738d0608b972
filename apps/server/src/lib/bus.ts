import type { Redis } from 'ioredis';
import pg from 'pg';

/**
 * A channel between server processes: its name, and how its events are written as short texts and read back.
 * A text that does not read as an event is dropped.
 */
export type Channel<T> = {
  name: string;
  write: (event: T) => string;
  read: (payload: string) => T | undefined;
};

/** What one server process tells all of them (itself included) on one channel. */
export interface Bus<T> {
  publish(event: T): Promise<void>;
  /** Every event published by any process once the bus has started, in the order this process receives them. */
  subscribe(handler: (event: T) => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

abstract class BaseBus<T> implements Bus<T> {
  private readonly handlers: ((event: T) => void)[] = [];
  constructor(protected readonly channel: Channel<T>) {}
  subscribe(handler: (event: T) => void): void {
    this.handlers.push(handler);
  }
  protected emit(payload: string | undefined): void {
    const event = payload === undefined ? undefined : this.channel.read(payload);
    if (event === undefined) return;
    for (const h of this.handlers) h(event);
  }
  abstract publish(event: T): Promise<void>;
  abstract start(): Promise<void>;
  abstract stop(): Promise<void>;
}

/** PostgreSQL LISTEN/NOTIFY: one listening connection per process and channel; it reconnects when dropped. */
export class PgBus<T> extends BaseBus<T> {
  private listener: pg.Client | undefined;
  private stopped = false;
  private readonly pool: pg.Pool;

  constructor(
    private readonly connectionString: string,
    channel: Channel<T>,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    super(channel);
    this.pool = new pg.Pool({ connectionString, max: 2 });
    this.pool.on('error', onError);
  }

  /**
   * Events published while a notification is on its way go together in the next statement, as do events of
   * one turn of the event loop: one statement for many under load, at once when idle.
   */
  publish(event: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queued.push({ payload: this.channel.write(event), resolve, reject });
      if (!this.sending) void this.send();
    });
  }

  private queued: { payload: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private sending = false;

  private async send(): Promise<void> {
    this.sending = true;
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queued.length > 0) {
      const batch = this.queued.splice(0);
      try {
        // Sent in the order published; PostgreSQL delivers one statement's notifications in order, once each.
        await this.pool.query('select pg_notify($1, p) from unnest($2::text[]) as p', [
          this.channel.name,
          batch.map((b) => b.payload),
        ]);
        for (const b of batch) b.resolve();
      } catch (error) {
        for (const b of batch) b.reject(error);
      }
    }
    this.sending = false;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (msg) => {
      if (msg.channel === this.channel.name) this.emit(msg.payload);
    });
    client.on('error', (error) => {
      this.onError(error);
      void this.reconnect(client);
    });
    client.on('end', () => void this.reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(this.channel.name)}`);
    this.listener = client;
  }

  private async reconnect(old: pg.Client): Promise<void> {
    if (this.stopped || this.listener !== old) return;
    this.listener = undefined;
    for (let attempt = 0; !this.stopped; attempt++) {
      try {
        await this.listen();
        return;
      } catch (error) {
        this.onError(error);
        await new Promise((r) => setTimeout(r, Math.min(5000, 200 * 2 ** attempt)));
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => {});
    await this.pool.end();
  }
}

/**
 * Redis pub/sub: one subscribing and one publishing connection per process and channel. The Redis client is
 * loaded with the bus's first use, so a server without Redis never loads it.
 */
export class RedisBus<T> extends BaseBus<T> {
  private connections?: Promise<{ pub: Redis; sub: Redis }>;

  constructor(
    private readonly url: string,
    channel: Channel<T>,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    super(channel);
  }

  private clients(): Promise<{ pub: Redis; sub: Redis }> {
    this.connections ??= import('ioredis').then(({ Redis }) => {
      const pub = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
      const sub = new Redis(this.url, { lazyConnect: true });
      pub.on('error', this.onError);
      sub.on('error', this.onError);
      sub.on('message', (channel: string, message: string) => {
        if (channel === this.channel.name) this.emit(message);
      });
      return { pub, sub };
    });
    return this.connections;
  }

  async publish(event: T): Promise<void> {
    await (await this.clients()).pub.publish(this.channel.name, this.channel.write(event));
  }

  async start(): Promise<void> {
    const { pub, sub } = await this.clients();
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe(this.channel.name);
  }

  async stop(): Promise<void> {
    if (!this.connections) return;
    const { pub, sub } = await this.connections;
    sub.disconnect();
    pub.disconnect();
  }
}

/** One process alone, without a database URL to listen on (never the case for `npm start`). */
export class LocalBus<T> extends BaseBus<T> {
  async publish(event: T): Promise<void> {
    const payload = this.channel.write(event);
    queueMicrotask(() => this.emit(payload));
  }
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}

/**
 * The bus every process of a deployment shares on a channel: Redis when configured, else PostgreSQL's
 * LISTEN/NOTIFY, else this process alone.
 */
export function busFor<T>(
  channel: Channel<T>,
  where: { redisUrl?: string; databaseUrl?: string },
  onError: (error: unknown) => void,
): Bus<T> {
  if (where.redisUrl) return new RedisBus(where.redisUrl, channel, onError);
  if (where.databaseUrl) return new PgBus(where.databaseUrl, channel, onError);
  return new LocalBus(channel);
}
