import { defineEndpoint } from '../api/endpoint';
import { noticeIdBodySchema, noticeListQuerySchema, noticePageSchema, unreadCountSchema } from './notification.schema';

/** The signed-in traveller's notices (spec §7 `GET /notifications`), and marking them read. */
export const notificationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/notifications',
    query: noticeListQuerySchema,
    response: noticePageSchema,
    summary: "The signed-in user's notices, unread first, a page at a time",
  }),
  read: defineEndpoint({
    method: 'POST',
    path: '/notifications/read',
    body: noticeIdBodySchema,
    response: unreadCountSchema,
    summary: 'Mark one notice read; answers the unread count',
  }),
  readAll: defineEndpoint({
    method: 'POST',
    path: '/notifications/read-all',
    response: unreadCountSchema,
    summary: 'Mark every notice read',
  }),
} as const;
