import { generateKeyPairSync } from 'node:crypto';

/**
 * Two RSA key pairs made for a test, as an Alipay app has them: the app's (it signs requests, Alipay
 * checks them with its public key) and Alipay's (it signs answers and notifications, we check them).
 */
export function alipayTestKeys() {
  const pair = () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return {
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
  };
  return { app: pair(), alipay: pair(), appId: '2021000122600001' };
}
