import { randomUUID } from 'node:crypto';
import { AppError, type ClientFrame, clientFrameSchema, type ServerFrame } from '@junction/domain';
import type { WebSocket } from 'ws';
import type { BusEvent, ChatBus } from './chat.bus';
import type { ChatRepository } from './chat.repository';
import { type ChatService, toMessage } from './chat.service';

type Connection = { id: string; userId: string; isAgent: boolean; socket: WebSocket };

export type HubOptions = {
  maxConnectionsPerUser: number;
  /** A connection not seen by its process's heartbeat for this long no longer counts. */
  connectionTtlMs: number;
  heartbeatMs: number;
  /** Frames one connection may send per minute (typing, marks); more close it. */
  framesPerMinute: number;
};

/**
 * The WebSocket connections of this server process. Every bus event (from any process) is delivered to
 * the connections entitled to it: the traveller of the conversation, the agent holding it, and every
 * agent's queue when a conversation changes.
 */
export class ChatHub {
  readonly processId = randomUUID();
  private readonly connections = new Map<string, Connection>();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly repo: ChatRepository,
    private readonly service: ChatService,
    private readonly bus: ChatBus,
    private readonly options: HubOptions,
    private readonly now: () => Date,
    private readonly log: (error: unknown) => void,
  ) {
    bus.subscribe((event) => {
      this.dispatch(event).catch(log);
    });
  }

  liveSince(): Date {
    return new Date(this.now().getTime() - this.options.connectionTtlMs);
  }

  private listening: Promise<void> | undefined;

  /**
   * Starts listening to the bus without holding up the server's start; a connection is let in only once
   * this process hears the bus, so nothing published after it connects is missed.
   */
  start(): void {
    this.listening = this.listen();
    this.listening.catch(this.log);
    this.heartbeat = setInterval(() => {
      this.repo.touchConnections([...this.connections.keys()], this.now(), this.liveSince()).catch(this.log);
    }, this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  private async listen(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.bus.start();
      } catch (error) {
        this.log(error);
        if (attempt >= 4) throw error;
        await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
      }
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.listening?.catch(() => {});
    for (const c of this.connections.values()) c.socket.close(1001, 'server stopping');
    await Promise.all([...this.connections.keys()].map((id) => this.repo.closeConnection(id).catch(() => {})));
    this.connections.clear();
    await this.bus.stop();
  }

  /** Reserves a connection for a user, or false when they have the most they may have open. */
  async reserve(userId: string, isAgent: boolean): Promise<string | undefined> {
    await this.listening?.catch(() => {
      throw new AppError('CHAT_UNAVAILABLE');
    });
    const id = randomUUID();
    const ok = await this.repo.openConnection(
      { id, userId, processId: this.processId, isAgent, now: this.now() },
      this.options.maxConnectionsPerUser,
      this.liveSince(),
    );
    return ok ? id : undefined;
  }

  attach(id: string, userId: string, isAgent: boolean, socket: WebSocket): void {
    const connection: Connection = { id, userId, isAgent, socket };
    this.connections.set(id, connection);
    let windowStart = Date.now();
    let frames = 0;
    socket.on('message', (data, isBinary) => {
      if (Date.now() - windowStart > 60_000) {
        windowStart = Date.now();
        frames = 0;
      }
      if (++frames > this.options.framesPerMinute) {
        socket.close(1008, 'too many frames');
        return;
      }
      if (isBinary) return;
      let frame: ClientFrame;
      try {
        const parsed = clientFrameSchema.safeParse(JSON.parse(String(data)));
        if (!parsed.success) return;
        frame = parsed.data;
      } catch {
        return;
      }
      this.onFrame(connection, frame).catch(() => {
        // A frame about a conversation the reader may not see is dropped.
      });
    });
    socket.on('close', () => {
      this.connections.delete(id);
      this.repo.closeConnection(id).catch(this.log);
    });
    this.send(connection, { type: 'ready' });
  }

  private async onFrame(c: Connection, frame: ClientFrame): Promise<void> {
    if (frame.type === 'ping') return this.send(c, { type: 'pong' });
    if (frame.type === 'typing') {
      return c.isAgent
        ? this.service.agentTyping(c.userId, frame.conversationId)
        : this.service.travellerTyping(c.userId, frame.conversationId);
    }
    const mark = frame.type;
    return c.isAgent
      ? this.service.agentMark(c.userId, frame.conversationId, mark, frame.seq)
      : this.service.travellerMark(c.userId, frame.conversationId, mark, frame.seq);
  }

  private send(c: Connection, frame: ServerFrame): void {
    if (c.socket.readyState === c.socket.OPEN) c.socket.send(JSON.stringify(frame));
  }

  private travellerOf(event: BusEvent): Connection[] {
    return [...this.connections.values()].filter((c) => !c.isAgent && c.userId === event.u);
  }

  private holderOf(event: BusEvent): Connection[] {
    return [...this.connections.values()].filter((c) => c.isAgent && event.a !== null && c.userId === event.a);
  }

  private agents(): Connection[] {
    return [...this.connections.values()].filter((c) => c.isAgent);
  }

  async dispatch(event: BusEvent): Promise<void> {
    if (this.connections.size === 0) return;
    if (event.t === 'message') {
      const traveller = this.travellerOf(event);
      const holder = this.holderOf(event);
      if (traveller.length + holder.length > 0) {
        const row = await this.repo.message(event.c, event.s);
        if (!row) return;
        const frame: ServerFrame = { type: 'message', message: toMessage(row) };
        for (const c of [...traveller, ...holder]) this.send(c, frame);
      }
      // Every agent's queue shows the waiting conversations and their latest words.
      if (event.a === null)
        for (const c of this.agents()) this.send(c, { type: 'conversation', conversationId: event.c });
      return;
    }
    if (event.t === 'typing') {
      const to = event.by === 'traveller' ? this.holderOf(event) : this.travellerOf(event);
      for (const c of to) this.send(c, { type: 'typing', conversationId: event.c, by: event.by });
      return;
    }
    if (event.t === 'marks') {
      const row = await this.repo.byId(event.c);
      if (!row) return;
      const frame: ServerFrame = {
        type: 'marks',
        conversationId: row.id,
        travellerDeliveredSeq: row.travellerDeliveredSeq,
        travellerReadSeq: row.travellerReadSeq,
        agentDeliveredSeq: row.agentDeliveredSeq,
        agentReadSeq: row.agentReadSeq,
      };
      for (const c of [...this.travellerOf(event), ...this.holderOf(event)]) this.send(c, frame);
      return;
    }
    const frame: ServerFrame = { type: 'conversation', conversationId: event.c };
    for (const c of [...this.travellerOf(event), ...this.agents()]) this.send(c, frame);
  }
}
