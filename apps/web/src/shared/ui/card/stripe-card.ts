import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useCallback, useRef, useState } from 'react';

export type StripeSettings = { publishableKey: string; jsUrl: string };
export type MountedCard = { stripe: Stripe; element: StripeCardElement };

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

/** Stripe's card fields, loaded only when the payment page shows them (never in the first page's bundle). */
export async function loadStripeCard(settings: StripeSettings): Promise<Stripe | null> {
  await loadScript(settings.jsUrl);
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  return loadStripe(settings.publishableKey);
}

/**
 * The card typed into Stripe's own fields, turned into a token by Stripe: the number and security code
 * go to Stripe alone, our API gets the token. `error` is Stripe's own message, in the page's language.
 */
export function useStripeCard() {
  const mounted = useRef<MountedCard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const tokenize = useCallback(async (): Promise<string | null> => {
    const card = mounted.current;
    if (!card) return null;
    setError(null);
    setPending(true);
    try {
      const { token, error: refused } = await card.stripe.createToken(card.element);
      if (refused) setError(refused.message ?? null);
      return token?.id ?? null;
    } finally {
      setPending(false);
    }
  }, []);
  return { mounted, tokenize, error, pending };
}
