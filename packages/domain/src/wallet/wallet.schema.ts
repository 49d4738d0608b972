import { z } from 'zod';
import type { TransitionTable } from '../orders/order-status';
import { billingAddressSchema, cardBrandSchema, PAY_DEVICES, stripeSettingsSchema } from '../payment/payment.schema';

const money = z.object({ amount: z.number().int(), currency: z.literal('CNY') });

/** Top-ups are whole hundredths from ¥1.00; the server's configuration caps them (per top-up, a day, the balance). */
export const TOPUP_MIN_MINOR = 100;
/** Cards one account may keep. */
export const SAVED_CARD_LIMIT = 10;

export const WALLET_ENTRY_KINDS = ['topup', 'payment', 'refund'] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

export const walletSummarySchema = z.object({
  /** The sum of the ledger, never below zero. */
  balance: money,
  topupMinMinor: z.number().int(),
  /** The most one top-up may be. */
  topupMaxMinor: z.number().int(),
  /** What may still be topped up in the last 24 hours' allowance. */
  topupLeftTodayMinor: z.number().int(),
  /** The most the balance may reach by top-ups (refunds may take it further). */
  balanceMaxMinor: z.number().int(),
  /** The ways a top-up may be paid, in the order Chinese travellers expect them; each only when configured. */
  methods: z.array(z.enum(['alipay', 'wechat', 'card'])),
  /** Stripe's card fields, when Stripe takes the cards: cards are saved and their codes typed in them. */
  stripe: stripeSettingsSchema.optional(),
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
  /** Until when the card pays for nothing after three wrong security codes (ISO time), else null. */
  lockedUntil: z.string().nullable(),
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

/**
 * A card's setup at the processor (Stripe's SetupIntent) for the browser's card field to confirm: its
 * client secret, for Stripe.js alone. The card is then saved with the setup's id as its token.
 */
export const cardSetupSchema = z.object({ clientSecret: z.string() });
export type CardSetup = z.infer<typeof cardSetupSchema>;
export type AddCardInput = z.input<typeof addCardSchema>;

export const updateCardSchema = z.object({ id: z.uuid(), description });
export const removeCardSchema = z.object({ id: z.uuid() });

const paymentToken = z.string().trim().min(1).max(100);

/** The wallet apps a top-up may be paid with, when configured. */
export const TOPUP_APPS = ['alipay', 'wechat'] as const;
export type TopUpApp = (typeof TOPUP_APPS)[number];

/** A top-up's status as the server keeps it; each move is one of `TOPUP_TRANSITIONS`, with an event row. */
export const TOPUP_STATUSES = ['created', 'action', 'processing', 'succeeded', 'failed'] as const;
export type TopUpStatus = (typeof TOPUP_STATUSES)[number];
export const TOPUP_TRANSITIONS: TransitionTable<TopUpStatus> = new Map<TopUpStatus, TopUpStatus[]>([
  ['created', ['action', 'processing', 'succeeded', 'failed']],
  ['processing', ['action', 'succeeded', 'failed']],
  ['action', ['succeeded', 'failed']],
  ['succeeded', []],
  ['failed', []],
]);

/**
 * A late top-up's refund (money paid after its top-up had failed, going back to its app or card): `pending`
 * until the app or processor confirms it, or `failed` when the processor answers that it never will (the
 * card closed, say), and customer service returns the money by hand. Each move is one of
 * `TOPUP_REFUND_TRANSITIONS`, with an event row.
 */
export const TOPUP_REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;
export type TopUpRefundState = (typeof TOPUP_REFUND_STATES)[number];
export const TOPUP_REFUND_TRANSITIONS: TransitionTable<TopUpRefundState> = new Map<
  TopUpRefundState,
  TopUpRefundState[]
>([
  ['pending', ['succeeded', 'failed']],
  ['succeeded', []],
  ['failed', []],
]);

/**
 * Where a top-up's money comes from: a saved card, with the processor's token of its security code typed
 * again; or a new card's token, saved to the wallet once the top-up succeeds when `save` is given.
 */
export const topUpSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('savedCard'), cardId: z.uuid(), cvcToken: paymentToken }),
  z.object({ kind: z.literal('card'), token: paymentToken, save: addCardSchema.omit({ token: true }).optional() }),
  /** Alipay or WeChat Pay: paid on the app's own page (or WeChat's QR code on a desktop). */
  z.object({ kind: z.literal('app'), app: z.enum(TOPUP_APPS), device: z.enum(PAY_DEVICES) }),
]);
export type TopUpSource = z.infer<typeof topUpSourceSchema>;

/** A top-up of the balance from a card; send an Idempotency-Key header per top-up confirmed. */
export const topUpSchema = z.object({
  /** CNY hundredths, from TOPUP_MIN_MINOR to the summary's caps. */
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
  method: z.enum(['card', ...TOPUP_APPS]),
  /** The card paying; null for an app's top-up. */
  card: z.object({ brand: cardBrandSchema, last4: z.string() }).nullable(),
  /** The card issuer's 3-D Secure page, the app's page, or (WeChat Pay on a desktop) the `weixin://` link of its QR code. */
  actionUrl: z.string().nullable(),
  /** The error code of a failed top-up (2104 declined, 2105 insufficient funds, …). */
  errorCode: z.number().int().nullable(),
  /**
   * In the answer to a new card's top-up asked to save it: why the card is not saved (2153, the account
   * keeps its ten cards already); the top-up goes on without saving it.
   */
  saveErrorCode: z.number().int().optional(),
});
export type TopUpState = z.infer<typeof topUpStateSchema>;

/**
 * Money of a top-up paid after it had ended, going back to the app or card that paid it, as its owner reads
 * it on the wallet page: on its way (`pending`), back (`succeeded`), or refused there (`failed`: customer
 * service returns it another way).
 */
export const topUpRefundSchema = z.object({
  id: z.uuid(),
  topupId: z.uuid(),
  method: z.enum(['card', ...TOPUP_APPS]),
  /** The card's last four digits; null for an app. */
  last4: z.string().nullable(),
  amount: money,
  state: z.enum(TOPUP_REFUND_STATES),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TopUpRefund = z.infer<typeof topUpRefundSchema>;
export const topUpRefundListSchema = z.object({ items: z.array(topUpRefundSchema) });
export const topUpStateQuerySchema = z.object({ id: z.uuid() });

/** A card number as a saved card shows it: dots in the brand's grouping, then the last four digits. */
export function maskCardNumber(brand: z.infer<typeof cardBrandSchema>, last4: string): string {
  return brand === 'amex' ? `•••• •••••• •${last4}` : `•••• •••• •••• ${last4}`;
}
