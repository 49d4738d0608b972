import type { chatEndpoints } from '@junction/domain';
import { queryOptions } from '@tanstack/react-query';
import { callRoute, routeOf } from '../../../shared/api/api-client';

export const chatKeys = {
  all: ['chat'] as const,
  summary: ['chat', 'summary'] as const,
  conversations: ['chat', 'conversations'] as const,
  queue: ['service', 'queue'] as const,
  me: ['service', 'me'] as const,
  orders: (conversationId: string) => ['service', 'orders', conversationId] as const,
};

/** Every page asks it for a signed-in traveller: called by route, without loading the chat's schemas. */
const summaryRoute = routeOf<typeof chatEndpoints.summary>({ method: 'GET', path: '/api/chat' });

/** The traveller's unread count, service hours and current conversation; errors stay in the chat (no dialogs). */
export const chatSummaryQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.summary,
    queryFn: ({ signal }) => callRoute(summaryRoute, { signal }),
    meta: { silent: true },
    retry: 1,
  });
