import { AppError, type ChatEvent } from '@junction/domain';
import type { BusEvent } from './chat.bus';
import type { ChatRepository, ChatTrx, ConversationRow } from './chat.repository';

/** What an agent's moves need of the chat service. */
export type MoveDeps = {
  repo: ChatRepository;
  now: () => Date;
  /** The agent, or CHAT_NOT_AGENT. */
  agent: (userId: string) => Promise<unknown>;
  agentName: (agentId: string | null) => Promise<string | null>;
  publish: (event: BusEvent) => Promise<void>;
};

/**
 * An agent takes, transfers and closes a conversation: the change and its event message are written in
 * one transaction, then every process is told.
 */
export class ConversationMoves {
  constructor(private readonly deps: MoveDeps) {}

  private async changed(
    agentId: string,
    conversationId: string,
    change: (trx: ChatTrx) => Promise<ConversationRow | undefined>,
    event: ChatEvent,
    eventName: () => Promise<string | null>,
  ): Promise<void> {
    await this.deps.agent(agentId);
    const now = this.deps.now();
    const done = await this.deps.repo.transaction(async (trx) => {
      const row = await change(trx);
      if (!row) {
        const exists = await this.deps.repo.forAgent(agentId, conversationId, trx);
        if (!exists) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
        if (exists.status === 'closed') throw new AppError('CHAT_CONVERSATION_CLOSED');
        throw new AppError('CHAT_NOT_HELD');
      }
      const message = await this.deps.repo.appendMessage(
        trx,
        row.id,
        {
          kind: 'event',
          event,
          text: null,
          imageId: null,
          orderCard: null,
          sender: 'system',
          senderUserId: null,
          senderName: await eventName(),
          clientId: null,
        },
        now,
        'keep',
      );
      return { row, message };
    });
    await this.deps.publish({
      t: 'message',
      c: done.row.id,
      s: done.message.seq,
      u: done.row.userId,
      a: done.row.agentId,
    });
    await this.deps.publish({ t: 'conversation', c: done.row.id, u: done.row.userId, a: done.row.agentId });
  }

  async take(agentId: string, conversationId: string): Promise<void> {
    await this.changed(
      agentId,
      conversationId,
      (trx) =>
        this.deps.repo.transition(trx, {
          id: conversationId,
          action: 'take',
          to: 'active',
          agentId,
          now: this.deps.now(),
        }),
      'taken',
      () => this.deps.agentName(agentId),
    );
  }

  async transfer(agentId: string, conversationId: string, toAgentId: string): Promise<void> {
    const target = await this.deps.repo.agent(toAgentId);
    if (!target) throw new AppError('CHAT_AGENT_NOT_FOUND');
    await this.changed(
      agentId,
      conversationId,
      (trx) =>
        this.deps.repo.transition(trx, {
          id: conversationId,
          action: 'transfer',
          to: 'active',
          heldBy: agentId,
          agentId: toAgentId,
          now: this.deps.now(),
        }),
      'transferred',
      async () => target.displayName,
    );
  }

  async close(agentId: string, conversationId: string): Promise<void> {
    await this.changed(
      agentId,
      conversationId,
      (trx) => this.deps.repo.closeFor(trx, conversationId, agentId, this.deps.now()),
      'closed',
      () => this.deps.agentName(agentId),
    );
  }
}
