import { AlipayChannel } from '../../src/features/payment/channels/alipay/alipay-channel';
import { ALIPAY_NOTIFY_PATH, WECHAT_NOTIFY_PATH } from '../../src/features/payment/channels/channel-notices';
import { WechatPayChannel } from '../../src/features/payment/channels/wechat/wechat-channel';
import type { AlipayFake } from '../fakes/alipay-fake';
import type { WechatPayFake } from '../fakes/wechatpay-fake';
import type { AlipayTestKeys, WechatTestKeys } from './wallet-app-keys';

/** Our WeChat Pay channel as the merchant of these keys, against a local WeChat Pay, told at junction.test. */
export const wechatChannelOf = (k: WechatTestKeys, fake: WechatPayFake) =>
  new WechatPayChannel({
    mchId: k.mchId,
    appId: k.appId,
    privateKey: k.merchant.privateKey,
    serialNo: k.serial,
    apiV3Key: k.apiV3Key,
    platformKeyId: k.keyId,
    platformPublicKey: k.platform.publicKey,
    baseUrl: fake.baseUrl,
    notifyUrl: `http://junction.test${WECHAT_NOTIFY_PATH}`,
    timeoutMs: 10_000,
  });

/**
 * The settings of a server process (`server-process.ts`) that takes WeChat Pay as the merchant of these keys,
 * against this local WeChat Pay.
 */
export const wechatProcessSettings = (k: WechatTestKeys, fake: WechatPayFake): Record<string, string> => ({
  WECHATPAY_MCH_ID: k.mchId,
  WECHATPAY_APP_ID: k.appId,
  WECHATPAY_PRIVATE_KEY: k.merchant.privateKey,
  WECHATPAY_CERT_SERIAL: k.serial,
  WECHATPAY_API_V3_KEY: k.apiV3Key,
  WECHATPAY_PUBLIC_KEY: k.platform.publicKey,
  WECHATPAY_PUBLIC_KEY_ID: k.keyId,
  WECHATPAY_BASE_URL: fake.baseUrl,
});

/** Our Alipay channel as the app of these keys, against a local Alipay, told at junction.test. */
export const alipayChannelOf = (k: AlipayTestKeys, fake: AlipayFake) =>
  new AlipayChannel({
    appId: k.appId,
    privateKey: k.app.privateKey,
    alipayPublicKey: k.alipay.publicKey,
    gateway: fake.gateway,
    notifyUrl: `http://junction.test${ALIPAY_NOTIFY_PATH}`,
    timeoutMs: 10_000,
  });
