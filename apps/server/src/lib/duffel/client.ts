import { Duffel, DuffelError } from '@duffel/api';

export type DuffelSettings = {
  /** The access token (`duffel_live_…`, `duffel_test_…`). */
  token: string;
  /** The API's origin: `https://api.duffel.com`, or a local fake's in tests. */
  baseUrl: string;
};

/** The official client, pointed at the configured origin and speaking API version v2. */
export function duffelClient(settings: DuffelSettings): Duffel {
  return new Duffel({ token: settings.token, basePath: settings.baseUrl, apiVersion: 'v2', source: 'junction' });
}

/** What a Duffel failure means for us. */
export type DuffelProblemKind =
  /** The offer is gone (booked, expired, no longer sold): the traveller chooses again. */
  | 'offer-gone'
  /** The airline's price moved since the offer was made. */
  | 'price-changed'
  /** Duffel refused what we sent (a name, a document, an amount): sending it again will not help. */
  | 'refused'
  /** Duffel or the airline did not answer, or asked us to slow down: trying again later may work. */
  | 'unavailable';

export class DuffelProblem extends Error {
  constructor(
    readonly kind: DuffelProblemKind,
    readonly code: string,
    message: string,
  ) {
    super(`Duffel ${kind}: ${code} ${message}`);
    this.name = 'DuffelProblem';
  }
}

const GONE = new Set(['offer_no_longer_available', 'offer_expired', 'already_booked', 'not_found']);
const PRICE = new Set(['price_changed', 'offer_price_changed']);

/** Duffel's error body (`errors[].type`, `errors[].code`) or a transport failure, classified. */
export function duffelProblem(error: unknown): DuffelProblem {
  if (error instanceof DuffelProblem) return error;
  if (error instanceof DuffelError) {
    const first = error.errors?.[0];
    const code = first?.code ?? `http_${error.status ?? 'unknown'}`;
    const message = first?.message ?? '';
    if (GONE.has(code)) return new DuffelProblem('offer-gone', code, message);
    if (PRICE.has(code)) return new DuffelProblem('price-changed', code, message);
    const status = error.status ?? 0;
    const transient =
      status === 429 || status >= 500 || ['airline_error', 'api_error', 'rate_limit_error'].includes(first?.type ?? '');
    return new DuffelProblem(transient ? 'unavailable' : 'refused', code, message);
  }
  return new DuffelProblem('unavailable', 'unreachable', error instanceof Error ? error.message : String(error));
}

/**
 * A Duffel call within a time limit (the client has none of its own): the answer, or `unavailable` once
 * the limit or the signal ends the wait first. A call left behind finishes on its own.
 */
export async function duffelCall<T>(call: () => Promise<T>, timeoutMs: number, signal?: AbortSignal): Promise<T> {
  const limit = AbortSignal.timeout(timeoutMs);
  const stop = signal ? AbortSignal.any([signal, limit]) : limit;
  const work = call();
  work.catch(() => {});
  const stopped = new Promise<never>((_, reject) => {
    const onStop = () => reject(new DuffelProblem('unavailable', 'timeout', `no answer within ${timeoutMs} ms`));
    if (stop.aborted) onStop();
    else stop.addEventListener('abort', onStop, { once: true });
  });
  try {
    return await Promise.race([work, stopped]);
  } catch (e) {
    throw duffelProblem(e);
  }
}
