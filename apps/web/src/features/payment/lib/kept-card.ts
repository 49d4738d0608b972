import type { BillingAddressInput } from '@junction/domain';

/**
 * What the payment page keeps while the card's issuer checks 3-D Secure on its own page, so a failed
 * check comes back to what the traveller chose and typed: the method, and for a new card the name on
 * it and the billing address (never the number, the security code or the processor's token). Kept in
 * this tab's session storage only, for one order, until the payment succeeds or the traveller pays
 * another way.
 */
export type KeptCard = {
  method: 'card' | `saved:${string}`;
  typed?: { name: string; billing: BillingAddressInput };
};

/** A kept choice older than this (the time to pay an order) is stale. */
const LIFETIME_MS = 30 * 60_000;
const keyOf = (orderId: string) => `junction.payment.${orderId}`;

export const keptCard = {
  save(orderId: string, kept: KeptCard): void {
    try {
      sessionStorage.setItem(keyOf(orderId), JSON.stringify({ kept, at: Date.now() }));
    } catch {
      // Storage disabled: the traveller types the card again.
    }
  },
  read(orderId: string): KeptCard | null {
    try {
      const raw = sessionStorage.getItem(keyOf(orderId));
      if (!raw) return null;
      const { kept, at } = JSON.parse(raw) as { kept: KeptCard; at: number };
      if (Date.now() - at > LIFETIME_MS) {
        sessionStorage.removeItem(keyOf(orderId));
        return null;
      }
      return kept;
    } catch {
      return null;
    }
  },
  forget(orderId: string): void {
    try {
      sessionStorage.removeItem(keyOf(orderId));
    } catch {
      // nothing kept
    }
  },
};
