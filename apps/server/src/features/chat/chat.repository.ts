import type { ConversationAction, ConversationStatus } from '@junction/domain';
import { conversationFrom } from '@junction/domain';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/database';
import * as agents from './chat.agents';
import * as connections from './chat.connections';
import type { ChatConversationsTable, ChatMessagesTable, ChatTables } from './chat.tables';

type ChatDb = Kysely<Database & ChatTables>;
export type ChatTrx = Transaction<Database & ChatTables>;
type Executor = ChatDb | ChatTrx;

export type ConversationRow = Selectable<ChatConversationsTable>;
export type MessageRow = Selectable<ChatMessagesTable>;
export type NewMessage = Omit<MessageRow, 'conversationId' | 'seq' | 'createdAt' | 'orderCard'> & {
  orderCard: unknown;
};

/** Travellers' messages the agent has not read, and agents' messages the traveller has not read. */
const UNREAD_FOR_TRAVELLER = sql<number>`(select count(*)::int from chat_messages m where m.conversation_id = chat_conversations.id and m.sender = 'agent' and m.seq > chat_conversations.traveller_read_seq)`;
const UNREAD_FOR_AGENT = sql<number>`(select count(*)::int from chat_messages m where m.conversation_id = chat_conversations.id and m.sender = 'traveller' and m.seq > chat_conversations.agent_read_seq)`;

/**
 * The only code that touches the chat's tables. A traveller's statements name their user id; an agent's
 * name the conversations the console shows them (waiting ones and those they hold).
 */
/**
 * The message a queued conversation is previewed by: the traveller's last, or a matter customer service must
 * take up (a refund that failed) raised after it, so a conversation opened by one never waits unexplained.
 */
const LAST_FOR_AGENT = sql`from chat_messages m where m.conversation_id = chat_conversations.id
  and (m.sender = 'traveller' or (m.sender = 'system' and m.kind = 'event' and m.event = 'refundFailed'))
  order by m.seq desc limit 1`;

export class ChatRepository {
  private readonly db: ChatDb;

  constructor(db: Db) {
    this.db = db.withTables<ChatTables>();
  }

  transaction<T>(work: (trx: ChatTrx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  // Agents (chat.agents.ts)

  agent(userId: string): Promise<{ userId: string; displayName: string } | undefined> {
    return agents.agent(this.db, userId);
  }

  agents(liveSince: Date): Promise<{ userId: string; displayName: string; online: boolean }[]> {
    return agents.agents(this.db, liveSince);
  }

  insertAgent(userId: string, displayName: string, now: Date): Promise<void> {
    return agents.insertAgent(this.db, userId, displayName, now);
  }

  /** An agent account for an e-mail (see `chat.agents.ts`); answers whether the account was created. */
  upsertAgentAccount(a: { email: string; passwordHash: string; name: string; now: Date }): Promise<boolean> {
    return agents.upsertAgentAccount(this.db, a);
  }

  // Conversations

  async forTraveller(userId: string, id: string, db: Executor = this.db) {
    return db
      .selectFrom('chatConversations')
      .selectAll()
      .select(UNREAD_FOR_TRAVELLER.as('unread'))
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
  }

  async openOf(userId: string, db: Executor = this.db) {
    return db
      .selectFrom('chatConversations')
      .selectAll()
      .select(UNREAD_FOR_TRAVELLER.as('unread'))
      .where('userId', '=', userId)
      .where('status', '<>', 'closed')
      .executeTakeFirst();
  }

  async latestOf(userId: string) {
    return this.db
      .selectFrom('chatConversations')
      .selectAll()
      .select(UNREAD_FOR_TRAVELLER.as('unread'))
      .where('userId', '=', userId)
      .orderBy(sql`status = 'closed'`)
      .orderBy('lastMessageAt', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async listOf(userId: string, limit: number) {
    return this.db
      .selectFrom('chatConversations')
      .selectAll()
      .select(UNREAD_FOR_TRAVELLER.as('unread'))
      .where('userId', '=', userId)
      .orderBy(sql`status = 'closed'`)
      .orderBy('lastMessageAt', 'desc')
      .limit(limit)
      .execute();
  }

  async unreadOf(userId: string): Promise<number> {
    const row = await sql<{ n: number }>`
      select count(*)::int as n from chat_messages m join chat_conversations c on c.id = m.conversation_id
      where c.user_id = ${userId} and m.sender = 'agent' and m.seq > c.traveller_read_seq`.execute(this.db);
    return row.rows[0]?.n ?? 0;
  }

  /** A conversation as an agent may see it: waiting, or held (now or before) by this agent. */
  async forAgent(agentId: string, id: string, db: Executor = this.db) {
    return db
      .selectFrom('chatConversations')
      .selectAll()
      .select(UNREAD_FOR_AGENT.as('unread'))
      .where('id', '=', id)
      .where((eb) => eb.or([eb('status', '=', 'waiting'), eb('agentId', '=', agentId)]))
      .executeTakeFirst();
  }

  async byId(id: string, db: Executor = this.db): Promise<ConversationRow | undefined> {
    return db.selectFrom('chatConversations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The console's lists: the waiting queue (longest waiting first) and the agent's active ones. */
  async queue(agentId: string) {
    const base = this.db
      .selectFrom('chatConversations')
      .innerJoin('users', 'users.id', 'chatConversations.userId')
      .selectAll('chatConversations')
      .select(['users.name', 'users.nickname', 'users.mobile', 'users.mobileCountry', 'users.email'])
      .select(UNREAD_FOR_AGENT.as('unread'))
      .select(sql<string | null>`(select m.text ${LAST_FOR_AGENT})`.as('preview'))
      .select(
        sql<string | null>`(select case when m.kind = 'event' then m.event else m.kind end ${LAST_FOR_AGENT})`.as(
          'previewKind',
        ),
      );
    const [waiting, mine] = await Promise.all([
      base.where('status', '=', 'waiting').orderBy('createdAt').limit(200).execute(),
      base
        .where('status', '=', 'active')
        .where('agentId', '=', agentId)
        .orderBy('lastMessageAt', 'desc')
        .limit(200)
        .execute(),
    ]);
    return { waiting, mine };
  }

  async insertConversation(
    trx: ChatTrx,
    c: { userId: string; outOfHours: boolean; now: Date },
  ): Promise<ConversationRow | undefined> {
    return trx
      .insertInto('chatConversations')
      .values({
        userId: c.userId,
        status: 'waiting',
        outOfHours: c.outOfHours,
        notifyOnAnswer: c.outOfHours,
        createdAt: c.now,
        lastMessageAt: c.now,
        waitingSince: c.now,
      })
      .onConflict((oc) => oc.column('userId').where('status', '<>', 'closed').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * A conversation's status change as one compare-and-set: nothing changes unless it is in a status the
   * action starts from (and held by `heldBy` when given). Answers the row after the change, or undefined.
   */
  async transition(
    trx: ChatTrx,
    p: {
      id: string;
      action: ConversationAction;
      to: ConversationStatus;
      heldBy?: string;
      agentId: string | null;
      now: Date;
      /** Only these statuses (a subset of the action's) may start it. */
      from?: readonly ConversationStatus[];
    },
  ): Promise<ConversationRow | undefined> {
    let q = trx
      .updateTable('chatConversations')
      .set({
        status: p.to,
        agentId: p.agentId,
        ...(p.to === 'closed' ? { closedAt: p.now, waitingSince: null } : {}),
      })
      .where('id', '=', p.id)
      .where('status', 'in', [...(p.from ?? conversationFrom(p.action))]);
    if (p.heldBy) q = q.where('agentId', '=', p.heldBy);
    return q.returningAll().executeTakeFirst();
  }

  /** Closes the waiting conversation or the one the agent holds. */
  async closeFor(trx: ChatTrx, id: string, agentId: string, now: Date): Promise<ConversationRow | undefined> {
    return trx
      .updateTable('chatConversations')
      .set({ status: 'closed', closedAt: now, waitingSince: null })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([eb('status', '=', 'waiting'), eb.and([eb('status', '=', 'active'), eb('agentId', '=', agentId)])]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Appends a message: the conversation row's `last_seq` grows under its row lock, so messages of one
   * conversation are numbered in the order they are stored, without gaps.
   */
  async appendMessage(
    trx: ChatTrx,
    conversationId: string,
    m: NewMessage,
    now: Date,
    waiting: 'start' | 'clear' | 'keep',
  ): Promise<MessageRow> {
    const conv = await trx
      .updateTable('chatConversations')
      .set((eb) => ({
        lastSeq: eb('lastSeq', '+', 1),
        lastMessageAt: now,
        ...(waiting === 'start' ? { waitingSince: sql`coalesce(waiting_since, ${now})` } : {}),
        ...(waiting === 'clear' ? { waitingSince: null } : {}),
      }))
      .where('id', '=', conversationId)
      .returning(['lastSeq'])
      .executeTakeFirstOrThrow();
    return trx
      .insertInto('chatMessages')
      .values({
        ...m,
        orderCard: m.orderCard === null ? null : JSON.stringify(m.orderCard),
        conversationId,
        seq: conv.lastSeq,
        createdAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async messageByClientId(senderUserId: string, clientId: string): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom('chatMessages')
      .selectAll()
      .where('senderUserId', '=', senderUserId)
      .where('clientId', '=', clientId)
      .executeTakeFirst();
  }

  async message(conversationId: string, seq: number): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom('chatMessages')
      .selectAll()
      .where('conversationId', '=', conversationId)
      .where('seq', '=', seq)
      .executeTakeFirst();
  }

  async messagesAfter(conversationId: string, after: number, limit: number): Promise<MessageRow[]> {
    return this.db
      .selectFrom('chatMessages')
      .selectAll()
      .where('conversationId', '=', conversationId)
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(limit)
      .execute();
  }

  async countSentSince(senderUserId: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('chatMessages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('senderUserId', '=', senderUserId)
      .where('createdAt', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Moves one side's delivery or read mark forward (never back, never past the last message). */
  async mark(p: {
    id: string;
    userId?: string;
    agentId?: string;
    column: MarkColumn;
    seq: number;
  }): Promise<ConversationRow | undefined> {
    let q = this.db
      .updateTable('chatConversations')
      .set({ [p.column]: sql`greatest(${sql.ref(toSnake(p.column))}, least(${p.seq}::int, last_seq))` })
      .where('id', '=', p.id);
    if (p.userId) q = q.where('userId', '=', p.userId);
    if (p.agentId) q = q.where('agentId', '=', p.agentId);
    return q.returningAll().executeTakeFirst();
  }

  async insertImage(
    trx: ChatTrx,
    image: { conversationId: string; mime: string; bytes: Buffer; now: Date },
  ): Promise<string> {
    const row = await trx
      .insertInto('chatImages')
      .values({
        conversationId: image.conversationId,
        mime: image.mime,
        bytes: image.bytes,
        size: image.bytes.length,
        createdAt: image.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async image(id: string) {
    return this.db
      .selectFrom('chatImages')
      .innerJoin('chatConversations', 'chatConversations.id', 'chatImages.conversationId')
      .select([
        'chatImages.mime',
        'chatImages.bytes',
        'chatConversations.userId',
        'chatConversations.agentId',
        'chatConversations.status',
      ])
      .where('chatImages.id', '=', id)
      .executeTakeFirst();
  }

  async traveller(userId: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'nickname', 'mobile', 'mobileCountry', 'email'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  // Connections (chat.connections.ts)

  openConnection(
    c: { id: string; userId: string; processId: string; isAgent: boolean; now: Date },
    max: number,
    liveSince: Date,
  ): Promise<boolean> {
    return connections.openConnection(this.db, c, max, liveSince);
  }

  closeConnection(id: string): Promise<void> {
    return connections.closeConnection(this.db, id);
  }

  touchConnections(ids: string[], now: Date, lapsedBefore: Date): Promise<void> {
    return connections.touchConnections(this.db, ids, now, lapsedBefore);
  }
}

export type MarkColumn = 'travellerDeliveredSeq' | 'travellerReadSeq' | 'agentDeliveredSeq' | 'agentReadSeq';
const toSnake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
