import type { ChatEvent } from '@junction/domain';
import type { BusEvent, ChatBus } from './chat.bus';
import type { ChatRepository, ChatTrx } from './chat.repository';

/**
 * Matters customer service must take up with a traveller though they wrote nothing (money to return by
 * hand): an event message in the traveller's open conversation, opened if there is none, which then waits
 * in the agents' queue. One message per key: the same matter raised again adds nothing.
 */
export class ServiceMatters {
  constructor(
    private readonly repo: ChatRepository,
    private readonly bus: ChatBus,
    private readonly now: () => Date,
  ) {}

  async raise(p: { userId: string; key: string; event: ChatEvent; text: string }): Promise<void> {
    const now = this.now();
    const done = await this.repo.transaction(async (trx: ChatTrx) => {
      // One matter at a time per traveller, so the same key is never written twice.
      await trx.selectFrom('users').select('id').where('id', '=', p.userId).forUpdate().execute();
      const raised = await trx
        .selectFrom('chatMessages as m')
        .innerJoin('chatConversations as c', 'c.id', 'm.conversationId')
        .select('m.seq')
        .where('c.userId', '=', p.userId)
        .where('m.sender', '=', 'system')
        .where('m.clientId', '=', p.key)
        .executeTakeFirst();
      if (raised) return undefined;
      const open = await this.repo.openOf(p.userId, trx);
      const conv = open ?? (await this.repo.insertConversation(trx, { userId: p.userId, outOfHours: false, now }));
      if (!conv) throw new Error(`no conversation could be opened for ${p.userId}`);
      const created = !open;
      const message = await this.repo.appendMessage(
        trx,
        conv.id,
        {
          kind: 'event',
          event: p.event,
          text: p.text,
          imageId: null,
          orderCard: null,
          sender: 'system',
          senderUserId: null,
          senderName: null,
          clientId: p.key,
        },
        now,
        'start',
      );
      return { conv, message, created };
    });
    if (!done) return;
    const { conv, message, created } = done;
    const events: BusEvent[] = [{ t: 'message', c: conv.id, s: message.seq, u: p.userId, a: conv.agentId }];
    if (created) events.push({ t: 'conversation', c: conv.id, u: p.userId, a: conv.agentId });
    // Stored already: a lost notice is made good by the client's resume from its last message.
    for (const event of events) await this.bus.publish(event).catch(() => {});
  }
}
