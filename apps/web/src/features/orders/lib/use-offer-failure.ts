import { packSearchLink, type SearchCriteria } from '@junction/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { useAuth } from '../../../shared/auth/auth-context';
import { paths } from '../../../shared/paths';
import { useMessageDialog } from '../../../shared/ui/message-dialog';

/** Spec §8 for a selection that cannot be booked: stale prices refresh the search, an unknown plan goes home. */
export function useOfferFailure(error: unknown): boolean {
  const { t } = useTranslation('errors');
  const { showMessage } = useMessageDialog();
  const { openLogin } = useAuth();
  const navigate = useNavigate();
  const shown = useRef(false);
  const failure =
    error instanceof ApiError &&
    (error.status === 401 ||
      (error.status === 400 && (error.body.errorType === 'expired' || error.body.errorCode === 3003)));
  useEffect(() => {
    if (!(error instanceof ApiError) || shown.current) return;
    if (error.status === 401) {
      shown.current = true;
      openLogin({ refresh: true });
    } else if (error.status === 400 && error.body.errorType === 'expired') {
      shown.current = true;
      const criteria = error.body.params as SearchCriteria | undefined;
      if (criteria && Array.isArray(criteria.legs)) {
        showMessage({
          type: 'REFRESH',
          content: t('3002'),
          onRefresh: () => navigate(paths.searchResults(packSearchLink(criteria))),
        });
      } else showMessage({ type: 'TO_HOMEPAGE', content: t('resultsExpired') });
    } else if (error.status === 400 && error.body.errorCode === 3003) {
      shown.current = true;
      showMessage({ type: 'TO_HOMEPAGE', content: t('3003') });
    }
  }, [error, showMessage, openLogin, navigate, t]);
  return failure;
}
