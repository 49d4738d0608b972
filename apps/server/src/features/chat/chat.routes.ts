import { AppError, serviceEndpoints as agentApi, chatEndpoints as api, CHAT_IMAGE_MAX_BYTES } from '@junction/domain';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { serve } from '../../lib/serve';
import { requireUser } from '../../plugins/auth';
import type { ChatHub } from './chat.hub';
import type { ChatService } from './chat.service';

const userOf = (req: { auth: { userId: string } | null }): string => req.auth?.userId ?? '';

/** The traveller's chat and the agents' console over HTTP; live delivery is the WebSocket (chat.socket.ts). */
export const chatRoutes = (chat: ChatService, hub: ChatHub): FastifyPluginAsync =>
  async function chatApi(app) {
    const tags = ['chat'];
    const signedIn = { tags, preHandler: requireUser };

    serve(app, api.summary, signedIn, async (req) => chat.summary(userOf(req)));
    serve(app, api.conversations, signedIn, async (req) => ({ items: await chat.conversations(userOf(req)) }));
    serve(app, api.messages, signedIn, async (req) =>
      chat.travellerMessages(userOf(req), req.query.conversationId, req.query.after, req.query.limit),
    );
    serve(app, api.send, signedIn, async (req) => chat.sendAsTraveller(userOf(req), req.body));
    serve(
      app,
      api.sendImage,
      { ...signedIn, bodyLimit: Math.ceil((CHAT_IMAGE_MAX_BYTES * 4) / 3) + 16_384 },
      async (req) => chat.sendImageAsTraveller(userOf(req), req.body),
    );
    serve(app, api.image, signedIn, async (req, reply) => {
      const image = await chat.image({ userId: userOf(req) }, req.query.id);
      return reply
        .type(image.mime)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(image.bytes);
    });
    serve(app, api.read, signedIn, async (req) => {
      await chat.travellerMark(userOf(req), req.body.conversationId, 'read', req.body.seq);
      return { ok: true as const };
    });

    const agentTags = ['service'];
    const agent = { tags: agentTags, preHandler: requireUser };
    serve(app, agentApi.me, agent, async (req) => chat.agent(userOf(req)));
    serve(app, agentApi.queue, agent, async (req) => chat.queue(userOf(req), hub.liveSince()));
    serve(app, agentApi.messages, agent, async (req) =>
      chat.agentMessages(userOf(req), req.query.conversationId, req.query.after, req.query.limit),
    );
    serve(app, agentApi.send, agent, async (req) => chat.sendAsAgent(userOf(req), req.body));
    serve(app, agentApi.read, agent, async (req) => {
      await chat.agentMark(userOf(req), req.body.conversationId, 'read', req.body.seq);
      return { ok: true as const };
    });
    serve(app, agentApi.take, agent, async (req) => {
      await chat.take(userOf(req), req.body.conversationId);
      return { ok: true as const };
    });
    serve(app, agentApi.transfer, agent, async (req) => {
      await chat.transfer(userOf(req), req.body.conversationId, req.body.agentId);
      return { ok: true as const };
    });
    serve(app, agentApi.close, agent, async (req) => {
      await chat.close(userOf(req), req.body.conversationId);
      return { ok: true as const };
    });
    serve(app, agentApi.orders, agent, async (req) => ({
      items: await chat.travellerOrders(userOf(req), req.query.conversationId),
    }));
  };

/** A handshake from another site's page is refused (cross-site WebSocket hijacking); no Origin is a non-browser client. */
function sameOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === req.host;
  } catch {
    return false;
  }
}

/** The port the socket needs to know who is connecting (the account feature provides it). */
export type SocketAuthenticator = { authenticate(token: string): Promise<{ userId: string } | null> };

declare module 'fastify' {
  interface FastifyRequest {
    chatConnection?: { id: string; userId: string; isAgent: boolean };
  }
}

/**
 * The WebSocket (`/api/chat/socket`, `?role=agent` for the console): the session cookie says who
 * connects, the page must be ours (Origin), and each user has a bounded number of connections.
 */
export const chatSocketRoute = (
  chat: ChatService,
  hub: ChatHub,
  sessions: SocketAuthenticator,
  path: string,
  sessionCookie: string,
): FastifyPluginAsync =>
  async function chatSocket(app) {
    app.route({
      method: 'GET',
      url: path,
      schema: { hide: true },
      preValidation: async (req) => {
        // Browsers send Origin with every WebSocket handshake; another site's page may not connect.
        if (!sameOrigin(req)) throw new AppError('FORBIDDEN');
        const token = req.cookies[sessionCookie];
        const auth = token ? await sessions.authenticate(token) : null;
        if (!auth) throw new AppError('SESSION_EXPIRED');
        const wantsAgent = (req.query as { role?: string }).role === 'agent';
        if (wantsAgent && !(await chat.isAgent(auth.userId))) throw new AppError('CHAT_NOT_AGENT');
        const id = await hub.reserve(auth.userId, wantsAgent);
        if (!id) throw new AppError('CHAT_TOO_MANY_CONNECTIONS');
        req.chatConnection = { id, userId: auth.userId, isAgent: wantsAgent };
      },
      handler: async (_req, reply) => reply.code(426).send({ errorCode: 1000, errorContent: 'Upgrade to WebSocket.' }),
      wsHandler: (socket, req) => {
        const c = req.chatConnection;
        if (!c) return socket.close(1011);
        hub.attach(c.id, c.userId, c.isAgent, socket);
      },
    });
  };
