import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';

const FIELD_MESSAGE = {
  mobile: 'validation.phone',
  email: 'validation.email',
  password: 'validation.password',
} as const;

/** The message to show under a form for a failed call, in the UI language (never the server's text). */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation('errors');
  const { t: ta } = useTranslation('account');
  return (error) => {
    if (error instanceof ApiError) {
      const field = error.body.params?.field as keyof typeof FIELD_MESSAGE | undefined;
      if (error.errorCode === 1000 && field && field in FIELD_MESSAGE) return ta(FIELD_MESSAGE[field]);
      return t(String(error.errorCode) as '1000', { defaultValue: t('5000') });
    }
    return t('5000');
  };
}
