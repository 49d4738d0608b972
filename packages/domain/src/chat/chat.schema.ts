import { z } from 'zod';
import { orderSummarySchema } from '../orders/order.schema';
import { CONVERSATION_STATUSES } from './conversation-status';

const isoDateTime = z.iso.datetime({ offset: true });
export const conversationStatusSchema = z.enum(CONVERSATION_STATUSES);

/** Limits every client and the server keep alike; the rates and connection counts are server settings. */
export const CHAT_TEXT_MAX = 1000;
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CHAT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ChatImageType = (typeof CHAT_IMAGE_TYPES)[number];

/**
 * What happened in a conversation besides what people wrote; the client words it in its language.
 * `refundFailed` puts money to return by hand before the agents: its text is `refundFailedText`'s.
 */
export const CHAT_EVENTS = ['taken', 'transferred', 'closed', 'outOfHours', 'refundFailed'] as const;
export type ChatEvent = (typeof CHAT_EVENTS)[number];

/**
 * What a `refundFailed` event says: the money to return (CNY hundredths), where it could not go back (the
 * card by `last4`, or the Alipay or WeChat Pay account; a card when not said) and, for an order's refund,
 * the order's number.
 */
const refundFailedSchema = z.object({
  amountMinor: z.number().int().positive(),
  last4: z.string().max(4),
  channel: z.enum(['card', 'alipay', 'wechat']).optional(),
  orderNumber: z.string().max(40).optional(),
});
export type RefundFailed = z.infer<typeof refundFailedSchema>;
export const refundFailedText = (p: RefundFailed): string =>
  JSON.stringify({ amountMinor: p.amountMinor, last4: p.last4, channel: p.channel, orderNumber: p.orderNumber });
/** The facts of a `refundFailed` event's text; undefined for any other text. */
export function refundFailedOf(text: string | null): RefundFailed | undefined {
  try {
    const parsed = refundFailedSchema.safeParse(JSON.parse(text ?? ''));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const chatSenderSchema = z.enum(['traveller', 'agent', 'system']);
export type ChatSender = z.infer<typeof chatSenderSchema>;

/** An order as a card in the conversation: what it was when it was sent. */
export const chatOrderCardSchema = orderSummarySchema;
export type ChatOrderCard = z.infer<typeof chatOrderCardSchema>;

export const chatMessageSchema = z.object({
  conversationId: z.uuid(),
  /** 1, 2, 3 … within the conversation, in the order the messages were stored. */
  seq: z.number().int().positive(),
  sender: chatSenderSchema,
  /** The agent's name for agents' messages and events; null otherwise. */
  senderName: z.string().nullable(),
  kind: z.enum(['text', 'image', 'order', 'event']),
  text: z.string().nullable(),
  imageId: z.uuid().nullable(),
  order: chatOrderCardSchema.nullable(),
  event: z.enum(CHAT_EVENTS).nullable(),
  /** The sender's own id for the message, so a retried send is stored once. */
  clientId: z.string().nullable(),
  createdAt: isoDateTime,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  id: z.uuid(),
  status: conversationStatusSchema,
  createdAt: isoDateTime,
  lastMessageAt: isoDateTime,
  lastSeq: z.number().int().min(0),
  agentName: z.string().nullable(),
  /** The last message each side's client received and read (delivery and read marks). */
  travellerDeliveredSeq: z.number().int().min(0),
  travellerReadSeq: z.number().int().min(0),
  agentDeliveredSeq: z.number().int().min(0),
  agentReadSeq: z.number().int().min(0),
  /** Started outside service hours: the answer also goes out as a notification. */
  outOfHours: z.boolean(),
  /** Messages of the other side (agents' answers for the traveller, the traveller's for the agent) not read yet. */
  unread: z.number().int().min(0),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const serviceHoursSchema = z.object({
  open: z.boolean(),
  opensAt: isoDateTime.nullable(),
  closesAt: isoDateTime.nullable(),
});

/** The traveller's chat at a glance: the account menu's unread count, the hours, the conversation. */
export const chatSummarySchema = z.object({
  hours: serviceHoursSchema,
  unread: z.number().int().min(0),
  conversation: conversationSchema.nullable(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

export const conversationListSchema = z.object({ items: z.array(conversationSchema) });

const clientIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .describe('A random id the client gives each message it sends');
const seqSchema = z.coerce.number().int().min(0).max(2_000_000_000);

export const messagesQuerySchema = z.object({
  conversationId: z.uuid(),
  /** Messages after this one (0 for the beginning). */
  after: seqSchema.default(0),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const messagesPageSchema = z.object({ conversation: conversationSchema, messages: z.array(chatMessageSchema) });
export type MessagesPage = z.infer<typeof messagesPageSchema>;

/** The text is checked for length by the service (error 7003), after trimming. */
export const sendMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), clientId: clientIdSchema, text: z.string().max(CHAT_TEXT_MAX * 4) }),
  z.object({ kind: z.literal('order'), clientId: clientIdSchema, orderId: z.uuid() }),
]);
export type SendMessage = z.infer<typeof sendMessageSchema>;
export const travellerSendSchema = z.intersection(sendMessageSchema, z.object({ conversationId: z.uuid().optional() }));
export type TravellerSend = z.infer<typeof travellerSendSchema>;

/** An image as base64; its type is read from its bytes, never from what the client says. */
export const sendImageSchema = z.object({
  clientId: clientIdSchema,
  conversationId: z.uuid().optional(),
  data: z
    .string()
    .max(Math.ceil((CHAT_IMAGE_MAX_BYTES * 4) / 3) + 8_192)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/),
});
export const imageQuerySchema = z.object({ id: z.uuid() });

export const markSchema = z.object({ conversationId: z.uuid(), seq: seqSchema });
export const conversationIdSchema = z.object({ conversationId: z.uuid() });

export const agentSchema = z.object({ id: z.uuid(), name: z.string() });
export type ChatAgent = z.infer<typeof agentSchema>;

/** Who the traveller is, as the console shows it: a name and a masked mobile when there is one. */
export const travellerIdentitySchema = z.object({
  userId: z.uuid(),
  name: z.string().nullable(),
  mobileMasked: z.string().nullable(),
  emailMasked: z.string().nullable(),
});

export const queueItemSchema = conversationSchema.extend({
  traveller: travellerIdentitySchema,
  agentId: z.uuid().nullable(),
  /** Since when the traveller has been waiting for an answer; null when the agent spoke last. */
  waitingSince: isoDateTime.nullable(),
  /**
   * The traveller's last message: its text, or what it was (an image, an order card); or a matter raised
   * after it for customer service to take up (`refundFailed`, its text `refundFailedText`'s).
   */
  preview: z.string().nullable(),
  previewKind: z.enum(['text', 'image', 'order', 'refundFailed']).nullable(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const agentQueueSchema = z.object({
  me: agentSchema,
  waiting: z.array(queueItemSchema),
  mine: z.array(queueItemSchema),
  agents: z.array(agentSchema.extend({ online: z.boolean() })),
  hours: serviceHoursSchema,
});
export type AgentQueue = z.infer<typeof agentQueueSchema>;

export const agentSendSchema = z.intersection(sendMessageSchema, z.object({ conversationId: z.uuid() }));
export const transferSchema = z.object({ conversationId: z.uuid(), agentId: z.uuid() });
export const travellerOrdersSchema = z.object({ items: z.array(chatOrderCardSchema) });

/** What goes over the WebSocket. The client sends typing, delivery and read marks; sending is a POST. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typing'), conversationId: z.uuid() }),
  z.object({ type: z.literal('delivered'), conversationId: z.uuid(), seq: seqSchema }),
  z.object({ type: z.literal('read'), conversationId: z.uuid(), seq: seqSchema }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

export const serverFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('message'), message: chatMessageSchema }),
  z.object({
    type: z.literal('marks'),
    conversationId: z.uuid(),
    travellerDeliveredSeq: z.number().int(),
    travellerReadSeq: z.number().int(),
    agentDeliveredSeq: z.number().int(),
    agentReadSeq: z.number().int(),
  }),
  z.object({ type: z.literal('typing'), conversationId: z.uuid(), by: chatSenderSchema }),
  /** A conversation changed (new, taken, transferred, closed): the client reloads what it shows. */
  z.object({ type: z.literal('conversation'), conversationId: z.uuid() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), errorCode: z.number().int() }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;

/** The WebSocket's path (same origin; the session cookie identifies the reader). */
export const CHAT_SOCKET_PATH = '/api/chat/socket';
