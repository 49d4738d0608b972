import { ERRORS, type ErrorName } from '@junction/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';

/** Fields a validation failure (1000) may name, each with its own message. */
const FIELDS = ['mobile', 'email', 'password', 'code', 'sms', 'ticketNumber', 'coach', 'seat', 'tickets'] as const;
type Field = (typeof FIELDS)[number];
const isField = (value: unknown): value is Field => (FIELDS as readonly unknown[]).includes(value);

/** An error's numbers and words, for its message to name; nothing else of its params reaches the text. */
const scalars = (params: Record<string, unknown>): Record<string, string | number> =>
  Object.fromEntries(
    Object.entries(params).filter((e): e is [string, string | number] => ['string', 'number'].includes(typeof e[1])),
  );

export type ErrorTextOptions = {
  /** The code whose message stands in for a code the client has no text for (default 5000). */
  fallbackCode?: number;
};

/**
 * The one way from an error to its message in the UI language (spec §8): a failed call, a rule of the
 * domain by name (`SAME_PLACE`) or a bare error code becomes the client's text for the
 * error code, never the server's English. A validation failure that names a field gets that field's
 * message; anything unknown gets the fallback code's message.
 */
export function useErrorText(): (cause: unknown, options?: ErrorTextOptions) => string {
  const { t } = useTranslation('errors');
  return useCallback(
    (cause, options = {}) => {
      const fallback = String(options.fallbackCode ?? ERRORS.INTERNAL.errorCode);
      const byCode = (code: number, values: Record<string, unknown> = {}) =>
        t(String(code) as '1000', { ...scalars(values), defaultValue: t(fallback as '5000') });
      if (typeof cause === 'number') return byCode(cause);
      if (typeof cause === 'string' && cause in ERRORS) return byCode(ERRORS[cause as ErrorName].errorCode);
      if (cause instanceof ApiError) {
        const field = cause.body.params?.field;
        if (cause.errorCode === ERRORS.VALIDATION_FAILED.errorCode && isField(field)) return t(`field.${field}`);
        // A message may name the error's numbers: the most unpaid orders allowed, a quota in MB.
        return byCode(cause.errorCode, cause.body.params ?? {});
      }
      return t(fallback as '5000');
    },
    [t],
  );
}
