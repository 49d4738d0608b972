import { z } from 'zod';

const whole = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/**
 * Limits that keep one account from using the site up: what it may store, send or hold. Each has a
 * default fit for a traveller; a deployment may change them.
 */
export const limitSettings = {
  WALLET_TOPUP_MAX_MINOR: whole(100, 100_000_000)
    .default(2_000_000)
    .describe('The most one wallet top-up may be, CNY hundredths'),
  WALLET_TOPUP_DAILY_MAX_MINOR: whole(100, 1_000_000_000)
    .default(5_000_000)
    .describe('The most one account may top up in 24 hours, CNY hundredths'),
  WALLET_BALANCE_MAX_MINOR: whole(100, 1_000_000_000)
    .default(5_000_000)
    .describe('The most a wallet balance may reach by top-ups (refunds may take it further), CNY hundredths'),
  ORDER_UNPAID_MAX: whole(1, 1000).default(5).describe('Orders one account may have waiting for payment'),
  ORDER_HELD_SEATS_MAX: whole(1, 10_000)
    .default(20)
    .describe("Train seats one account's unpaid orders may hold together"),
  ORDER_TRAIN_SEATS_MAX: whole(1, 10_000)
    .default(9)
    .describe("Seats one account's unpaid orders may hold on one train on one day"),
  ORDER_CONTACT_UNPAID_MAX: whole(1, 100_000)
    .default(5)
    .describe('Unpaid orders of all accounts that may name one contact e-mail address'),
  CONTACT_MAIL_PER_DAY: whole(0, 100_000)
    .default(10)
    .describe("Order e-mails one contact address that is not an account's own may receive in 24 hours"),
  CHAT_IMAGES_PER_HOUR: whole(1, 1000).default(20).describe('Images one person may send to online service an hour'),
  CHAT_IMAGE_QUOTA_MB: z.coerce
    .number()
    .positive()
    .max(10_000)
    .default(100)
    .describe("Megabytes of images one person's conversations may hold, counting the last 30 days"),
};
