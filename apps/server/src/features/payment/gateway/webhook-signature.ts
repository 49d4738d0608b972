import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureInvalid } from './gateway';

/** The header a webhook's signature travels in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = 'gateway-signature';
/** A webhook signed longer ago than this is refused (a replayed old delivery). */
export const SIGNATURE_TOLERANCE_S = 300;

const mac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export function signWebhook(secret: string, body: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${mac(secret, t, body)}`;
}

/** Throws `WebhookSignatureInvalid` unless the header signs this exact body with the secret, recently. */
export function verifyWebhookSignature(secret: string, body: string, header: string | undefined, nowMs: number): void {
  if (!header) throw new WebhookSignatureInvalid('no signature');
  const parts = new Map(
    header.split(',').map((p) => {
      const at = p.indexOf('=');
      return [p.slice(0, at).trim(), p.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) throw new WebhookSignatureInvalid('malformed signature');
  if (Math.abs(nowMs / 1000 - t) > SIGNATURE_TOLERANCE_S) throw new WebhookSignatureInvalid('signature too old');
  const expected = Buffer.from(mac(secret, t, body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) throw new WebhookSignatureInvalid('signature mismatch');
}
