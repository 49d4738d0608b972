import type { Redis } from 'ioredis';
import pg from 'pg';
import { z } from 'zod';

/**
 * What one server process tells all of them (itself included) about a conversation. Events carry ids
 * only: each process reads the stored message once and hands it to its own connections.
 * `u` is the traveller, `a` the agent holding the conversation (null while it waits).
 */
export const busEventSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('message'), c: z.uuid(), s: z.number().int(), u: z.uuid(), a: z.uuid().nullable() }),
  z.object({ t: z.literal('marks'), c: z.uuid(), u: z.uuid(), a: z.uuid().nullable() }),
  z.object({
    t: z.literal('typing'),
    c: z.uuid(),
    u: z.uuid(),
    a: z.uuid().nullable(),
    by: z.enum(['traveller', 'agent']),
  }),
  z.object({ t: z.literal('conversation'), c: z.uuid(), u: z.uuid(), a: z.uuid().nullable() }),
]);
export type BusEvent = z.infer<typeof busEventSchema>;

export interface ChatBus {
  publish(event: BusEvent): Promise<void>;
  /** Every event published by any process, in the order this process receives them. */
  subscribe(handler: (event: BusEvent) => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const CHANNEL = 'junction_chat';

function parse(payload: string | undefined): BusEvent | undefined {
  try {
    const parsed = busEventSchema.safeParse(JSON.parse(payload ?? ''));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

abstract class BaseBus implements ChatBus {
  private readonly handlers: ((event: BusEvent) => void)[] = [];
  subscribe(handler: (event: BusEvent) => void): void {
    this.handlers.push(handler);
  }
  protected emit(payload: string | undefined): void {
    const event = parse(payload);
    if (!event) return;
    for (const h of this.handlers) h(event);
  }
  abstract publish(event: BusEvent): Promise<void>;
  abstract start(): Promise<void>;
  abstract stop(): Promise<void>;
}

/** PostgreSQL LISTEN/NOTIFY: one listening connection per process; it reconnects when dropped. */
export class PgBus extends BaseBus {
  private listener: pg.Client | undefined;
  private stopped = false;
  private readonly pool: pg.Pool;

  constructor(
    private readonly connectionString: string,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    super();
    this.pool = new pg.Pool({ connectionString, max: 2 });
    this.pool.on('error', onError);
  }

  async publish(event: BusEvent): Promise<void> {
    await this.pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (msg) => {
      if (msg.channel === CHANNEL) this.emit(msg.payload);
    });
    client.on('error', (error) => {
      this.onError(error);
      void this.reconnect(client);
    });
    client.on('end', () => void this.reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
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
 * Redis pub/sub, when REDIS_URL is set: one subscribing and one publishing connection per process. The Redis
 * client is loaded with the bus's first use, so a server without Redis never loads it.
 */
export class RedisBus extends BaseBus {
  private connections?: Promise<{ pub: Redis; sub: Redis }>;

  constructor(
    private readonly url: string,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    super();
  }

  private clients(): Promise<{ pub: Redis; sub: Redis }> {
    this.connections ??= import('ioredis').then(({ Redis }) => {
      const pub = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
      const sub = new Redis(this.url, { lazyConnect: true });
      pub.on('error', this.onError);
      sub.on('error', this.onError);
      sub.on('message', (channel: string, message: string) => {
        if (channel === CHANNEL) this.emit(message);
      });
      return { pub, sub };
    });
    return this.connections;
  }

  async publish(event: BusEvent): Promise<void> {
    await (await this.clients()).pub.publish(CHANNEL, JSON.stringify(event));
  }

  async start(): Promise<void> {
    const { pub, sub } = await this.clients();
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe(CHANNEL);
  }

  async stop(): Promise<void> {
    if (!this.connections) return;
    const { pub, sub } = await this.connections;
    sub.disconnect();
    pub.disconnect();
  }
}

/** One process without a database URL to listen on (never the case for `npm start`). */
export class LocalBus extends BaseBus {
  async publish(event: BusEvent): Promise<void> {
    queueMicrotask(() => this.emit(JSON.stringify(event)));
  }
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}
