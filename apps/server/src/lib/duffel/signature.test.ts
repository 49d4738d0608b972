import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duffelSignature, isGenuineDuffelEvent } from './signature';

describe("Duffel's webhook signature", () => {
  // The example Duffel's client libraries publish for their own check.
  const body =
    '{"created_at":"2022-01-08T18:44:56.129339Z","data":{"changes":{},"object":{}},' +
    '"id":"eve_0000AFEsrBKZAcKgGtZCnQ","live_mode":false,"object":"order","type":"order.updated"}';
  const header = 't=1641667496,v1=691f25ffb1f206c0fda5bb7b1a9d60fafe42c5f42819d44a06a7cfe09486f102';

  it("accepts Duffel's published example and refuses it with another body, secret or a malformed header", () => {
    expect(isGenuineDuffelEvent(header, body, 'a_secret')).toBe(true);
    expect(isGenuineDuffelEvent(header, 'foo', 'a_secret')).toBe(false);
    expect(isGenuineDuffelEvent(header, body, 'another_secret')).toBe(false);
    expect(isGenuineDuffelEvent('nah', body, 'a_secret')).toBe(false);
    expect(isGenuineDuffelEvent(undefined, body, 'a_secret')).toBe(false);
    expect(isGenuineDuffelEvent(header.replace('t=1641667496', 't=1641667497'), body, 'a_secret')).toBe(false);
  });

  it('a body signed is genuine, and any change to a signed body is not', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 300 }),
        fc.string({ minLength: 8, maxLength: 40 }),
        fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }),
        fc.nat(),
        (text, secret, t, at) => {
          const signed = `t=${t},v1=${duffelSignature(secret, String(t), text)}`;
          const i = at % text.length;
          const altered = `${text.slice(0, i)}${text[i] === 'x' ? 'y' : 'x'}${text.slice(i + 1)}`;
          return isGenuineDuffelEvent(signed, text, secret) && !isGenuineDuffelEvent(signed, altered, secret);
        },
      ),
    );
  });
});
