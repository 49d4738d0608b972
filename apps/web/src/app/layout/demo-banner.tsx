import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { siteInfoQueryOptions } from '../../shared/api/site';
import styles from './demo-banner.module.css';

/**
 * A public demonstration (the server's DEMO_MODE) says so on every page, above everything: no ticket is
 * issued and no money moves. The page's top (header, sticky parts) moves down by the banner's height.
 */
export function DemoBanner() {
  const { t } = useTranslation('common');
  const demo = useQuery(siteInfoQueryOptions()).data?.demo === true;
  useEffect(() => {
    if (!demo) return;
    document.documentElement.dataset.demo = 'true';
    return () => {
      delete document.documentElement.dataset.demo;
    };
  }, [demo]);
  if (!demo) return null;
  return (
    <div className={styles.banner} role="status" data-testid="demo-banner" data-print="hide">
      {t('demo.banner')}
    </div>
  );
}
