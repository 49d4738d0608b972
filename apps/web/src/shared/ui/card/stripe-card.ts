import type { Stripe, StripeCardCvcElement, StripeCardElement } from '@stripe/stripe-js';
import { useCallback, useRef, useState } from 'react';

export type StripeSettings = { publishableKey: string; jsUrl: string };
/** Stripe's card field (number, expiry, code) or its security-code field, mounted with its Stripe. */
export type MountedCard = { stripe: Stripe; element: StripeCardElement | StripeCardCvcElement };

let loading: Promise<void> | null = null;

/** Stripe.js from the configured address, once per page (its own loader then finds `window.Stripe`). */
function loadScript(url: string): Promise<void> {
  if ('Stripe' in window) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Stripe.js did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Stripe's card fields, loaded only when a page shows them (never in the first page's bundle). */
export async function loadStripeCard(settings: StripeSettings): Promise<Stripe | null> {
  await loadScript(settings.jsUrl);
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  return loadStripe(settings.publishableKey);
}

type Refused = { message?: string } | undefined;

/**
 * What is typed into Stripe's own fields, handed to Stripe: a new card's token, a security code's
 * `cvc_update` token for a saved card, or a SetupIntent confirmed with the card to save it. The number and
 * code go to Stripe alone; our API gets Stripe's answer. `error` is Stripe's own message, in the page's language.
 */
export function useStripeCard() {
  const mounted = useRef<MountedCard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const ask = useCallback(
    async (work: (card: MountedCard) => Promise<{ id: string | null; refused: Refused }>): Promise<string | null> => {
      const card = mounted.current;
      if (!card) return null;
      setError(null);
      setPending(true);
      try {
        const { id, refused } = await work(card);
        if (refused) setError(refused.message ?? null);
        return refused ? null : id;
      } finally {
        setPending(false);
      }
    },
    [],
  );
  const tokenize = useCallback(
    () =>
      ask(async ({ stripe, element }) => {
        const { token, error: refused } = await stripe.createToken(element as StripeCardElement);
        return { id: token?.id ?? null, refused };
      }),
    [ask],
  );
  const cvcToken = useCallback(
    () =>
      ask(async ({ stripe, element }) => {
        const { token, error: refused } = await stripe.createToken('cvc_update', element as StripeCardCvcElement);
        return { id: token?.id ?? null, refused };
      }),
    [ask],
  );
  const confirmSetup = useCallback(
    (clientSecret: string, name: string) =>
      ask(async ({ stripe, element }) => {
        const card = element as StripeCardElement;
        const { setupIntent, error: refused } = await stripe.confirmCardSetup(clientSecret, {
          payment_method: { card, billing_details: { name } },
        });
        return { id: setupIntent?.id ?? null, refused };
      }),
    [ask],
  );
  return { mounted, tokenize, cvcToken, confirmSetup, error, pending };
}
