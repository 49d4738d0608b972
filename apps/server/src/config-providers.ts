import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Real outside providers (README "Going live"): each switches on when its credentials are set and the
 * simulators stay the default otherwise. Their endpoints are settings so tests point them at local fakes.
 */
export const providerSettings = {
  DUFFEL_ACCESS_TOKEN: z
    .string()
    .min(1)
    .optional()
    .describe('Duffel access token: Duffel sells flights beside the simulated sellers (none by default)'),
  DUFFEL_BASE_URL: z.url().default('https://api.duffel.com').describe("Duffel's API origin"),
  DUFFEL_WEBHOOK_SECRET: z
    .string()
    .min(8)
    .optional()
    .describe("The secret of Duffel's webhook, checking X-Duffel-Signature; webhooks are refused without it"),
  DUFFEL_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(120_000)
    .default(60_000)
    .describe('Time limit of one booking call to Duffel (a search has the supplier time limit)'),
  SEARCH_SIMULATED_FLIGHT_SELLERS: flag
    .default(true)
    .describe('Search the three simulated flight consolidators; false once real sellers are configured'),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().min(1).optional().describe('Aliyun AccessKey ID: texts go through Aliyun SMS'),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().min(1).optional().describe('Aliyun AccessKey secret'),
  ALIYUN_SMS_SIGN_NAME: z.string().min(1).optional().describe('The approved signature name (签名) of every text'),
  ALIYUN_SMS_TEMPLATE_CODE: z
    .string()
    .min(1)
    .optional()
    .describe('Template code of verification codes, whose one variable is code'),
  ALIYUN_SMS_TEMPLATE_NOTICE: z
    .string()
    .min(1)
    .optional()
    .describe('Template code of order notices, whose variables are title and order'),
  ALIYUN_SMS_ENDPOINT: z
    .url({ protocol: /^https?$/ })
    .default('https://dysmsapi.aliyuncs.com')
    .describe("Aliyun SMS's endpoint"),
  ALIYUN_SMS_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(5000),
};

/** Settings that only make sense together: a provider half configured stops the start. */
export const PROVIDER_GROUPS: { name: string; keys: string[] }[] = [
  {
    name: 'Aliyun SMS',
    keys: [
      'ALIYUN_SMS_ACCESS_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE_CODE',
      'ALIYUN_SMS_TEMPLATE_NOTICE',
    ],
  },
];
