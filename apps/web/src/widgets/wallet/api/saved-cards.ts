import { gatewayBrowserEndpoints, type RecollectCvc, walletEndpoints } from '@junction/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

/** The saved cards' query key (the wallet page shares it). */
export const SAVED_CARDS_KEY = ['wallet', 'cards'] as const;

/** `GET /api/wallet/cards`: the signed-in traveller's saved cards, numbers masked. */
export const useSavedCards = (enabled = true) =>
  useQuery({
    queryKey: SAVED_CARDS_KEY,
    queryFn: ({ signal }) => callApi(walletEndpoints.cards, { signal }),
    enabled,
  });

/**
 * A saved card charged again: its security code typed again goes to the card processor only, which
 * answers a token of the code; our API gets that token with the card's id (the code never reaches it).
 */
export const useSavedCardToken = () =>
  useMutation({ mutationFn: (body: RecollectCvc) => callApi(gatewayBrowserEndpoints.recollect, { body }) });
