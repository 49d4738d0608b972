import { walletEndpoints } from '@junction/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

/** `GET /api/wallet`: the signed-in traveller's wallet balance, for paying from it (the wallet page shares the key). */
export const useWalletBalance = (enabled = true) =>
  useQuery({
    queryKey: ['wallet', 'summary'],
    queryFn: ({ signal }) => callApi(walletEndpoints.summary, { signal }),
    enabled,
  });
