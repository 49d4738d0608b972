import type { Language, RailFeeTable, RailLinkStatus, SearchCriteria, SearchResult } from '@junction/domain';

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
  quote(searchId: string, resultId: string): Promise<QuotedOffer>;
  /** Seats China Railway sells in a class on a train on a day, before the seats our orders hold. */
  railCapacity(train: string, date: string, seatClass: string): number;
  /** Our fee per rail ticket issued offline (spec §1). */
  railServiceFeeMinor: number;
  /** The rail service fees by way of ticketing and train type, and the state of the user's 12306 link. */
  railTicketing?(userId: string): Promise<{ link: RailLinkStatus; fees: RailFeeTable }>;
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
    kind: 'order-created';
    orderId: string;
    params: Record<string, string | number>;
    dedupeKey: string;
    at: Date;
  },
) => Promise<unknown>;
