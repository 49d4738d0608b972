import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns';

export type NotificationsTable = {
  id: Generated<string>;
  userId: string;
  kind: string;
  orderId: string | null;
  params: ColumnType<Record<string, string | number>, string, string>;
  dedupeKey: string | null;
  createdAt: Timestamp;
  readAt: Timestamp | null;
  mailedAt: Timestamp | null;
  textedAt: Timestamp | null;
};

/** The notifications tables, by the name queries use. */
export type NotificationsTables = {
  notifications: NotificationsTable;
};
