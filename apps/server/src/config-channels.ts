import { z } from 'zod';
import { STRIPE_GROUP } from './config-stripe';

const pem = z
  .string()
  .min(64)
  .transform((v) => v.replaceAll('\\n', '\n'));

/**
 * The wallet apps beside the card processor (docs/going-live.md): Alipay is offered on /payment once its
 * app, its keys and the site's public address are set. Its gateway is a setting so tests point it at a fake.
 */
export const channelSettings = {
  ALIPAY_APP_ID: z.string().min(1).optional().describe('Alipay app id (APPID): Alipay is offered on /payment'),
  ALIPAY_PRIVATE_KEY: pem.optional().describe("The app's RSA2 private key (PEM), signing every request to Alipay"),
  ALIPAY_PUBLIC_KEY: pem
    .optional()
    .describe("Alipay's public key (PEM), checking its answers and asynchronous notifications"),
  ALIPAY_GATEWAY: z
    .url({ protocol: /^https?$/ })
    .default('https://openapi.alipay.com/gateway.do')
    .describe("Alipay's gateway (https://openapi-sandbox.dl.alipaydev.com/gateway.do for the sandbox)"),
  ALIPAY_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  WECHATPAY_MCH_ID: z.string().min(1).optional().describe('WeChat Pay merchant id: WeChat Pay is offered on /payment'),
  WECHATPAY_APP_ID: z
    .string()
    .min(1)
    .optional()
    .describe('The AppID bound to the merchant (a site or official account)'),
  WECHATPAY_PRIVATE_KEY: pem.optional().describe("The merchant API certificate's private key (PEM)"),
  WECHATPAY_CERT_SERIAL: z.string().min(1).optional().describe("The merchant API certificate's serial number"),
  WECHATPAY_API_V3_KEY: z.string().length(32).optional().describe('The APIv3 key, opening notifications'),
  WECHATPAY_PUBLIC_KEY: pem.optional().describe("WeChat Pay's public key (PEM), checking answers and notifications"),
  WECHATPAY_PUBLIC_KEY_ID: z.string().min(1).optional().describe("The id of WeChat Pay's public key (PUB_KEY_ID_…)"),
  WECHATPAY_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.mch.weixin.qq.com'),
  WECHATPAY_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
};

/** Settings that only make sense together. */
export const CHANNEL_GROUPS: { name: string; keys: string[] }[] = [
  STRIPE_GROUP,
  { name: 'Alipay', keys: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] },
  {
    name: 'WeChat Pay',
    keys: [
      'WECHATPAY_MCH_ID',
      'WECHATPAY_APP_ID',
      'WECHATPAY_PRIVATE_KEY',
      'WECHATPAY_CERT_SERIAL',
      'WECHATPAY_API_V3_KEY',
      'WECHATPAY_PUBLIC_KEY',
      'WECHATPAY_PUBLIC_KEY_ID',
    ],
  },
];
