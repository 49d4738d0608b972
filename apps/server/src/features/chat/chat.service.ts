import {
  type AgentQueue,
  AppError,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_TEXT_MAX,
  type ChatMessage,
  type ChatOrderCard,
  type ChatSummary,
  type Conversation,
  type MessagesPage,
  type QueueItem,
  type SendMessage,
  serviceHours,
} from '@junction/domain';
import type { BusEvent, ChatBus } from './chat.bus';
import { cleanText, maskEmail, maskMobile, toConversation, toMessage } from './chat.present';
import type { ChatRepository, ChatTrx, ConversationRow, MessageRow, NewMessage } from './chat.repository';
import { ConversationMoves } from './conversation-moves';
import { checkImageAllowance, type ImageLimits } from './image-allowance';
import { sniffImageType } from './image-type';

/** The orders the chat may show: the traveller's own, as cards (the orders feature provides them). */
export type ChatOrders = {
  card(userId: string, orderId: string): Promise<ChatOrderCard | undefined>;
  recent(userId: string): Promise<ChatOrderCard[]>;
};

/** Tells a traveller that an out-of-hours question has its answer (the notifications feature provides it). */
export type ChatNotifier = {
  answered(trx: ChatTrx, p: { userId: string; conversationId: string; agentName: string }): Promise<void>;
};

export type ChatOptions = {
  /** Messages one person may send per minute. */
  ratePerMinute: number;
  /** Images one person may send an hour, and bytes of them their conversations may hold (30 days). */
  images: ImageLimits;
  /** When service hours are judged (the real time, or a fixed instant set in the configuration). */
  hoursNow: () => Date;
};

export { maskEmail, maskMobile, toMessage } from './chat.present';

type Reader = { userId: string };
const MINUTE = 60_000;

/**
 * Online service: travellers write to our agents, agents take, answer, transfer and close. Every message
 * is stored before anyone is told of it; the bus then tells every server process, which delivers it to
 * its own connections.
 */
export class ChatService {
  constructor(
    private readonly repo: ChatRepository,
    private readonly bus: ChatBus,
    private readonly orders: ChatOrders,
    private readonly notifier: ChatNotifier | undefined,
    private readonly options: ChatOptions,
    private readonly now: () => Date,
  ) {
    this.moves = new ConversationMoves({
      repo,
      now,
      agent: (userId) => this.agent(userId),
      agentName: (agentId) => this.agentName(agentId),
      publish: (event) => this.publish(event),
    });
  }

  private readonly moves: ConversationMoves;

  private agentNames = new Map<string, string>();
  private async agentName(agentId: string | null): Promise<string | null> {
    if (!agentId) return null;
    const cached = this.agentNames.get(agentId);
    if (cached) return cached;
    const agent = await this.repo.agent(agentId);
    if (agent) this.agentNames.set(agentId, agent.displayName);
    return agent?.displayName ?? null;
  }

  private async publish(event: BusEvent): Promise<void> {
    // Stored already: a lost notice is made good by the client's resume from its last message.
    await this.bus.publish(event).catch(() => {});
  }

  // The traveller's side

  async summary(userId: string): Promise<ChatSummary> {
    const [latest, unread] = await Promise.all([this.repo.latestOf(userId), this.repo.unreadOf(userId)]);
    return {
      hours: serviceHours(this.options.hoursNow()),
      unread,
      conversation: latest ? toConversation(latest, await this.agentName(latest.agentId)) : null,
    };
  }

  async conversations(userId: string): Promise<Conversation[]> {
    const rows = await this.repo.listOf(userId, 50);
    return Promise.all(rows.map(async (r) => toConversation(r, await this.agentName(r.agentId))));
  }

  async travellerMessages(userId: string, conversationId: string, after: number, limit: number): Promise<MessagesPage> {
    const conv = await this.repo.forTraveller(userId, conversationId);
    if (!conv) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    const messages = await this.repo.messagesAfter(conversationId, after, limit);
    return {
      conversation: toConversation(conv, await this.agentName(conv.agentId)),
      messages: messages.map(toMessage),
    };
  }

  async sendAsTraveller(userId: string, input: SendMessage & { conversationId?: string }): Promise<ChatMessage> {
    const content =
      input.kind === 'text'
        ? { kind: 'text', text: this.checkText(input.text), orderCard: null }
        : { kind: 'order', text: null, orderCard: await this.ownOrder(userId, input.orderId) };
    return this.travellerMessage(userId, input.clientId, input.conversationId, {
      ...content,
      imageId: null,
      event: null,
    });
  }

  async sendImageAsTraveller(
    userId: string,
    input: { clientId: string; conversationId?: string; data: string },
  ): Promise<ChatMessage> {
    const bytes = Buffer.from(input.data, 'base64');
    if (bytes.length > CHAT_IMAGE_MAX_BYTES) throw new AppError('CHAT_IMAGE_TOO_LARGE');
    const mime = sniffImageType(bytes);
    if (!mime) throw new AppError('CHAT_IMAGE_TYPE');
    return this.travellerMessage(userId, input.clientId, input.conversationId, {
      kind: 'image',
      text: null,
      orderCard: null,
      event: null,
      imageId: null,
      image: { mime, bytes },
    });
  }

  private checkText(raw: string): string {
    const text = cleanText(raw);
    if (text.length === 0) throw new AppError('CHAT_MESSAGE_EMPTY');
    if ([...text].length > CHAT_TEXT_MAX)
      throw new AppError('CHAT_MESSAGE_TOO_LONG', { params: { max: CHAT_TEXT_MAX } });
    return text;
  }

  private async ownOrder(userId: string, orderId: string): Promise<ChatOrderCard> {
    const card = await this.orders.card(userId, orderId);
    if (!card) throw new AppError('ORDER_NOT_FOUND');
    return card;
  }

  private async checkRate(userId: string): Promise<void> {
    const since = new Date(this.now().getTime() - MINUTE);
    if ((await this.repo.countSentSince(userId, since)) >= this.options.ratePerMinute)
      throw new AppError('CHAT_RATE_LIMITED');
  }

  private async travellerMessage(
    userId: string,
    clientId: string,
    conversationId: string | undefined,
    content: Pick<NewMessage, 'kind' | 'text' | 'orderCard' | 'imageId' | 'event'> & {
      image?: { mime: string; bytes: Buffer };
    },
  ): Promise<ChatMessage> {
    const again = await this.repo.messageByClientId(userId, clientId);
    if (again) return toMessage(again);
    await this.checkRate(userId);
    const now = this.now();
    const hours = serviceHours(this.options.hoursNow());
    const { message, events, conv, created } = await this.repo.transaction(async (trx) => {
      let conv: ConversationRow | undefined;
      let created = false;
      if (conversationId) {
        conv = await this.repo.forTraveller(userId, conversationId, trx);
        if (!conv) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
        if (conv.status === 'closed') throw new AppError('CHAT_CONVERSATION_CLOSED');
      } else {
        conv = await this.repo.openOf(userId, trx);
        if (!conv) {
          conv = await this.repo.insertConversation(trx, { userId, outOfHours: !hours.open, now });
          // Another request opened one at the same moment: write in that one.
          if (!conv) conv = await this.repo.openOf(userId, trx);
          else created = true;
          if (!conv) throw new AppError('TRY_AGAIN_LATER');
        }
      }
      const { image, ...rest } = content;
      if (image) await checkImageAllowance(trx, userId, image.bytes.length, now, this.options.images);
      const imageId = image
        ? await this.repo.insertImage(trx, { conversationId: conv.id, mime: image.mime, bytes: image.bytes, now })
        : null;
      const message = await this.repo.appendMessage(
        trx,
        conv.id,
        { ...rest, imageId, sender: 'traveller', senderUserId: userId, senderName: null, clientId },
        now,
        'start',
      );
      const events: MessageRow[] = [];
      if (created && !hours.open) {
        events.push(
          await this.repo.appendMessage(
            trx,
            conv.id,
            {
              kind: 'event',
              event: 'outOfHours',
              text: null,
              imageId: null,
              orderCard: null,
              sender: 'system',
              senderUserId: null,
              senderName: null,
              clientId: null,
            },
            now,
            'keep',
          ),
        );
      }
      return { message, events, conv, created };
    });
    await this.publish({ t: 'message', c: conv.id, s: message.seq, u: userId, a: conv.agentId });
    for (const e of events) await this.publish({ t: 'message', c: conv.id, s: e.seq, u: userId, a: conv.agentId });
    if (created) {
      await this.publish({ t: 'conversation', c: conv.id, u: userId, a: conv.agentId });
    }
    return toMessage(message);
  }

  async travellerMark(userId: string, conversationId: string, mark: 'delivered' | 'read', seq: number): Promise<void> {
    const column = mark === 'read' ? 'travellerReadSeq' : 'travellerDeliveredSeq';
    await this.marked(await this.repo.mark({ id: conversationId, userId, column, seq }));
  }

  /** One side's mark moved: both sides are told, or the conversation is not theirs. */
  private async marked(row: ConversationRow | undefined): Promise<void> {
    if (!row) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    await this.publish({ t: 'marks', c: row.id, u: row.userId, a: row.agentId });
  }

  async travellerTyping(userId: string, conversationId: string): Promise<void> {
    const conv = await this.repo.forTraveller(userId, conversationId);
    if (!conv || conv.status === 'closed') return;
    await this.publish({ t: 'typing', c: conv.id, u: userId, a: conv.agentId, by: 'traveller' });
  }

  /** Whether a reader may see an image, and its bytes if so. */
  async image(reader: Reader, imageId: string): Promise<{ mime: string; bytes: Buffer }> {
    const image = await this.repo.image(imageId);
    if (!image) throw new AppError('NOT_FOUND');
    if (image.userId === reader.userId) return image;
    if (image.status === 'waiting' || image.agentId === reader.userId) {
      if (await this.repo.agent(reader.userId)) return image;
    }
    throw new AppError('NOT_FOUND');
  }

  // The agents' side

  async agent(userId: string): Promise<{ id: string; name: string }> {
    const agent = await this.repo.agent(userId);
    if (!agent) throw new AppError('CHAT_NOT_AGENT');
    return { id: agent.userId, name: agent.displayName };
  }

  async isAgent(userId: string): Promise<boolean> {
    return (await this.repo.agent(userId)) !== undefined;
  }

  async queue(agentId: string, liveSince: Date): Promise<AgentQueue> {
    const me = await this.agent(agentId);
    const [{ waiting, mine }, agents] = await Promise.all([this.repo.queue(agentId), this.repo.agents(liveSince)]);
    const item = async (r: (typeof waiting)[number]): Promise<QueueItem> => ({
      ...toConversation(r, await this.agentName(r.agentId)),
      agentId: r.agentId,
      waitingSince: r.waitingSince ? r.waitingSince.toISOString() : null,
      preview: r.preview,
      previewKind: (r.previewKind as QueueItem['previewKind']) ?? null,
      traveller: {
        userId: r.userId,
        name: r.name ?? r.nickname,
        mobileMasked: maskMobile(r.mobile),
        emailMasked: maskEmail(r.email),
      },
    });
    return {
      me,
      waiting: await Promise.all(waiting.map(item)),
      mine: await Promise.all(mine.map(item)),
      agents: agents.map((a) => ({ id: a.userId, name: a.displayName, online: a.online })),
      hours: serviceHours(this.options.hoursNow()),
    };
  }

  async agentMessages(agentId: string, conversationId: string, after: number, limit: number): Promise<MessagesPage> {
    await this.agent(agentId);
    const conv = await this.repo.forAgent(agentId, conversationId);
    if (!conv) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    const messages = await this.repo.messagesAfter(conversationId, after, limit);
    return {
      conversation: toConversation(conv, await this.agentName(conv.agentId)),
      messages: messages.map(toMessage),
    };
  }

  async travellerOrders(agentId: string, conversationId: string): Promise<ChatOrderCard[]> {
    await this.agent(agentId);
    const conv = await this.repo.forAgent(agentId, conversationId);
    if (!conv) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    return this.orders.recent(conv.userId);
  }

  async sendAsAgent(agentId: string, input: SendMessage & { conversationId: string }): Promise<ChatMessage> {
    const me = await this.agent(agentId);
    const again = await this.repo.messageByClientId(agentId, input.clientId);
    if (again) return toMessage(again);
    const conv = await this.repo.forAgent(agentId, input.conversationId);
    if (!conv) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    const content =
      input.kind === 'text'
        ? { kind: 'text', text: this.checkText(input.text), orderCard: null }
        : { kind: 'order', text: null, orderCard: await this.ownOrder(conv.userId, input.orderId) };
    await this.checkRate(agentId);
    const now = this.now();
    const message = await this.repo.transaction(async (trx) => {
      const held = await this.repo.byId(input.conversationId, trx);
      if (held?.status === 'closed') throw new AppError('CHAT_CONVERSATION_CLOSED');
      if (held?.status !== 'active' || held.agentId !== agentId) throw new AppError('CHAT_NOT_HELD');
      const message = await this.repo.appendMessage(
        trx,
        held.id,
        {
          ...content,
          imageId: null,
          event: null,
          sender: 'agent',
          senderUserId: agentId,
          senderName: me.name,
          clientId: input.clientId,
        },
        now,
        'clear',
      );
      if (held.notifyOnAnswer && this.notifier) {
        await trx.updateTable('chatConversations').set({ notifyOnAnswer: false }).where('id', '=', held.id).execute();
        await this.notifier.answered(trx, { userId: held.userId, conversationId: held.id, agentName: me.name });
      }
      return message;
    });
    await this.publish({ t: 'message', c: conv.id, s: message.seq, u: conv.userId, a: agentId });
    return toMessage(message);
  }

  async agentMark(agentId: string, conversationId: string, mark: 'delivered' | 'read', seq: number): Promise<void> {
    await this.agent(agentId);
    const column = mark === 'read' ? 'agentReadSeq' : 'agentDeliveredSeq';
    await this.marked(await this.repo.mark({ id: conversationId, agentId, column, seq }));
  }

  async agentTyping(agentId: string, conversationId: string): Promise<void> {
    const conv = await this.repo.byId(conversationId);
    if (conv?.status !== 'active' || conv.agentId !== agentId) return;
    await this.publish({ t: 'typing', c: conv.id, u: conv.userId, a: agentId, by: 'agent' });
  }

  take(agentId: string, conversationId: string): Promise<void> {
    return this.moves.take(agentId, conversationId);
  }

  transfer(agentId: string, conversationId: string, toAgentId: string): Promise<void> {
    return this.moves.transfer(agentId, conversationId, toAgentId);
  }

  close(agentId: string, conversationId: string): Promise<void> {
    return this.moves.close(agentId, conversationId);
  }
}
