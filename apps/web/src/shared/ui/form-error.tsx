import { Alert } from 'antd';
import { isHandledGlobally } from '../api/api-error';
import { type ErrorTextOptions, useErrorText } from '../lib/error-text';

export type FormErrorProps = ErrorTextOptions & {
  /** The failure of the form's mutation, if any. */
  error: unknown;
  className?: string;
};

/**
 * A form's failure under its fields, in the UI language. Failures the query client answers for every
 * call (401, 403, 409, 419, 5xx) are not repeated here.
 */
export function FormError({ error, className, ...options }: FormErrorProps) {
  const errorText = useErrorText();
  if (!error || isHandledGlobally(error)) return null;
  return (
    <Alert type="error" showIcon title={errorText(error, options)} className={className} data-testid="form-error" />
  );
}
