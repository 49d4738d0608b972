import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { AGREEMENT_PAGES, AGREEMENT_TABS, type AgreementPage as AgreementSlug, paths } from '../../../shared/paths';
import styles from '../components/info.module.css';
import { useSiteValues } from '../components/site-text';
import agreement from './agreement.module.css';

/** Each agreement's text is its own namespace, loaded only when that agreement is opened. */
const NAMESPACE: Record<AgreementSlug, string> = {
  service: 'agreement-service',
  disclaimer: 'agreement-disclaimer',
  privacy: 'agreement-privacy',
  'children-privacy': 'agreement-children',
  'software-license': 'agreement-software',
  'dangerous-goods': 'agreement-dangerous-goods',
  'battery-rules': 'agreement-battery',
  'kyfw-auth': 'agreement-kyfw',
  'connection-protection': 'agreement-protection',
};

type AgreementSection = { heading: string; paragraphs: string[]; items?: string[] };

function AgreementText({ slug }: { slug: AgreementSlug }) {
  // All agreement namespaces share one shape; the service agreement stands for them in the types.
  const { t } = useTranslation(NAMESPACE[slug] as 'agreement-service');
  const values = useSiteValues();
  const title = t('title', values);
  useDocumentTitle(title);
  const intro = t('intro', { returnObjects: true, ...values });
  const sections = t('sections', { returnObjects: true, ...values }) as AgreementSection[];
  return (
    <article className={agreement.document} data-testid="agreement-text">
      <header className={agreement.documentHeader}>
        <h1>{title}</h1>
        <p className={styles.muted}>{t('updated')}</p>
      </header>
      {intro.map((p) => (
        <p key={p} className={styles.paragraph}>
          {p}
        </p>
      ))}
      {sections.map((s) => (
        <section key={s.heading} className={agreement.section}>
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p} className={styles.paragraph}>
              {p}
            </p>
          ))}
          {s.items ? (
            <ul>
              {s.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}

export function AgreementPage() {
  const { t } = useTranslation('common');
  const slug = useParams().page as AgreementSlug;
  const navLink = (page: AgreementSlug) => (
    <li key={page}>
      <Link
        to={paths.agreement(page)}
        className={page === slug ? agreement.active : undefined}
        aria-current={page === slug ? 'page' : undefined}
      >
        {t(`agreements.tabs.${page}`)}
      </Link>
    </li>
  );
  return (
    <div className={agreement.layout}>
      <nav className={agreement.nav} aria-label={t('agreements.title')}>
        <h2>{t('agreements.title')}</h2>
        <ul>{AGREEMENT_TABS.map(navLink)}</ul>
        <h2>{t('agreements.related')}</h2>
        <ul>{AGREEMENT_PAGES.map(navLink)}</ul>
      </nav>
      <div className={agreement.content}>
        <div className={agreement.toolbar}>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('agreements.print')}
          </Button>
        </div>
        <AgreementText key={slug} slug={slug} />
      </div>
    </div>
  );
}
