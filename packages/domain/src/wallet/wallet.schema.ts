import { z } from 'zod';

const money = z.object({ amount: z.number().int(), currency: z.literal('CNY') });

/** Top-ups are whole hundredths from ¥1.00 to ¥50,000.00. */
export const TOPUP_MIN_MINOR = 100;
export const TOPUP_MAX_MINOR = 5_000_000;
/** Cards one account may keep. */
export const SAVED_CARD_LIMIT = 10;

export const WALLET_ENTRY_KINDS = ['topup', 'payment', 'refund'] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

export const walletSummarySchema = z.object({
  /** The sum of the ledger, never below zero. */
  balance: money,
  topupMinMinor: z.number().int(),
  topupMaxMinor: z.number().int(),
});
export type WalletSummary = z.infer<typeof walletSummarySchema>;

/** One line of the wallet's ledger: money in (top-up, refund) is positive, a payment negative. */
export const walletEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(WALLET_ENTRY_KINDS),
  amount: money,
  balanceAfter: money,
  /** The order paid or refunded, when there is one. */
  orderId: z.uuid().nullable(),
  /** For a top-up: the card it came from (brand and last four); for an order: its number. */
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

export const walletEntriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type WalletEntriesQuery = z.infer<typeof walletEntriesQuerySchema>;

export const walletEntryPageSchema = z.object({
  items: z.array(walletEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type WalletEntryPage = z.infer<typeof walletEntryPageSchema>;
