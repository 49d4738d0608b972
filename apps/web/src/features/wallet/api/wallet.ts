import {
  type AddCardInput,
  gatewayBrowserEndpoints,
  type SavedCard,
  type TokenizeCardInput,
  type TopUpApp,
  type TopUpInput,
  type TopUpState,
  type WalletEntriesQuery,
  walletEndpoints,
} from '@junction/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { payDevice } from '../../../shared/lib/pay-device';

export const walletKeys = {
  all: ['wallet'] as const,
  summary: () => [...walletKeys.all, 'summary'] as const,
  entries: (query: Partial<WalletEntriesQuery>) => [...walletKeys.all, 'entries', query] as const,
  cards: () => [...walletKeys.all, 'cards'] as const,
  topUp: (id: string) => [...walletKeys.all, 'topup', id] as const,
  topUpRefunds: () => [...walletKeys.all, 'topup-refunds'] as const,
};

/** `GET /api/wallet`: the balance and the top-up limits. */
export const walletSummaryOptions = () =>
  queryOptions({
    queryKey: walletKeys.summary(),
    queryFn: ({ signal }) => callApi(walletEndpoints.summary, { signal }),
  });

export const useWalletSummary = () => useQuery(walletSummaryOptions());

/** `GET /api/wallet/topup-refunds`: top-ups paid after they had ended, and how their money going back stands. */
export const useTopUpRefunds = () =>
  useQuery({
    queryKey: walletKeys.topUpRefunds(),
    queryFn: ({ signal }) => callApi(walletEndpoints.topUpRefunds, { signal }),
  });

/** `GET /api/wallet/entries`: the ledger, newest first. */
export const useWalletEntries = (query: Partial<WalletEntriesQuery>) =>
  useQuery({
    queryKey: walletKeys.entries(query),
    queryFn: ({ signal }) => callApi(walletEndpoints.entries, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** `GET /api/wallet/cards`: the saved cards, numbers masked (the payment page shares the query). */
export { useSavedCards } from '../../../widgets/wallet/api/saved-cards';

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

/**
 * Saves a card with Stripe: a setup for the account at Stripe, which Stripe.js confirms with the card in
 * Stripe's own field (`confirm`, answering the setup's id, or null with Stripe's reason shown in the
 * field); then our API keeps the card Stripe set up, with the holder, billing address and description.
 */
export function useSetUpCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (p: {
      confirm: (clientSecret: string) => Promise<string | null>;
      card: Omit<AddCardInput, 'token'>;
    }) => {
      const { clientSecret } = await callApi(walletEndpoints.setupCard, {});
      const setupId = await p.confirm(clientSecret);
      return setupId ? callApi(walletEndpoints.addCard, { body: { ...p.card, token: setupId } }) : null;
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

/**
 * A top-up by Alipay or WeChat Pay, from a saved card with its security code typed again, or from a new card
 * (saved afterwards if asked).
 */
export type TopUpRequest =
  | { amount: number; app: TopUpApp }
  | { amount: number; saved: { card: SavedCard; cvc: string } | { card: SavedCard; cvcToken: string } }
  | { amount: number; card: TokenizeCardInput; save: { description: string } | undefined }
  | {
      amount: number;
      cardToken: string;
      holder: Omit<AddCardInput, 'token' | 'description'>;
      save: { description: string } | undefined;
    };

/**
 * `POST /api/wallet/topup`, with one Idempotency-Key per top-up the traveller confirms. The card goes to
 * the processor first (a saved card's security code typed again, or a new card's details), and only the
 * token it answers goes to our API, with a saved card's id.
 */
export function useTopUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (r: TopUpRequest) => {
      let source: TopUpInput['source'];
      if ('app' in r) {
        source = { kind: 'app', app: r.app, device: payDevice() };
      } else if ('saved' in r) {
        // The code typed again goes to the processor alone (with Stripe, in its field, which answered its
        // token); our API gets its token and the card's id.
        const saved = r.saved;
        const cvcToken =
          'cvcToken' in saved
            ? saved.cvcToken
            : (await callApi(gatewayBrowserEndpoints.recollect, { body: { cvc: saved.cvc } })).token;
        source = { kind: 'savedCard', cardId: saved.card.id, cvcToken };
      } else if ('cardToken' in r) {
        // With Stripe, the new card was typed in Stripe's field, which answered its token.
        source = { kind: 'card', token: r.cardToken, ...(r.save ? { save: { ...r.holder, ...r.save } } : {}) };
      } else {
        const { token } = await callApi(gatewayBrowserEndpoints.tokenize, { body: r.card });
        source = {
          kind: 'card',
          token,
          ...(r.save ? { save: { name: r.card.name, billing: r.card.billing, description: r.save.description } } : {}),
        };
      }
      return callApi(walletEndpoints.topUp, {
        body: { amount: r.amount, source },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
    },
    onSuccess: (state) => {
      if (state.outcome === 'succeeded') client.invalidateQueries({ queryKey: walletKeys.all });
    },
    // A wrong security code counts against the saved card, and the third locks it: the cards show it.
    onSettled: () => client.invalidateQueries({ queryKey: walletKeys.cards() }),
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
