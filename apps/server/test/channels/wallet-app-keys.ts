import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { AlipayFake } from '../fakes/alipay-fake';
import { WechatPayFake } from '../fakes/wechatpay-fake';

/** An RSA key pair made for a test, in PEM. */
export function rsaPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/**
 * Two RSA key pairs made for a test, as an Alipay app has them: the app's (it signs requests, Alipay
 * checks them with its public key) and Alipay's (it signs answers and notifications, we check them).
 */
export function alipayTestKeys() {
  return { app: rsaPair(), alipay: rsaPair(), appId: '2021000122600001' };
}

/**
 * A WeChat Pay merchant made for a test, as WeChat Pay's documentation numbers its examples: the merchant's
 * key pair (it signs requests) and certificate serial, the platform's key pair (it signs answers and
 * notifications) and its public key id, and the APIv3 key that seals notifications' resources.
 */
export function wechatTestKeys() {
  return {
    mchId: '1900000109',
    appId: 'wxd678efh567hg6787',
    serial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    keyId: 'PUB_KEY_ID_0114232134912410000000000000',
    apiV3Key: randomBytes(16).toString('hex'),
    merchant: rsaPair(),
    platform: rsaPair(),
  };
}
export type WechatTestKeys = ReturnType<typeof wechatTestKeys>;
export type AlipayTestKeys = ReturnType<typeof alipayTestKeys>;

/** The local WeChat Pay that knows the merchant of these keys. */
export const wechatFakeOf = (k: WechatTestKeys) =>
  new WechatPayFake({
    mchId: k.mchId,
    merchantPublicKey: k.merchant.publicKey,
    merchantSerial: k.serial,
    platformPrivateKey: k.platform.privateKey,
    platformKeyId: k.keyId,
    apiV3Key: k.apiV3Key,
  });

/** The local Alipay that knows the app of these keys. */
export const alipayFakeOf = (k: AlipayTestKeys) =>
  new AlipayFake({ appId: k.appId, appPublicKey: k.app.publicKey, alipayPrivateKey: k.alipay.privateKey });
