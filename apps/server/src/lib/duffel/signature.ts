import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header Duffel signs its webhook events in: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const DUFFEL_SIGNATURE_HEADER = 'x-duffel-signature';

/** Duffel's signature of a webhook body: HMAC-SHA256 with the webhook's secret over `<t>.<raw body>`, in hex. */
export function duffelSignature(secret: string, timestamp: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** Whether a webhook event was signed with our secret, as Duffel documents the check. */
export function isGenuineDuffelEvent(header: string | undefined, rawBody: string | Buffer, secret: string): boolean {
  const match = /^t=([^,]+),v1=([0-9a-f]+)$/.exec(header?.trim() ?? '');
  if (!match) return false;
  const expected = Buffer.from(duffelSignature(secret, match[1] as string, rawBody));
  const given = Buffer.from(match[2] as string);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
