import websocket from '@fastify/websocket';
import { CHAT_SOCKET_PATH } from '@junction/domain';
import type { FastifyInstance } from 'fastify';
import type { Basics } from '../../feature-module';
import { busFor } from '../../lib/bus';
import { SESSION_COOKIE } from '../../plugins/auth';
import { type ChatBus, chatChannel } from './chat.bus';
import { ChatHub } from './chat.hub';
import { ChatRepository } from './chat.repository';
import { chatRoutes, chatSocketRoute, type SocketAuthenticator } from './chat.routes';
import { type ChatNotifier, type ChatOrders, ChatService } from './chat.service';
import { ServiceMatters } from './service-matters';

export type ChatPorts = {
  orders: ChatOrders;
  notifier: ChatNotifier;
  sessions: SocketAuthenticator;
  /** Where the bus listens without Redis (PostgreSQL's LISTEN/NOTIFY); this process alone without either. */
  databaseUrl?: string;
  warn: (error: unknown, what: string) => void;
};

/** Chat: conversations, messages and images, agents, and the WebSocket hub fed by a bus every process shares. */
export function chatModule(basics: Basics, ports: ChatPorts) {
  const { db, config, now } = basics;
  const bus: ChatBus = busFor(chatChannel, { redisUrl: config.REDIS_URL, databaseUrl: ports.databaseUrl }, (e) =>
    ports.warn(e, config.REDIS_URL ? 'chat bus (Redis)' : 'chat bus (PostgreSQL)'),
  );
  const repo = new ChatRepository(db);
  const fixedHours = config.CHAT_FIXED_NOW ? new Date(config.CHAT_FIXED_NOW) : undefined;
  const service = new ChatService(
    repo,
    bus,
    ports.orders,
    ports.notifier,
    {
      ratePerMinute: config.CHAT_RATE_PER_MINUTE,
      images: { perHour: config.CHAT_IMAGES_PER_HOUR, quotaBytes: Math.floor(config.CHAT_IMAGE_QUOTA_MB * 1024 ** 2) },
      hoursNow: fixedHours ? () => fixedHours : now,
    },
    now,
  );
  const hub = new ChatHub(
    repo,
    service,
    bus,
    {
      maxConnectionsPerUser: config.CHAT_MAX_CONNECTIONS,
      connectionTtlMs: 90_000,
      heartbeatMs: 30_000,
      framesPerMinute: 240,
    },
    now,
    (e) => ports.warn(e, 'chat'),
  );
  return {
    service,
    /** What customer service must take up with a traveller unasked, put in the agents' queue. */
    matters: new ServiceMatters(repo, bus, now),
    routes: chatRoutes(service, hub),
    /** The hub runs while the server does; the socket is served beside the API, on its own route. */
    socket: async (app: FastifyInstance) => {
      app.addHook('onReady', async () => hub.start());
      app.addHook('onClose', () => hub.stop());
      await app.register(websocket, { options: { maxPayload: 4096 } });
      await app.register(chatSocketRoute(service, hub, ports.sessions, CHAT_SOCKET_PATH, SESSION_COOKIE));
    },
    jobs: () => undefined,
  };
}
