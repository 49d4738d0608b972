import { type WalletEntriesQuery, walletEndpoints } from '@junction/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

export const walletKeys = {
  all: ['wallet'] as const,
  summary: () => [...walletKeys.all, 'summary'] as const,
  entries: (query: Partial<WalletEntriesQuery>) => [...walletKeys.all, 'entries', query] as const,
};

/** `GET /api/wallet`: the balance and the top-up limits. */
export const walletSummaryOptions = () =>
  queryOptions({
    queryKey: walletKeys.summary(),
    queryFn: ({ signal }) => callApi(walletEndpoints.summary, { signal }),
  });

export const useWalletSummary = () => useQuery(walletSummaryOptions());

/** `GET /api/wallet/entries`: the ledger, newest first. */
export const useWalletEntries = (query: Partial<WalletEntriesQuery>) =>
  useQuery({
    queryKey: walletKeys.entries(query),
    queryFn: ({ signal }) => callApi(walletEndpoints.entries, { query, signal }),
    placeholderData: keepPreviousData,
  });
