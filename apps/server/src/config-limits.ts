import { z } from 'zod';

const whole = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/**
 * Limits that keep one account from using the site up: what it may store, send or hold. Each has a
 * default fit for a traveller; a deployment may change them.
 */
export const limitSettings = {
  CHAT_IMAGES_PER_HOUR: whole(1, 1000).default(20).describe('Images one person may send to online service an hour'),
  CHAT_IMAGE_QUOTA_MB: z.coerce
    .number()
    .positive()
    .max(10_000)
    .default(100)
    .describe("Megabytes of images one person's conversations may hold, counting the last 30 days"),
};
