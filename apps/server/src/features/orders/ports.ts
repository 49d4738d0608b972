import type {
  Cabin,
  ChangeRefundTo,
  Language,
  NoticeKind,
  OfferStudent,
  RailFeeTable,
  RailLinkStatus,
  ResultLeg,
  SearchCriteria,
  SearchResult,
  SeatMaps,
} from '@junction/domain';

/** A selected result as its seller sells it now, quoted for one adult, with the search it came from. */
export type QuotedOffer = {
  result: SearchResult;
  criteria: SearchCriteria;
  /** The language of the search: the order's origin and destination names are in it. */
  language: Language;
  /** Countries (ISO) of the airports and stations of its rides. */
  countries: string[];
};

/**
 * Where orders get what they sell: the search session and its suppliers (composed in `app.ts`).
 * `quote` throws the search's errors: results expired (with the criteria to re-run), plan invalid,
 * or a partner that did not answer.
 */
export interface OfferSource {
  /** With `cabin`, a flight is quoted in that cabin rather than the search's (a change to another cabin). */
  quote(searchId: string, resultId: string, cabin?: Cabin): Promise<QuotedOffer>;
  /** Seats China Railway sells in a class on a train on a day, before the seats our orders hold. */
  railCapacity(train: string, date: string, seatClass: string): number;
  /** Our fee per rail ticket issued offline (spec §1). */
  railServiceFeeMinor: number;
  /** The rail service fees by way of ticketing and train type, and the state of the user's 12306 link. */
  railTicketing?(userId: string): Promise<{ link: RailLinkStatus; fees: RailFeeTable }>;
  /** The linked 12306 account's students among the user's saved travellers, with their fares on these rides. */
  students?(userId: string, legs: readonly ResultLeg[]): Promise<OfferStudent[]>;
  /** `students` on the rides of several results, the linked account looked at once. */
  studentsOn?(userId: string, rides: readonly (readonly ResultLeg[])[]): Promise<OfferStudent[][]>;
  /**
   * The seat maps of a selected result's flights as its seller shows them now for one adult (none: no
   * seat choice), with `quote`'s errors.
   */
  seatMaps?(searchId: string, resultId: string): Promise<SeatMaps>;
  /** Results of a live search as it stored them, not quoted again: none once it has expired. */
  stored?(searchId: string, resultIds: readonly string[]): Promise<SearchResult[]>;
}

export type BookingDocument = {
  id: string;
  type: string;
  /** Sealed by the travellers feature (purpose `passenger-document`); copied, never opened here. */
  numberSealed: string;
  numberMasked: string;
  expiryDate: string | null;
};

export type BookingPassenger = {
  id: string;
  chineseName: string | null;
  surname: string | null;
  givenNames: string | null;
  middleName: string | null;
  birthDate: string;
  documents: BookingDocument[];
};

/** The signed-in user's saved travellers (composed in `app.ts`); another user's are never found. */
export interface PassengerSource {
  find(userId: string, ids: string[]): Promise<BookingPassenger[]>;
}

/**
 * Tells the traveller about the order in the transaction that changed it (the notifications feature's
 * `notify`, composed in `app.ts`): the notice exists exactly when the change was committed.
 */
export type OrderNotifier = (
  // biome-ignore lint/suspicious/noExplicitAny: the caller's transaction
  trx: any,
  notice: {
    userId: string;
    kind: NoticeKind;
    orderId: string;
    params: Record<string, string | number>;
    dedupeKey: string;
    at: Date;
  },
) => Promise<unknown>;

/**
 * The held card payment of a waiting-list order (the payment feature, composed in `app.ts`). Each call
 * moves the order in the payment's own transaction (`markPaid`, `markWaitlistReleased`).
 */
export interface WaitlistPayments {
  /** Captures the hold; the order is marked paid with it. `lost` when the card no longer holds it. */
  capture(orderId: string): Promise<'captured' | 'lost'>;
  /** Voids the hold (or refunds it in full if it was captured); the order is marked released with it. */
  release(orderId: string): Promise<void>;
}

/**
 * Where a refund of an order goes back, by the rule payments refund by (payments' `PaymentsService.refundTo`,
 * composed in `features.ts`): where a cheaper change's refund will go; null when nothing can take it.
 */
export type OrderPayments = (orderId: string, amountMinor: number) => Promise<ChangeRefundTo | null>;

/** China Railway's seats coming back to sale (the rail simulator, composed in `app.ts`). */
export interface SeatReturns {
  /** Seats of a class on a train and day that came back so far (a look may find more). */
  returned(train: string, date: string, seatClass: string): Promise<number>;
}
