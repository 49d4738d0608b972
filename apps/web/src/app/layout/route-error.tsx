import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { paths } from '../../shared/paths';
import { EmptyState } from '../../shared/ui/empty-state';
import { Button } from '../../shared/ui/light/button';

/** Shown in place of a page that failed to load (a lost chunk, a failed request); the shell stays. */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="j-page" role="alert">
      <EmptyState
        kind="no-result"
        title={t('routeError.title')}
        description={t('routeError.description')}
        action={
          <>
            <Button variant="primary" onClick={() => window.location.reload()}>
              {t('routeError.retry')}
            </Button>{' '}
            <Link to={paths.home()}>{t('routeError.home')}</Link>
          </>
        }
      />
    </div>
  );
}
