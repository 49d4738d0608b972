import { z } from 'zod';
import { CARD_BRANDS } from './card';

const countryCode = z.string().regex(/^[A-Z]{2}$/);

/** The billing address of a card (spec §3 wallet card): two lines, city, region, country, zip, phone. */
export const billingAddressSchema = z.object({
  line1: z.string().trim().min(1).max(100),
  line2: z.string().trim().max(100).default(''),
  city: z.string().trim().min(1).max(60),
  region: z.string().trim().min(1).max(60),
  country: countryCode,
  zip: z.string().trim().min(1).max(16),
  phone: z.string().trim().min(4).max(24),
});
export type BillingAddress = z.infer<typeof billingAddressSchema>;
export type BillingAddressInput = z.input<typeof billingAddressSchema>;

/**
 * What the browser sends to the card processor's tokenisation endpoint (never to our API): the card
 * itself. Our order code only ever sees the token answered for it.
 */
export const tokenizeCardSchema = z.object({
  number: z.string().trim().min(1).max(30),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  name: z.string().trim().min(1).max(80),
  cvc: z.string().trim().min(1).max(8),
  billing: billingAddressSchema,
});
export type TokenizeCard = z.infer<typeof tokenizeCardSchema>;
export type TokenizeCardInput = z.input<typeof tokenizeCardSchema>;

export const cardBrandSchema = z.enum(CARD_BRANDS);

/**
 * A saved card charged again: its security code typed again, sent to the processor alone (never to our
 * API). The answer is a token of the code, which our server gives the processor with the saved card it
 * keeps; the browser never holds the card's own token.
 */
export const recollectCvcSchema = z.object({ cvc: z.string().trim().min(1).max(8) });
export type RecollectCvc = z.infer<typeof recollectCvcSchema>;
/** The processor's token of a security code typed again: it goes with a saved card's id to our API. */
export const cvcTokenSchema = z.object({ token: z.string() });
export type CvcToken = z.infer<typeof cvcTokenSchema>;

/** What a card is known by once tokenised: the token, the brand, the last four digits and the expiry. */
export const cardTokenSchema = z.object({
  token: z.string(),
  brand: cardBrandSchema,
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type CardToken = z.infer<typeof cardTokenSchema>;

/** The screen a wallet app's payment is made for: a desktop's page, or a phone's browser. */
export const PAY_DEVICES = ['desktop', 'phone'] as const;
export type PayDevice = (typeof PAY_DEVICES)[number];

/** The ways of paying the site offers, in the order Chinese travellers expect them; each only when configured. */
export const PAYMENT_METHOD_NAMES = ['alipay', 'wechat', 'card', 'wallet'] as const;
export type PaymentMethodName = (typeof PAYMENT_METHOD_NAMES)[number];
/** Card fields from Stripe.js, when Stripe is the card processor: its publishable key and where to load it. */
export const stripeSettingsSchema = z.object({ publishableKey: z.string(), jsUrl: z.string() });
export const paymentMethodsSchema = z.object({
  methods: z.array(z.enum(PAYMENT_METHOD_NAMES)),
  stripe: stripeSettingsSchema.optional(),
});
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

/**
 * How a traveller pays. A new card is a token from the processor; saved cards and the wallet balance
 * are further kinds of this union.
 */
export const paymentMethodSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('card'), token: z.string().trim().min(1).max(100) }),
  /**
   * A saved card of the wallet: its id, and the processor's token of its security code typed again (the
   * code itself never reaches us; the card's own token never leaves our server).
   */
  z.object({ kind: z.literal('savedCard'), cardId: z.uuid(), cvcToken: z.string().trim().min(1).max(100) }),
  /** The wallet's balance (spec §1): debited in the transaction that marks the order paid. */
  z.object({ kind: z.literal('wallet') }),
  /**
   * Alipay: the traveller pays on Alipay's own page (a desktop's cashier, or the phone's wap cashier that
   * opens the Alipay app) and comes back to the payment page; nothing of the account reaches us.
   */
  z.object({ kind: z.literal('alipay'), device: z.enum(PAY_DEVICES) }),
  /** WeChat Pay: a QR code on /payment scanned with WeChat on a desktop, WeChat's own page on a phone. */
  z.object({ kind: z.literal('wechat'), device: z.enum(PAY_DEVICES) }),
]);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export type PaymentMethodKind = PaymentMethod['kind'];

export const payOrderSchema = z.object({
  orderId: z.uuid(),
  /** Required (spec §5): without one the answer is 2103 (the page refuses to send without one too). */
  method: paymentMethodSchema.optional(),
});
export type PayOrder = z.infer<typeof payOrderSchema>;
export type PayOrderInput = z.input<typeof payOrderSchema>;

export const PAYMENT_PURPOSES = ['order', 'difference'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * Where one payment attempt stands. `action`: the card needs its issuer's 3-D Secure check, at a page
 * the browser opens and that comes back to the payment page. `processing`: the processor's answer is
 * not known yet; it is settled shortly (ask again).
 */
/** `held`: authorised and held on the card, not taken (a waiting-list order). */
export const PAYMENT_OUTCOMES = ['succeeded', 'action', 'processing', 'failed', 'held'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

export const paymentStateSchema = z.object({
  attemptId: z.uuid(),
  orderId: z.uuid(),
  outcome: z.enum(PAYMENT_OUTCOMES),
  purpose: z.enum(PAYMENT_PURPOSES),
  amount: z.object({ amount: z.number().int(), currency: z.literal('CNY') }),
  /** The 3-D Secure page (or the wallet app's page) to open when the outcome is `action`. */
  actionUrl: z.string().nullable(),
  /** What the QR code to scan with WeChat carries when the outcome is `action` on a desktop; else null. */
  qrCode: z.string().nullable().optional(),
  /** The wallet app paid with (Alipay, WeChat Pay); absent for a card or the wallet's balance. */
  app: z.enum(['alipay', 'wechat']).optional(),
  /** The error code of a failed attempt (2104 declined, 2105 insufficient funds, …). */
  errorCode: z.number().int().nullable(),
  card: z.object({ brand: cardBrandSchema, last4: z.string() }).nullable(),
});
export type PaymentState = z.infer<typeof paymentStateSchema>;

export const paymentStateQuerySchema = z.object({ orderId: z.uuid(), attemptId: z.uuid() });
