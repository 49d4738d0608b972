import { packSearchLink, type SearchCriteria, unpackSearchLink } from '@junction/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { paths } from '../../../shared/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { linkCriteriaQueryOptions } from '../api/search-api';
import { SearchResults } from '../components/results/search-results';
import { criteriaKey } from '../lib/use-search';
import styles from './results-page.module.css';

/**
 * `/search?s=<search link>` and `/search/{routes}/{plan?}` (spec §2): the criteria come from the
 * packed link or, for a short route link, from the server. A link that does not read as a search
 * shows the no-result illustration with the way home.
 */
export function ResultsPage() {
  const { routes, plan } = useParams();
  const [searchParams] = useSearchParams();
  const s = searchParams.get('s');
  const fromLink = useMemo(() => (s ? unpackSearchLink(s) : null), [s]);
  const shortLink = useQuery({ ...linkCriteriaQueryOptions(routes ?? ''), enabled: !!routes });
  const criteria: SearchCriteria | null | undefined = routes ? shortLink.data : fromLink;

  if (routes && shortLink.isPending) return <PendingPage />;
  if (!criteria) return <BadLinkPage />;
  return (
    <div className={styles.page}>
      <SearchResults
        key={criteriaKey(criteria)}
        criteria={criteria}
        s={s ?? packSearchLink(criteria)}
        plan={plan ?? null}
      />
    </div>
  );
}

function PendingPage() {
  const { t } = useTranslation('results');
  useDocumentTitle(t('meta.fallbackTitle'));
  return (
    <div className={styles.page} aria-busy="true">
      <div className={styles.emptyCard}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    </div>
  );
}

function BadLinkPage() {
  const { t } = useTranslation('results');
  const navigate = useNavigate();
  useDocumentTitle(t('meta.fallbackTitle'));
  return (
    <div className={styles.page} data-testid="bad-search-link">
      <div className={styles.emptyCard}>
        <EmptyState
          kind="no-result"
          title={t('empty.badLink')}
          description={t('empty.badLinkText')}
          action={
            <Button type="primary" size="large" onClick={() => navigate(paths.home())}>
              {t('empty.home')}
            </Button>
          }
        />
      </div>
    </div>
  );
}
