import { defineEndpoint, okSchema } from '../api/endpoint';
import {
  addCardSchema,
  cardSetupSchema,
  removeCardSchema,
  savedCardListSchema,
  savedCardSchema,
  topUpRefundListSchema,
  topUpSchema,
  topUpStateQuerySchema,
  topUpStateSchema,
  updateCardSchema,
  walletEntriesQuerySchema,
  walletEntryPageSchema,
  walletSummarySchema,
} from './wallet.schema';

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
  cards: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/cards',
    response: savedCardListSchema,
    summary: "The signed-in user's saved cards, numbers masked",
  }),
  addCard: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/card',
    body: addCardSchema,
    response: savedCardSchema,
    summary: "Save a card from the processor's token, with its holder, billing address and description",
  }),
  setupCard: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/card/setup',
    response: cardSetupSchema,
    summary: "Begin saving a card in the processor's own card field (Stripe's SetupIntent)",
  }),
  updateCard: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/card/update',
    body: updateCardSchema,
    response: savedCardSchema,
    summary: "Change a saved card's description",
  }),
  removeCard: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/card/remove',
    body: removeCardSchema,
    response: okSchema,
    summary: 'Delete a saved card',
  }),
  topUp: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/topup',
    body: topUpSchema,
    response: topUpStateSchema,
    summary: 'Top up the balance from a saved card (send an Idempotency-Key header)',
  }),
  topUpState: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/topup',
    query: topUpStateQuerySchema,
    response: topUpStateSchema,
    summary: 'Where a top-up stands, after the 3-D Secure page or a lost answer',
  }),
  topUpRefunds: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/topup-refunds',
    response: topUpRefundListSchema,
    summary: 'Top-ups paid after they had ended, and how their money going back to the app or card stands',
  }),
} as const;
