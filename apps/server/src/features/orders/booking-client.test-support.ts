/** The booking test helpers, where the orders tests have always found them. */
export * from '../../../test/booking-client';
