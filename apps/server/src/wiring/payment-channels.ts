import type { Config } from '../config';
import type { PaymentChannel } from '../features/payment/channels/channel';
import { ALIPAY_NOTIFY_PATH, WECHAT_NOTIFY_PATH } from '../features/payment/channels/channel-notices';
import { WechatPayChannel } from '../features/payment/channels/wechat/wechat-channel';

/**
 * The wallet apps configured beside the card processor (or those a test injects): Alipay with its keys (its
 * adapter and Alipay's client loaded only then).
 */
export async function paymentChannels(config: Config, injected?: readonly PaymentChannel[]): Promise<PaymentChannel[]> {
  if (injected) return [...injected];
  const channels: PaymentChannel[] = [];
  const origin = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  if (config.ALIPAY_APP_ID && config.ALIPAY_PRIVATE_KEY && config.ALIPAY_PUBLIC_KEY) {
    const { AlipayChannel } = await import('../features/payment/channels/alipay/alipay-channel');
    channels.push(
      new AlipayChannel({
        appId: config.ALIPAY_APP_ID,
        privateKey: config.ALIPAY_PRIVATE_KEY,
        alipayPublicKey: config.ALIPAY_PUBLIC_KEY,
        gateway: config.ALIPAY_GATEWAY,
        notifyUrl: `${origin}${ALIPAY_NOTIFY_PATH}`,
        timeoutMs: config.ALIPAY_TIMEOUT_MS,
      }),
    );
  }
  const w = config;
  if (
    w.WECHATPAY_MCH_ID &&
    w.WECHATPAY_APP_ID &&
    w.WECHATPAY_PRIVATE_KEY &&
    w.WECHATPAY_CERT_SERIAL &&
    w.WECHATPAY_API_V3_KEY &&
    w.WECHATPAY_PUBLIC_KEY &&
    w.WECHATPAY_PUBLIC_KEY_ID
  ) {
    channels.push(
      new WechatPayChannel({
        mchId: w.WECHATPAY_MCH_ID,
        appId: w.WECHATPAY_APP_ID,
        privateKey: w.WECHATPAY_PRIVATE_KEY,
        serialNo: w.WECHATPAY_CERT_SERIAL,
        apiV3Key: w.WECHATPAY_API_V3_KEY,
        platformKeyId: w.WECHATPAY_PUBLIC_KEY_ID,
        platformPublicKey: w.WECHATPAY_PUBLIC_KEY,
        baseUrl: w.WECHATPAY_BASE_URL,
        notifyUrl: `${origin}${WECHAT_NOTIFY_PATH}`,
        timeoutMs: w.WECHATPAY_TIMEOUT_MS,
      }),
    );
  }
  return channels;
}
