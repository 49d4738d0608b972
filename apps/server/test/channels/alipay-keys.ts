import { rsaPair } from './wallet-app-keys';

/**
 * Two RSA key pairs made for a test, as an Alipay app has them: the app's (it signs requests, Alipay
 * checks them with its public key) and Alipay's (it signs answers and notifications, we check them).
 */
export function alipayTestKeys() {
  return { app: rsaPair(), alipay: rsaPair(), appId: '2021000122600001' };
}
