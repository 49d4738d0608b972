import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';

/** WeChat Pay API v3's request signature: SHA256withRSA over method, path, time, nonce and body, each on a line. */
export function requestSignature(
  p: { method: string; path: string; timestamp: string; nonce: string; body: string },
  privateKey: string,
): string {
  const message = `${p.method}\n${p.path}\n${p.timestamp}\n${p.nonce}\n${p.body}\n`;
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

/** The `Authorization` header of a merchant's request (`WECHATPAY2-SHA256-RSA2048`). */
export function authorization(
  p: { method: string; path: string; body: string; mchId: string; serialNo: string },
  privateKey: string,
  now: Date = new Date(),
): string {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = requestSignature({ ...p, timestamp, nonce }, privateKey);
  return `WECHATPAY2-SHA256-RSA2048 mchid="${p.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${p.serialNo}"`;
}

/**
 * Checks an answer or a notification from WeChat Pay: `Wechatpay-Signature` over the time, the nonce and
 * the exact body with the platform's public key, the key named by `Wechatpay-Serial`, sent within five
 * minutes. False otherwise.
 */
export function verifyPlatform(
  headers: Record<string, string | undefined>,
  body: string,
  platform: { keyId: string; publicKey: string },
  now: Date = new Date(),
): boolean {
  const timestamp = headers['wechatpay-timestamp'] ?? '';
  const nonce = headers['wechatpay-nonce'] ?? '';
  const signature = headers['wechatpay-signature'] ?? '';
  if (headers['wechatpay-serial'] !== platform.keyId || !/^\d{1,12}$/.test(timestamp) || !signature) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > 300) return false;
  try {
    return createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8')
      .verify(platform.publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** A notification's resource opened: AEAD_AES_256_GCM with the APIv3 key, the tag the last 16 bytes. */
export function decryptResource(
  resource: { ciphertext: string; nonce: string; associated_data?: string },
  apiV3Key: string,
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}
