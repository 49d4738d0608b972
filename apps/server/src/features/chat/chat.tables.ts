import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** The chat's tables (migration 0008), added to the product's database type where the chat uses it. */
export type ChatAgentsTable = { userId: string; displayName: string; createdAt: Timestamp };

export type ChatConversationsTable = {
  id: Generated<string>;
  userId: string;
  status: string;
  agentId: string | null;
  lastSeq: Generated<number>;
  travellerDeliveredSeq: Generated<number>;
  travellerReadSeq: Generated<number>;
  agentDeliveredSeq: Generated<number>;
  agentReadSeq: Generated<number>;
  outOfHours: Generated<boolean>;
  notifyOnAnswer: Generated<boolean>;
  waitingSince: Timestamp | null;
  createdAt: Timestamp;
  lastMessageAt: Timestamp;
  closedAt: Timestamp | null;
};

export type ChatMessagesTable = {
  conversationId: string;
  seq: number;
  sender: string;
  senderUserId: string | null;
  senderName: string | null;
  kind: string;
  text: string | null;
  imageId: string | null;
  orderCard: ColumnType<unknown, string | null, string | null> | null;
  event: string | null;
  clientId: string | null;
  createdAt: Timestamp;
};

export type ChatImagesTable = {
  id: Generated<string>;
  conversationId: string;
  mime: string;
  bytes: Buffer;
  size: number;
  createdAt: Timestamp;
};

export type ChatConnectionsTable = {
  id: string;
  userId: string;
  processId: string;
  isAgent: boolean;
  openedAt: Timestamp;
  seenAt: Timestamp;
};

export type ChatTables = {
  chatAgents: ChatAgentsTable;
  chatConversations: ChatConversationsTable;
  chatMessages: ChatMessagesTable;
  chatImages: ChatImagesTable;
  chatConnections: ChatConnectionsTable;
};
