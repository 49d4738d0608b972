import { type NoticeListQuery, notificationEndpoints } from '@junction/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { sessionKeys } from '../../../shared/api/session';

export const noticeKeys = {
  all: ['notices'] as const,
  list: (query: NoticeListQuery) => [...noticeKeys.all, 'list', query] as const,
};

/** `GET /notifications` (spec §7): a page of notices, unread first. */
export const noticesQueryOptions = (query: NoticeListQuery) =>
  queryOptions({
    queryKey: noticeKeys.list(query),
    queryFn: ({ signal }) => callApi(notificationEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
export const useNotices = (query: NoticeListQuery) => useQuery(noticesQueryOptions(query));

/** After marking read, the list and the header's unread count (`GET /user`) are fetched again. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: noticeKeys.all }),
      client.invalidateQueries({ queryKey: sessionKeys.user }),
    ]);
}

export function useMarkNoticeRead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => callApi(notificationEndpoints.read, { body: { id } }),
    onSuccess: refresh,
  });
}

export function useMarkAllNoticesRead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => callApi(notificationEndpoints.readAll, {}),
    onSuccess: refresh,
  });
}
