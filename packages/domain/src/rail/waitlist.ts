import { z } from 'zod';

/**
 * The waiting list (候补) of a sold-out train class, one entry per order. An entry waits for the card
 * hold, then waits for seats; filling and releasing are claimed by compare-and-set before the card is
 * captured or its hold voided, so of a fill and a release racing exactly one happens.
 *
 * - `awaiting_hold`: the order is made and not paid yet;
 * - `waiting`: the price is held on the card; seats are looked for until the cut-off;
 * - `filling`: seats were found and held for the order; the card is being captured;
 * - `releasing`: the cut-off passed, the traveller cancelled, or the hold was lost; the hold is being voided;
 * - `filled`, `released`, `closed` (never paid): final.
 */
export const WAITLIST_STATUSES = [
  'awaiting_hold',
  'waiting',
  'filling',
  'releasing',
  'filled',
  'released',
  'closed',
] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
export const waitlistStatusSchema = z.enum(WAITLIST_STATUSES);

export const WAITLIST_TRANSITIONS: ReadonlyMap<WaitlistStatus, readonly WaitlistStatus[]> = new Map<
  WaitlistStatus,
  WaitlistStatus[]
>([
  ['awaiting_hold', ['waiting', 'closed']],
  ['waiting', ['filling', 'releasing']],
  // A capture the card refuses (the hold lapsed) releases the order instead.
  ['filling', ['filled', 'releasing']],
  ['releasing', ['released']],
  ['filled', []],
  ['released', []],
  ['closed', []],
]);

export const canWaitlistMove = (from: WaitlistStatus, to: WaitlistStatus): boolean =>
  WAITLIST_TRANSITIONS.get(from)?.includes(to) ?? false;

/** Why a waiting-list order was released: the cut-off passed, the traveller cancelled, or the card hold was lost. */
export const WAITLIST_RELEASE_REASONS = ['cutoff', 'traveller', 'hold_lost'] as const;
export type WaitlistReleaseReason = (typeof WAITLIST_RELEASE_REASONS)[number];

/** What the order page and the trip list show of a waiting-list order. */
export const orderWaitlistSchema = z.object({
  status: waitlistStatusSchema,
  /** Seats are looked for until then; after it the order is released and the hold voided in full. */
  cutoffAt: z.iso.datetime({ offset: true }),
  /** The amount held on the card while waiting (null once captured or released). */
  held: z.object({ amount: z.number().int(), currency: z.literal('CNY') }).nullable(),
  train: z.string(),
  seatClass: z.string(),
  reason: z.enum(WAITLIST_RELEASE_REASONS).nullable(),
});
export type OrderWaitlist = z.infer<typeof orderWaitlistSchema>;

/** Whether the booking page may offer the waiting list, and until when it would wait. */
export const offerWaitlistSchema = z.object({
  /** A class of the one train ride has too few seats for the party searched, and its list is open. */
  available: z.boolean(),
  /** The classes of the ride with too few seats for the party searched: those whose list may be joined. */
  soldOut: z.array(z.string()).default([]),
  /**
   * Until when the list of this train may be joined (a train-only order of one ride, before its
   * cut-off): a class with fewer seats left than a larger party needs can still be waited for; null otherwise.
   */
  cutoffAt: z.iso.datetime({ offset: true }).nullable(),
  /** A waiting-list order is paid by card only: the amount is held on the card, not taken. */
  cardOnly: z.literal(true),
});
export type OfferWaitlist = z.infer<typeof offerWaitlistSchema>;

/** A train result sold out in every class for its party: shown after those with tickets, sold only on a waiting list. */
export const isSoldOutTrain = (result: { kind: string; legs: readonly { soldOut?: boolean | undefined }[] }): boolean =>
  result.kind === 'train' && result.legs.some((l) => l.soldOut === true);
