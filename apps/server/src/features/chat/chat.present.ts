import type { ChatEvent, ChatMessage, ChatOrderCard, Conversation, ConversationStatus } from '@junction/domain';
import type { ConversationRow, MessageRow } from './chat.repository';

export function toMessage(m: MessageRow): ChatMessage {
  return {
    conversationId: m.conversationId,
    seq: m.seq,
    sender: m.sender as ChatMessage['sender'],
    senderName: m.senderName,
    kind: m.kind as ChatMessage['kind'],
    text: m.text,
    imageId: m.imageId,
    order: (m.orderCard as ChatOrderCard | null) ?? null,
    event: m.event as ChatEvent | null,
    clientId: m.clientId,
    createdAt: m.createdAt.toISOString(),
  };
}

export function toConversation(c: ConversationRow & { unread: number }, agentName: string | null): Conversation {
  return {
    id: c.id,
    status: c.status as ConversationStatus,
    createdAt: c.createdAt.toISOString(),
    lastMessageAt: c.lastMessageAt.toISOString(),
    lastSeq: c.lastSeq,
    agentName,
    travellerDeliveredSeq: c.travellerDeliveredSeq,
    travellerReadSeq: c.travellerReadSeq,
    agentDeliveredSeq: c.agentDeliveredSeq,
    agentReadSeq: c.agentReadSeq,
    outOfHours: c.outOfHours,
    unread: c.unread,
  };
}

/** Masks all but the last four digits of a mobile number, and the middle of an e-mail's local part. */
export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  return mobile.length <= 4 ? '****' : `${'*'.repeat(Math.min(7, mobile.length - 4))}${mobile.slice(-4)}`;
}
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** Text as stored: control characters other than line breaks removed, trimmed. Never HTML, never parsed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
export const cleanText = (text: string) => text.replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '').trim();
