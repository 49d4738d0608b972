import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { ChunkLoadError } from '../../shared/lib/load-chunk';
import { usePreferences } from '../../shared/lib/preferences';
import { paths } from '../../shared/paths';
import { EmptyState } from '../../shared/ui/empty-state';
import { Button } from '../../shared/ui/light/button';
import { LoadFailure } from './load-failure';
import styles from './load-failure.module.css';

/**
 * Shown in place of a page that failed (a failed request, a page that could not be loaded even after its
 * tries); the shell stays.
 */
export function RouteError() {
  const { t } = useTranslation(['common', 'load']);
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  const isLoad = error instanceof ChunkLoadError;
  return (
    <div className="j-page" role="alert" data-testid={isLoad ? 'load-failure' : 'route-error'}>
      <EmptyState
        kind="no-result"
        title={isLoad ? t('load:title') : t('routeError.title')}
        description={isLoad ? t('load:description') : t('routeError.description')}
        action={
          <span className={styles.actions}>
            <Button variant="primary" onClick={() => window.location.reload()}>
              {isLoad ? t('load:reload') : t('routeError.retry')}
            </Button>
            <Link to={paths.home()}>{t('routeError.home')}</Link>
          </span>
        }
      />
    </div>
  );
}

/** In place of the whole shell when the shell itself failed: the load-failure page. */
export function ShellError() {
  const { language } = usePreferences();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return <LoadFailure language={language} />;
}
