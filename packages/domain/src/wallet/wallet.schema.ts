import { z } from 'zod';
import { billingAddressSchema, cardBrandSchema } from '../payment/payment.schema';

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
  /** The order paid or refunded, when there is one, and its number as the traveller knows it. */
  orderId: z.uuid().nullable(),
  orderNumber: z.string().nullable().default(null),
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

/** A saved card's billing address as shown: the phone with its middle hidden (`+86 138****8000`). */
export const savedBillingSchema = billingAddressSchema.omit({ phone: true }).extend({ phoneMasked: z.string() });
export type SavedBilling = z.infer<typeof savedBillingSchema>;

/**
 * A saved card as its owner sees it (spec §3 wallet card): never the number, only its last four digits;
 * the billing address is kept sealed and its phone shown masked.
 */
export const savedCardSchema = z.object({
  id: z.uuid(),
  /**
   * The processor's token of the card. It never pays by itself: the browser sends it with the security
   * code typed again to the processor (`/gateway-sim/v1/tokens/cvc`) for a token that pays once.
   */
  token: z.string(),
  brand: cardBrandSchema,
  last4: z.string(),
  /** The number as shown: `•••• •••• •••• 4242` (American Express `•••• •••••• •4242`). */
  numberMasked: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  /** True once the card's expiry month is over. */
  expired: z.boolean(),
  name: z.string(),
  billing: savedBillingSchema,
  description: z.string(),
  createdAt: z.string(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

export const savedCardListSchema = z.object({ items: z.array(savedCardSchema), limit: z.number().int() });
export type SavedCardList = z.infer<typeof savedCardListSchema>;

const description = z.string().trim().max(60);

/**
 * A card to save: the token the processor answered for it (the browser sent the number and security
 * code to the processor, never to us), the name on it, the billing address and a description.
 */
export const addCardSchema = z.object({
  token: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1).max(80),
  billing: billingAddressSchema,
  description: description.default(''),
});
export type AddCard = z.infer<typeof addCardSchema>;
export type AddCardInput = z.input<typeof addCardSchema>;

export const updateCardSchema = z.object({ id: z.uuid(), description });
export const removeCardSchema = z.object({ id: z.uuid() });

const paymentToken = z.string().trim().min(1).max(100);

/**
 * Where a top-up's money comes from: a saved card, with the token the processor made for it with its
 * security code typed again; or a new card's token, saved to the wallet once the top-up succeeds when
 * `save` is given.
 */
export const topUpSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('savedCard'), cardId: z.uuid(), token: paymentToken }),
  z.object({ kind: z.literal('card'), token: paymentToken, save: addCardSchema.omit({ token: true }).optional() }),
]);
export type TopUpSource = z.infer<typeof topUpSourceSchema>;

/** A top-up of the balance from a card; send an Idempotency-Key header per top-up confirmed. */
export const topUpSchema = z.object({
  /** CNY hundredths, within TOPUP_MIN_MINOR … TOPUP_MAX_MINOR. */
  amount: z.number().int(),
  source: topUpSourceSchema,
});
export type TopUpInput = z.input<typeof topUpSchema>;
export type TopUp = z.infer<typeof topUpSchema>;

/** Where a top-up stands; `action` opens the card issuer's 3-D Secure page, `processing` asks again shortly. */
export const TOPUP_OUTCOMES = ['succeeded', 'action', 'processing', 'failed'] as const;
export const topUpStateSchema = z.object({
  id: z.uuid(),
  outcome: z.enum(TOPUP_OUTCOMES),
  amount: money,
  card: z.object({ brand: cardBrandSchema, last4: z.string() }),
  actionUrl: z.string().nullable(),
  /** The error code of a failed top-up (2104 declined, 2105 insufficient funds, …). */
  errorCode: z.number().int().nullable(),
});
export type TopUpState = z.infer<typeof topUpStateSchema>;
export const topUpStateQuerySchema = z.object({ id: z.uuid() });

/** A card number as a saved card shows it: dots in the brand's grouping, then the last four digits. */
export function maskCardNumber(brand: z.infer<typeof cardBrandSchema>, last4: string): string {
  return brand === 'amex' ? `•••• •••••• •${last4}` : `•••• •••• •••• ${last4}`;
}
