import type { ApiErrorBody } from './api/error-body';

/**
 * One catalogue of coded errors: a name for code, the number the client sees (spec §8 where the spec
 * names one, ours otherwise) and the HTTP status. The client shows the message for `errorCode` in the
 * user's language; `errorContent` is an English fallback for logs and API users.
 *
 * HTTP 403 and 409 are never given to a code (ADR 0006): the client answers them for every call by
 * leaving the page (spec §8), so a refusal the traveller should read on the page (an existing account,
 * an order already paid) is 422 and a malformed or refused request 400.
 */
export const ERRORS = {
  VALIDATION_FAILED: { errorCode: 1000, http: 400, message: 'The request is not valid.' },
  LOGIN_FAILED: { errorCode: 1001, http: 400, message: 'Sign-in failed.' },
  PASSWORD_INCORRECT: { errorCode: 1002, http: 400, message: 'Incorrect password.' },
  CODE_INCORRECT: { errorCode: 1101, http: 400, message: 'Incorrect verification code.' },
  ACTIVATION_INVALID: { errorCode: 1201, http: 400, message: 'The activation link is invalid.' },
  /** Spec §8: 1204 is an invalid activation link like 1201; ours is one already used (or an active account). */
  ACTIVATION_USED: { errorCode: 1204, http: 400, message: 'The activation link is invalid.' },
  ACTIVATION_EXPIRED: { errorCode: 1202, http: 400, message: 'The activation link has expired.' },
  EMAIL_UNREGISTERED: { errorCode: 1203, http: 400, message: 'This e-mail address is not registered.' },
  EMAIL_UNACTIVATED: { errorCode: 1205, http: 400, message: 'This e-mail address is not activated yet.' },
  MOBILE_UNREGISTERED: { errorCode: 1206, http: 400, message: 'This mobile number is not registered.' },
  DELIVERY_FAILED: { errorCode: 1502, http: 503, message: 'The message could not be sent. Please try again later.' },
  /** Spec §8: 1601 is an incorrect verification code like 1101; ours is one expired, used up or never sent. */
  CODE_EXPIRED: { errorCode: 1601, http: 400, message: 'Incorrect verification code.' },
  SESSION_EXPIRED: { errorCode: 1401, http: 401, message: 'Your session has expired. Please sign in again.' },
  ALREADY_SIGNED_IN: { errorCode: 1409, http: 422, message: 'You are already signed in.' },
  TOO_MANY_REQUESTS: { errorCode: 1429, http: 429, message: 'Too many requests. Please try again later.' },
  TRY_AGAIN_LATER: { errorCode: 1501, http: 503, message: 'Please try again later.' },
  /** A partner system (a supplier, the payment gateway) did not answer in time. */
  PARTNER_UNAVAILABLE: { errorCode: 1503, http: 503, message: 'Please try again later.' },
  ORDER_ALREADY_PAID: { errorCode: 2000, http: 422, message: 'This order is already paid. Do not pay twice.' },
  /** Spec §4: an order made in the mobile app is paid in the app. */
  PAY_IN_APP: {
    errorCode: 2100,
    http: 422,
    message: 'This order was made in the Junction app. Please pay for it in the app.',
  },
  PAYMENT_CLOSED: { errorCode: 2101, http: 422, message: 'Payment for this order is closed.' },
  PAYMENT_IN_PROGRESS: {
    errorCode: 2102,
    http: 422,
    message: 'A payment for this order is being processed. Please wait a moment.',
  },
  PAYMENT_METHOD_REQUIRED: { errorCode: 2103, http: 400, message: 'Please choose a payment method.' },
  CARD_DECLINED: { errorCode: 2104, http: 422, message: 'Your card was declined. Please use another card.' },
  CARD_INSUFFICIENT_FUNDS: { errorCode: 2105, http: 422, message: 'Your card has insufficient funds.' },
  CARD_EXPIRED: { errorCode: 2106, http: 422, message: 'Your card has expired.' },
  CARD_CVC_INCORRECT: { errorCode: 2107, http: 422, message: "Your card's security code is incorrect." },
  CARD_AUTHENTICATION_FAILED: {
    errorCode: 2108,
    http: 422,
    message: 'The card issuer could not verify this payment (3-D Secure).',
  },
  CARD_NUMBER_INVALID: { errorCode: 2109, http: 400, message: 'The card number is incorrect.' },
  CARD_EXPIRY_INVALID: { errorCode: 2110, http: 400, message: 'The expiry date is incorrect.' },
  CARD_CVC_INVALID: { errorCode: 2111, http: 400, message: 'The security code is incorrect.' },
  CARD_TOKEN_INVALID: { errorCode: 2112, http: 400, message: 'Please enter your card details again.' },
  PAYMENT_FAILED: { errorCode: 2113, http: 422, message: 'The payment could not be completed. Please try again.' },
  ATTEMPT_NOT_FOUND: { errorCode: 2114, http: 404, message: 'This payment does not exist.' },
  REFUND_EXCEEDS_PAYMENT: { errorCode: 2115, http: 422, message: 'The refund is more than was paid.' },
  ADULT_REQUIRED: { errorCode: 2001, http: 400, message: 'At least one passenger aged 18 or above.' },
  AGE_BOUNDARY: {
    errorCode: 2002,
    http: 400,
    message: "A traveller's age crosses a fare boundary during the trip. Please contact the airline to book.",
  },
  INFANT_TOO_YOUNG: { errorCode: 2003, http: 400, message: 'Infants must be at least 14 days old on departure.' },
  TRAVELLER_REQUIRED: { errorCode: 2004, http: 400, message: 'Add at least one traveller.' },
  /** Sent with params `{ original, latest }` in CNY hundredths; the traveller confirms the latest. */
  PRICE_CHANGED: { errorCode: 2005, http: 422, message: 'The price has changed.' },
  BAGGAGE_PRICE_CHANGED: {
    errorCode: 2006,
    http: 422,
    message: 'The carry-on or checked baggage price has changed.',
  },
  TICKETS_INSUFFICIENT: { errorCode: 2007, http: 422, message: 'Remaining tickets are insufficient.' },
  /** Sent with params `{ type }`. */
  NO_QUOTA: { errorCode: 2008, http: 422, message: 'No quota is available for this traveller type.' },
  /** Also the answer for another user's order: it does not exist for this user. */
  ORDER_NOT_FOUND: { errorCode: 2009, http: 404, message: 'This order does not exist.' },
  ORDER_NOT_CANCELLABLE: { errorCode: 2010, http: 422, message: 'This order can no longer be cancelled.' },
  DOCUMENT_UNSUITABLE: { errorCode: 2011, http: 400, message: 'This document cannot be used on this route.' },
  EXTRAS_INVALID: { errorCode: 2012, http: 400, message: 'The chosen seat, berth or baggage is not available.' },
  IDEMPOTENCY_KEY_REUSED: {
    errorCode: 2013,
    http: 422,
    message: 'This Idempotency-Key was already used for a different order.',
  },
  OPERATION_FAILED: { errorCode: 2014, http: 503, message: 'Operation failed, please try again later.' },
  IDEMPOTENCY_KEY_REQUIRED: { errorCode: 2015, http: 400, message: 'Send an Idempotency-Key header.' },
  /** Sent with params `{ max }`: the account has that many orders waiting for payment. */
  ORDER_UNPAID_LIMIT: {
    errorCode: 2016,
    http: 422,
    message: 'You have too many unpaid orders. Pay for or cancel one before booking another.',
  },
  /** Sent with params `{ max }`: the train seats the account's unpaid orders may hold together. */
  ORDER_SEATS_LIMIT: {
    errorCode: 2017,
    http: 422,
    message: 'Your unpaid orders hold too many train seats. Pay for or cancel one before booking another.',
  },
  /** Sent with params `{ max }`: the seats the account's unpaid orders may hold on one train. */
  ORDER_TRAIN_SEATS_LIMIT: {
    errorCode: 2018,
    http: 422,
    message: 'Your unpaid orders hold too many seats on this train. Pay for or cancel one before booking another.',
  },
  /** Unpaid orders naming one contact e-mail address, over every account. */
  ORDER_CONTACT_LIMIT: {
    errorCode: 2019,
    http: 422,
    message: 'Too many unpaid orders name this contact e-mail address. Please use another address.',
  },
  /** A payment from the wallet larger than its balance; nothing is taken. */
  WALLET_BALANCE_INSUFFICIENT: {
    errorCode: 2150,
    http: 422,
    message: 'Your wallet balance is not enough for this payment.',
  },
  /** Sent with params `{ min, max }` in CNY hundredths. */
  WALLET_AMOUNT_INVALID: { errorCode: 2151, http: 400, message: 'Enter an amount within the top-up limits.' },
  /** Also the answer for another user's card: it does not exist for this user. */
  CARD_NOT_FOUND: { errorCode: 2152, http: 404, message: 'This card does not exist.' },
  /** Sent with params `{ max }`. */
  CARD_LIMIT: {
    errorCode: 2153,
    http: 422,
    message: 'You have saved the most cards an account may keep. Please delete one card first.',
  },
  /** Also the answer for another user's top-up. */
  TOPUP_NOT_FOUND: { errorCode: 2154, http: 404, message: 'This top-up does not exist.' },
  TOPUP_KEY_REUSED: {
    errorCode: 2155,
    http: 422,
    message: 'This Idempotency-Key was already used for a different top-up.',
  },
  /** Sent with params `{ until }` (ISO time): three wrong security codes lock a saved card for a day. */
  CARD_LOCKED: {
    errorCode: 2156,
    http: 422,
    message: 'This card is locked for 24 hours after three wrong security codes. Please use another card.',
  },
  /** Sent with params `{ max, left }` in CNY hundredths: what 24 hours of top-ups may add. */
  WALLET_TOPUP_DAILY_LIMIT: {
    errorCode: 2157,
    http: 422,
    message: 'This top-up would take your top-ups of the last 24 hours past the daily limit.',
  },
  /** Sent with params `{ max, left }` in CNY hundredths: the most a balance may reach by top-ups. */
  WALLET_BALANCE_LIMIT: {
    errorCode: 2158,
    http: 422,
    message: 'This top-up would take your wallet balance past the most it may hold.',
  },
  /** Also the answer for another user's notice. */
  NOTICE_NOT_FOUND: { errorCode: 2201, http: 404, message: 'This notice does not exist.' },
  /**
   * Sent with params `{ reason }`: 'departed', 'not-refundable', 'status', or 'whole-booking' (the airline
   * refunds the booking only for everyone on it at once).
   */
  REFUND_NOT_ALLOWED: { errorCode: 2202, http: 422, message: 'This ticket cannot be refunded.' },
  /** Also the answer for another user's refund. */
  REFUND_NOT_FOUND: { errorCode: 2203, http: 404, message: 'This refund does not exist.' },
  REFUND_NOT_WITHDRAWABLE: {
    errorCode: 2204,
    http: 422,
    message: 'This refund is already being paid out and can no longer be cancelled.',
  },
  /** Sent with params `{ original, latest }` in CNY hundredths. */
  REFUND_FEE_CHANGED: { errorCode: 2205, http: 422, message: 'The refund fee has changed.' },
  /** A refund that would leave a child or an infant on a ticket without an adult. */
  REFUND_LEAVES_CHILD: {
    errorCode: 2206,
    http: 422,
    message: 'A child or an infant cannot travel without an adult: refund them too, or first.',
  },
  /** A missed protected connection already settled (rebooked or refunded), or not the user's. */
  PROTECTION_CLOSED: { errorCode: 2250, http: 422, message: 'This missed connection has already been settled.' },
  /** No later departure is sold on the route: the refund is left. */
  PROTECTION_NO_DEPARTURE: {
    errorCode: 2251,
    http: 422,
    message: 'No later departure is left on this route: take the refund of the ticket instead.',
  },
  /**
   * Sent with params `{ reason }`: 'departed', 'already-changed', 'after-ticket-date', 'beyond-presale',
   * 'new-train-departed', 'other-route', 'not-changeable', 'status' (not ticketed, or a change under way),
   * 'other-carrier', 'seat-class' (a class or cabin the new trip does not sell), 'travellers' or 'party'
   * (who changes a train ticket), or 'refunded' (a traveller named whose own ticket is refunded).
   */
  CHANGE_NOT_ALLOWED: { errorCode: 2207, http: 422, message: 'This ticket cannot be changed to that trip.' },
  /** Sent with params `{ dueMinor, refundMinor }`: the change's price moved since it was quoted. */
  CHANGE_PRICE_CHANGED: { errorCode: 2208, http: 422, message: 'The price of this change has changed.' },
  /** A change to the very train or flight the ticket is for, at its time and in its class or cabin. */
  CHANGE_SAME_TRIP: {
    errorCode: 2209,
    http: 422,
    message: 'Your ticket is already for this trip: choose another train or flight, or another class or cabin.',
  },
  /** Spec §8 6001: the national rail account's session ended; the traveller logs in to it again. */
  RAIL_SESSION_EXPIRED: {
    errorCode: 6001,
    http: 422,
    message: 'Your China Railway login has expired. Please log in to your rail account again.',
  },
  PASSENGER_PHONE_INVALID: { errorCode: 6002, http: 400, message: 'Incorrect phone number.' },
  RAIL_PHONE_REQUIRED: {
    errorCode: 6003,
    http: 400,
    message: 'A rail passenger needs a phone number beginning +86, +852, +853 or +886.',
  },
  RAIL_CONTACT_REQUIRED: {
    errorCode: 6004,
    http: 400,
    message: 'A rail passenger needs a phone number beginning +86, +852, +853 or +886, or an e-mail address.',
  },
  DOCUMENT_TYPE_INVALID: { errorCode: 6005, http: 400, message: 'Invalid document type.' },
  CHINESE_NAME_INVALID: {
    errorCode: 6101,
    http: 400,
    message: 'Please fill in the Chinese name correctly, with at least 2 Chinese characters.',
  },
  ENGLISH_NAME_INVALID: { errorCode: 6102, http: 400, message: 'Please fill in pinyin or English correctly.' },
  ID_CARD_INVALID: { errorCode: 6103, http: 400, message: 'Please enter the correct 18-digit ID number.' },
  DOCUMENT_NUMBER_INVALID: { errorCode: 6104, http: 400, message: 'Incorrect document number.' },
  PASSPORT_INVALID: { errorCode: 6105, http: 400, message: 'Incorrect passport number or nationality.' },
  DOCUMENT_EXPIRED: { errorCode: 6106, http: 400, message: 'The document must be valid after today.' },
  DOCUMENT_TYPE_REPEATED: { errorCode: 6107, http: 400, message: 'Each type of document can be added only once.' },
  DOCUMENT_REQUIRED: {
    errorCode: 6108,
    http: 400,
    message: 'Add at least one travel document, otherwise no usable document is available.',
  },
  PASSENGER_LIMIT: {
    errorCode: 6109,
    http: 422,
    message: 'You have saved the most travellers an account may keep. Please delete one passenger first.',
  },
  /** Also the answer for another user's traveller: it does not exist for this user. */
  PASSENGER_NOT_FOUND: { errorCode: 6110, http: 404, message: 'This traveller does not exist.' },
  PASSENGER_EMAIL_INVALID: { errorCode: 6111, http: 400, message: 'Incorrect email format.' },
  DOCUMENT_ALREADY_SAVED: {
    errorCode: 6112,
    http: 422,
    message: 'This document is already saved for another traveller.',
  },
  NAME_REQUIRED: { errorCode: 6113, http: 400, message: 'Enter at least one name, Chinese or English.' },
  FIELD_REQUIRED: { errorCode: 6114, http: 400, message: 'Required field.' },
  BIRTH_DATE_INVALID: { errorCode: 6115, http: 400, message: 'Incorrect date of birth.' },
  RAIL_LOGIN_FAILED: { errorCode: 6201, http: 400, message: 'Incorrect account or password.' },
  RAIL_CODE_INCORRECT: { errorCode: 6202, http: 400, message: 'Incorrect verification code.' },
  RAIL_AGREEMENT_REQUIRED: {
    errorCode: 6203,
    http: 400,
    message: 'Please read and tick the rail account authorisation agreement before logging in.',
  },
  /** Spec §8: rail-account logout blocked while tickets are being issued. */
  RAIL_LOGOUT_BLOCKED: {
    errorCode: 6204,
    http: 422,
    message: 'Tickets are being issued through this rail account. You can log out once they are issued.',
  },
  RAIL_NOT_LINKED: { errorCode: 6205, http: 422, message: 'No China Railway account is linked.' },
  /** A waiting list (候补) is joined only for a class with too few seats left; one with seats is booked. */
  WAITLIST_NOT_SOLD_OUT: {
    errorCode: 6206,
    http: 422,
    message: 'Tickets are still available in this class. Book them directly instead of joining the waiting list.',
  },
  /** The waiting list of a train closes at its cut-off time before departure. */
  WAITLIST_CLOSED: { errorCode: 6207, http: 422, message: 'The waiting list for this train has closed.' },
  /** A waiting-list order's price is held on a card until it is filled; the wallet cannot hold it. */
  WAITLIST_CARD_ONLY: {
    errorCode: 6208,
    http: 422,
    message: 'A waiting-list order is paid by card only: the amount is held on the card until seats are found.',
  },
  /** Only an order of one train ride can wait for seats. */
  WAITLIST_NOT_AVAILABLE: {
    errorCode: 6209,
    http: 422,
    message: 'Only a single train journey can join the waiting list.',
  },
  RESULTS_EXPIRED: { errorCode: 3001, http: 400, message: 'Your results have expired.' },
  PRICE_EXPIRED: {
    errorCode: 3002,
    http: 400,
    message: 'Current price is no longer valid, refresh now to get latest prices.',
  },
  PLAN_INVALID: { errorCode: 3003, http: 400, message: 'The selected plan has become invalid.' },
  DATE_IN_PAST: { errorCode: 3101, http: 400, message: 'The departure date has already passed.' },
  DATE_TOO_FAR: { errorCode: 3102, http: 400, message: 'Tickets are not on sale for that date yet.' },
  PLACE_UNKNOWN: { errorCode: 3103, http: 400, message: 'Please choose a departure and a destination from the list.' },
  SAME_PLACE: { errorCode: 3104, http: 400, message: 'The departure and the destination must differ.' },
  /** Also the answer for another user's alert. */
  ALERT_NOT_FOUND: { errorCode: 3301, http: 404, message: 'This price alert does not exist.' },
  /** Sent with params `{ max }`. */
  ALERT_LIMIT: {
    errorCode: 3302,
    http: 422,
    message: 'You have set the most price alerts an account may keep. Please delete one first.',
  },
  MAP_UNKNOWN_CITY: { errorCode: 3201, http: 404, message: 'There is no map of this city.' },
  TRAIN_UNKNOWN: { errorCode: 3202, http: 404, message: 'This train does not call at that station on that day.' },
  TOO_MANY_TRAVELLERS: {
    errorCode: 3105,
    http: 400,
    message: 'At most 9 travellers. Please delete one passenger first.',
  },
  NO_ADULT: { errorCode: 3106, http: 400, message: 'At least one adult must travel.' },
  TOO_MANY_CHILDREN: { errorCode: 3107, http: 400, message: 'Each adult may bring at most two children.' },
  TOO_MANY_INFANTS: { errorCode: 3108, http: 400, message: 'Each adult may bring at most one infant.' },
  LEG_ORDER: {
    errorCode: 3109,
    http: 400,
    message: "A later leg's departure date cannot be earlier than the previous trip.",
  },
  RETURN_BEFORE_DEPARTURE: {
    errorCode: 3110,
    http: 400,
    message: 'The return date cannot be before the departure date.',
  },
  LEG_COUNT: { errorCode: 3111, http: 400, message: 'The number of legs does not match the trip type.' },
  /** An activation link opened outside the browser that registered: the mailbox owner sets the password. */
  ACTIVATION_PASSWORD_REQUIRED: {
    errorCode: 1701,
    http: 400,
    message: 'Choose the password of your account to activate it.',
  },
  HEADERS_TOO_LARGE: { errorCode: 1702, http: 431, message: 'The request headers are too large.' },
  REQUEST_TIMEOUT: { errorCode: 1703, http: 408, message: 'The request took too long to arrive.' },
  /** The agents' console refuses a signed-in traveller. */
  CHAT_NOT_AGENT: { errorCode: 7001, http: 400, message: 'This page is for customer-service agents only.' },
  /** Also the answer for a conversation the reader may not see: it does not exist for them. */
  CHAT_CONVERSATION_NOT_FOUND: { errorCode: 7002, http: 404, message: 'This conversation does not exist.' },
  /** Sent with params `{ max }`. */
  CHAT_MESSAGE_TOO_LONG: { errorCode: 7003, http: 400, message: 'The message is too long.' },
  CHAT_MESSAGE_EMPTY: { errorCode: 7004, http: 400, message: 'The message is empty.' },
  CHAT_RATE_LIMITED: {
    errorCode: 7005,
    http: 429,
    message: 'You are sending messages too fast. Please wait a moment.',
  },
  CHAT_TOO_MANY_CONNECTIONS: {
    errorCode: 7006,
    http: 429,
    message: 'Online service is open in too many windows. Please close one.',
  },
  CHAT_IMAGE_TYPE: { errorCode: 7007, http: 400, message: 'Send a PNG, JPEG, GIF or WebP image.' },
  CHAT_IMAGE_TOO_LARGE: { errorCode: 7008, http: 400, message: 'The image is larger than 5 MB.' },
  CHAT_CONVERSATION_CLOSED: { errorCode: 7009, http: 422, message: 'This conversation is closed.' },
  /** Sent with params `{ max }`: images one person may send an hour. */
  CHAT_IMAGES_TOO_MANY: {
    errorCode: 7013,
    http: 429,
    message: 'You have sent many images in the last hour. Please wait a while before sending another.',
  },
  /** Sent with params `{ maxMb }`: what one person's images of the last 30 days may take up. */
  CHAT_IMAGE_QUOTA: {
    errorCode: 7014,
    http: 422,
    message: 'Your images in online service take up all the space allowed. Space comes back as they turn 30 days old.',
  },
  /** Another agent took the conversation first, or it is no longer in the state the action needs. */
  CHAT_NOT_HELD: { errorCode: 7010, http: 422, message: 'This conversation is not yours to answer.' },
  CHAT_AGENT_NOT_FOUND: { errorCode: 7011, http: 404, message: 'This agent does not exist.' },
  /** Spec §8: the online-service failure message, pointing to the app. */
  CHAT_UNAVAILABLE: {
    errorCode: 7012,
    http: 503,
    message: 'Online service is unavailable right now. Please contact us in the Junction app.',
  },
  INVOICE_CREDIT_CODE_INVALID: {
    errorCode: 8001,
    http: 400,
    message: 'The unified social credit code is not valid: check its 18 characters.',
  },
  INVOICE_NOT_AVAILABLE: {
    errorCode: 8002,
    http: 422,
    message: 'Invoices can be requested once the tickets of a paid order are issued.',
  },
  INVOICE_ALREADY_REQUESTED: { errorCode: 8003, http: 422, message: 'Invoices for this order were already requested.' },
  INVOICE_NOT_ISSUED: { errorCode: 8004, http: 422, message: 'This invoice is still being issued.' },
  INVOICE_TITLES_FULL: { errorCode: 8005, http: 422, message: 'You can save up to 20 invoice titles.' },
  ACCOUNT_EXISTS: { errorCode: 4001, http: 422, message: 'An account already exists.' },
  /** A state-changing request from another site's page (the origin check). */
  FORBIDDEN: { errorCode: 4030, http: 400, message: 'You may not access this.' },
  NOT_FOUND: { errorCode: 4040, http: 404, message: 'Not found.' },
  METHOD_NOT_ALLOWED: { errorCode: 4050, http: 405, message: 'Method not allowed.' },
  PAYLOAD_TOO_LARGE: { errorCode: 4130, http: 413, message: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { errorCode: 4150, http: 415, message: 'Unsupported content type.' },
  SYSTEM_BUSY: { errorCode: 4190, http: 419, message: 'System is busy, please try again later.' },
  INTERNAL: { errorCode: 5000, http: 500, message: 'Internal server error.' },
  SERVICE_UNAVAILABLE: { errorCode: 5030, http: 503, message: 'Service temporarily unavailable.' },
} as const satisfies Record<string, { errorCode: number; http: number; message: string }>;

export type ErrorName = keyof typeof ERRORS;

/** Statuses the client answers the same way for every call (spec §8); no error code may use them. */
export const GLOBAL_CLIENT_STATUSES: readonly number[] = [403, 409];
export type ErrorCode = (typeof ERRORS)[ErrorName]['errorCode'];

/** Every error code the client must be able to show in both languages. */
export const ERROR_CODES: readonly number[] = Object.values(ERRORS).map((e) => e.errorCode);

/** A coded failure thrown by services; one handler turns it into status and body. */
export class AppError extends Error {
  readonly code: ErrorName;
  readonly extra: Pick<ApiErrorBody, 'errorType' | 'params'>;

  constructor(code: ErrorName, extra: Pick<ApiErrorBody, 'errorType' | 'params'> = {}) {
    super(ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.extra = extra;
  }

  get status(): number {
    return ERRORS[this.code].http;
  }

  toBody(): ApiErrorBody {
    return { errorCode: ERRORS[this.code].errorCode, errorContent: this.message, ...this.extra };
  }
}
