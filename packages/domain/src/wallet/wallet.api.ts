import { defineEndpoint } from '../api/endpoint';
import { walletEntriesQuerySchema, walletEntryPageSchema, walletSummarySchema } from './wallet.schema';

/** The signed-in user's wallet (spec §2 /account/wallet); nobody reaches another user's wallet. */
export const walletEndpoints = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/wallet',
    response: walletSummarySchema,
    summary: "The signed-in user's wallet balance and top-up limits",
  }),
  entries: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/entries',
    query: walletEntriesQuerySchema,
    response: walletEntryPageSchema,
    summary: "The wallet's ledger, newest first, a page at a time",
  }),
} as const;
