import { defineEndpoint, okSchema } from '../api/endpoint';
import {
  agentQueueSchema,
  agentSchema,
  agentSendSchema,
  chatMessageSchema,
  chatSummarySchema,
  conversationIdSchema,
  conversationListSchema,
  imageQuerySchema,
  markSchema,
  messagesPageSchema,
  messagesQuerySchema,
  sendImageSchema,
  transferSchema,
  travellerOrdersSchema,
  travellerSendSchema,
} from './chat.schema';

/** Online service for the signed-in traveller: their own conversations only. */
export const chatEndpoints = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/chat',
    response: chatSummarySchema,
    summary: 'Service hours, the unread count and the current conversation of the signed-in traveller',
  }),
  conversations: defineEndpoint({
    method: 'GET',
    path: '/api/chat/conversations',
    response: conversationListSchema,
    summary: "The traveller's conversations, newest first",
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: '/api/chat/messages',
    query: messagesQuerySchema,
    response: messagesPageSchema,
    summary: 'Messages of one of the traveller’s conversations after a sequence number',
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/chat/message',
    body: travellerSendSchema,
    response: chatMessageSchema,
    summary: 'Send a text or an order card (starts a conversation when none is open)',
  }),
  sendImage: defineEndpoint({
    method: 'POST',
    path: '/api/chat/image',
    body: sendImageSchema,
    response: chatMessageSchema,
    summary: 'Send an image (PNG, JPEG, GIF or WebP, at most 5 MB) as base64',
  }),
  image: defineEndpoint({
    method: 'GET',
    path: '/api/chat/image',
    query: imageQuerySchema,
    response: okSchema,
    summary: 'The bytes of an image of a conversation the reader may see',
  }),
  read: defineEndpoint({
    method: 'POST',
    path: '/api/chat/read',
    body: markSchema,
    response: okSchema,
    summary: 'Mark messages read up to a sequence number',
  }),
} as const;

/** The agents' console: accounts with the agent role only. */
export const serviceEndpoints = {
  me: defineEndpoint({ method: 'GET', path: '/api/service/me', response: agentSchema, summary: 'The signed-in agent' }),
  queue: defineEndpoint({
    method: 'GET',
    path: '/api/service/queue',
    response: agentQueueSchema,
    summary: "Waiting conversations, the agent's own and the other agents",
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: '/api/service/messages',
    query: messagesQuerySchema,
    response: messagesPageSchema,
    summary: 'Messages of a waiting conversation or one the agent holds',
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/service/message',
    body: agentSendSchema,
    response: chatMessageSchema,
    summary: 'Answer in a conversation the agent holds',
  }),
  read: defineEndpoint({
    method: 'POST',
    path: '/api/service/read',
    body: markSchema,
    response: okSchema,
    summary: 'Mark the traveller’s messages read up to a sequence number',
  }),
  take: defineEndpoint({
    method: 'POST',
    path: '/api/service/take',
    body: conversationIdSchema,
    response: okSchema,
    summary: 'Take a waiting conversation',
  }),
  transfer: defineEndpoint({
    method: 'POST',
    path: '/api/service/transfer',
    body: transferSchema,
    response: okSchema,
    summary: 'Hand a conversation the agent holds to another agent',
  }),
  close: defineEndpoint({
    method: 'POST',
    path: '/api/service/close',
    body: conversationIdSchema,
    response: okSchema,
    summary: 'Close a conversation the agent holds or a waiting one',
  }),
  orders: defineEndpoint({
    method: 'GET',
    path: '/api/service/orders',
    query: conversationIdSchema,
    response: travellerOrdersSchema,
    summary: "The traveller's recent orders, beside a conversation the agent may see",
  }),
} as const;
