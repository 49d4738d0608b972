import { refundQuoteSchema, refundsMadeSchema } from '@junction/domain';
import { expect } from 'vitest';
import type { TestApp } from '../harness';

/** What a refund is asked for: an order's ticket, one traveller's part, or one traveller of a ticket. */
export type RefundSelection = { orderId: string; subOrderId?: string; traveller?: number };

/**
 * A refund asked as the order page asks it: the quote read for the selection, then the refund asked at the
 * quoted fee, and taken. `headers` go with the ask (an idempotency key, say). Gives the quote and the
 * refunds made.
 */
export async function refundAtQuote(
  t: TestApp,
  cookie: string,
  selection: RefundSelection,
  headers: Record<string, string> = {},
) {
  const { orderId, subOrderId, traveller } = selection;
  const query = new URLSearchParams({
    orderId,
    ...(subOrderId ? { subOrderId } : {}),
    ...(traveller === undefined ? {} : { traveller: String(traveller) }),
  });
  const quoted = await t.app.inject({ method: 'GET', url: `/api/refund/quote?${query}`, headers: { cookie } });
  expect(quoted.statusCode, quoted.body).toBe(200);
  const quote = refundQuoteSchema.parse(quoted.json());
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/refund',
    payload: { ...selection, expectedFeeMinor: quote.fee.amount },
    headers: { cookie, ...headers },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  return { quote, refunds: refundsMadeSchema.parse(asked.json()).refunds };
}
