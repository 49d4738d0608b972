import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { siteInfoQueryOptions } from '../../shared/api/site';
import { usePreferences } from '../../shared/lib/preferences';
import { paths } from '../../shared/paths';
import styles from './footer.module.css';
import { Logo } from './logo';

/** Spec §2: every footer link opens in a new tab. */
const LINK_GROUPS = [
  {
    key: 'company',
    links: [
      { key: 'about', href: paths.about() },
      { key: 'contact', href: paths.contact() },
      { key: 'faq', href: paths.faq() },
    ],
  },
  {
    key: 'policies',
    links: [
      { key: 'service', href: paths.agreement('service') },
      { key: 'privacy', href: paths.agreement('privacy') },
      { key: 'airlineFees', href: paths.airlineFees() },
    ],
  },
] as const;

export function Footer() {
  const { t } = useTranslation('common');
  const { language } = usePreferences();
  // The footer renders at once; the operator's particulars fill in when they arrive.
  const site = useQuery(siteInfoQueryOptions()).data;
  const company = site?.company[language] ?? t('companyName');
  const mark = (value: string) => (site?.isSample ? t('footer.sampleMark', { value }) : value);

  return (
    <footer className={styles.footer} data-testid="site-footer" data-print="hide">
      <div className={styles.inner}>
        <div className={styles.top}>
          <div className={styles.brand}>
            <div className={styles.logo}>
              <Logo tone="light" />
            </div>
            <p className={styles.tagline}>{t('footer.tagline')}</p>
            <p className={styles.hours}>{t('footer.serviceHours')}</p>
          </div>
          {LINK_GROUPS.map((group) => (
            <nav key={group.key} className={styles.column} aria-label={t(`footer.groups.${group.key}`)}>
              <h2 className={styles.columnTitle}>{t(`footer.groups.${group.key}`)}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.key}>
                    <a href={link.href} target="_blank" rel="noopener">
                      {t(`footer.links.${link.key}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className={styles.bottom}>
          <p>{t('footer.copyright', { years: site?.copyrightYears ?? `2020-${new Date().getFullYear()}`, company })}</p>
          {site ? (
            <p className={styles.notices} data-testid="registration-notices">
              <span>{t('footer.icp', { value: mark(site.icpLicense) })}</span>
              <span>{t('footer.publicSecurity', { value: mark(site.publicSecurityRecord) })}</span>
              <span>{t('footer.businessLicense', { value: mark(site.businessLicense) })}</span>
            </p>
          ) : null}
          <p className={styles.attribution}>
            {t('footer.attribution.before')}
            <a href="https://openflights.org/data" target="_blank" rel="noopener">
              OpenFlights
            </a>
            {t('footer.attribution.middle')}
            <a href="https://opendatacommons.org/licenses/odbl/1-0/" target="_blank" rel="noopener">
              {t('footer.attribution.license')}
            </a>
            {t('footer.attribution.after')}
          </p>
          <p className={styles.attribution} data-testid="place-data-attribution">
            {t('footer.placeData.before')}
            <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">
              {t('footer.placeData.osm')}
            </a>
            {t('footer.placeData.middle')}
            <a href="https://www.geonames.org/" target="_blank" rel="noopener">
              GeoNames
            </a>
            {t('footer.placeData.after')}
          </p>
          <p className={styles.attribution} data-testid="metro-data-attribution">
            {t('footer.metroData.before')}
            <a href="https://creativecommons.org/licenses/by/4.0/" target="_blank" rel="noopener">
              {t('footer.metroData.license')}
            </a>
            {t('footer.metroData.after')}
          </p>
        </div>
        <div className={styles.seo} data-testid="footer-seo">
          <p>{t('footer.seo.keywords')}</p>
          <p>{t('footer.seo.description')}</p>
        </div>
      </div>
    </footer>
  );
}
