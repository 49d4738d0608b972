import {
  type AddCardInput,
  gatewayBrowserEndpoints,
  type TokenizeCardInput,
  type TopUpState,
  type WalletEntriesQuery,
  walletEndpoints,
} from '@junction/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

export const walletKeys = {
  all: ['wallet'] as const,
  summary: () => [...walletKeys.all, 'summary'] as const,
  entries: (query: Partial<WalletEntriesQuery>) => [...walletKeys.all, 'entries', query] as const,
  cards: () => [...walletKeys.all, 'cards'] as const,
  topUp: (id: string) => [...walletKeys.all, 'topup', id] as const,
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

/** `GET /api/wallet/cards`: the saved cards, numbers masked. */
export const useSavedCards = () =>
  useQuery({
    queryKey: walletKeys.cards(),
    queryFn: ({ signal }) => callApi(walletEndpoints.cards, { signal }),
  });

export type NewCard = { card: TokenizeCardInput; description: string };

/**
 * Saves a card: its details go to the card processor's tokenisation endpoint, and only the token it
 * answers, with the holder, billing address and description, goes to our API.
 */
export function useAddCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ card, description }: NewCard) => {
      const { token } = await callApi(gatewayBrowserEndpoints.tokenize, { body: card });
      const body: AddCardInput = { token, name: card.name, billing: card.billing, description };
      return callApi(walletEndpoints.addCard, { body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: walletKeys.cards() }),
  });
}

export function useUpdateCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; description: string }) => callApi(walletEndpoints.updateCard, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: walletKeys.cards() }),
  });
}

export function useRemoveCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(walletEndpoints.removeCard, { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: walletKeys.cards() }),
  });
}

/** `POST /api/wallet/topup`, with one Idempotency-Key per top-up the traveller confirms. */
export function useTopUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, amount, key }: { cardId: string; amount: number; key: string }) =>
      callApi(walletEndpoints.topUp, { body: { cardId, amount }, headers: { 'Idempotency-Key': key } }),
    onSuccess: (state) => {
      if (state.outcome === 'succeeded') client.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

const settled = (s: TopUpState | undefined) => s?.outcome === 'succeeded' || s?.outcome === 'failed';

/** `GET /api/wallet/topup`: a top-up after the 3-D Secure page, asked again until it is settled. */
export function useTopUpState(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: walletKeys.topUp(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const state = await callApi(walletEndpoints.topUpState, { query: { id: id ?? '' }, signal });
      if (state.outcome === 'succeeded') await client.invalidateQueries({ queryKey: walletKeys.summary() });
      if (state.outcome === 'succeeded') await client.invalidateQueries({ queryKey: [...walletKeys.all, 'entries'] });
      return state;
    },
    refetchInterval: (q) => (settled(q.state.data) ? false : 1500),
  });
}
