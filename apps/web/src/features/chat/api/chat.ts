import { type ChatMessage, chatEndpoints, type EndpointBody, serviceEndpoints } from '@junction/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { chatKeys } from './chat-summary';

export { chatKeys, chatSummaryQueryOptions } from './chat-summary';

export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.conversations,
    queryFn: ({ signal }) => callApi(chatEndpoints.conversations, { signal }),
    meta: { silent: true },
  });

export const fetchTravellerMessages = (conversationId: string, after: number) =>
  callApi(chatEndpoints.messages, { query: { conversationId, after, limit: 200 } });

export const fetchAgentMessages = (conversationId: string, after: number) =>
  callApi(serviceEndpoints.messages, { query: { conversationId, after, limit: 200 } });

export function useSendMessage(onSent: (m: ChatMessage) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof chatEndpoints.send>) => callApi(chatEndpoints.send, { body }),
    meta: { silent: true },
    onSuccess: (m) => {
      onSent(m);
      void queryClient.invalidateQueries({ queryKey: chatKeys.summary });
    },
  });
}

export function useSendImage(onSent: (m: ChatMessage) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof chatEndpoints.sendImage>) => callApi(chatEndpoints.sendImage, { body }),
    meta: { silent: true },
    onSuccess: (m) => {
      onSent(m);
      void queryClient.invalidateQueries({ queryKey: chatKeys.summary });
    },
  });
}

// The agents' console

export const agentMeQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.me,
    queryFn: ({ signal }) => callApi(serviceEndpoints.me, { signal }),
    meta: { silent: true },
    retry: false,
  });

export const agentQueueQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.queue,
    queryFn: ({ signal }) => callApi(serviceEndpoints.queue, { signal }),
    meta: { silent: true },
    refetchInterval: 30_000,
  });

export const travellerOrdersQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: chatKeys.orders(conversationId),
    queryFn: ({ signal }) => callApi(serviceEndpoints.orders, { query: { conversationId }, signal }),
    meta: { silent: true },
  });

export function useAgentSend(onSent: (m: ChatMessage) => void) {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof serviceEndpoints.send>) => callApi(serviceEndpoints.send, { body }),
    meta: { silent: true },
    onSuccess: onSent,
  });
}

/** Take, transfer and close: the queue is reloaded after each. */
export function useAgentAction() {
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: chatKeys.queue });
  return {
    take: useMutation({
      mutationFn: (conversationId: string) => callApi(serviceEndpoints.take, { body: { conversationId } }),
      meta: { silent: true },
      onSettled: done,
    }),
    transfer: useMutation({
      mutationFn: (body: { conversationId: string; agentId: string }) => callApi(serviceEndpoints.transfer, { body }),
      meta: { silent: true },
      onSettled: done,
    }),
    close: useMutation({
      mutationFn: (conversationId: string) => callApi(serviceEndpoints.close, { body: { conversationId } }),
      meta: { silent: true },
      onSettled: done,
    }),
  };
}

/** Marks the traveller's conversation read up to a message; the unread count follows. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { conversationId: string; seq: number }) => callApi(chatEndpoints.read, { body }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.summary }),
  });
}

/** Marks the traveller's messages read by the agent; the traveller sees the read mark. */
export function useAgentRead() {
  return useMutation({
    mutationFn: (body: { conversationId: string; seq: number }) => callApi(serviceEndpoints.read, { body }),
    meta: { silent: true },
  });
}
