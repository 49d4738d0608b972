import {
  CheckCircleFilled,
  CustomerServiceOutlined,
  MobileOutlined,
  SafetyCertificateOutlined,
  TagsOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { ModeIcon } from '../components/mode-icon';
import styles from './home-page.module.css';

const WHY_ICONS: ReactNode[] = [
  <TagsOutlined key="0" />,
  <CustomerServiceOutlined key="1" />,
  <SafetyCertificateOutlined key="2" />,
  <TranslationOutlined key="3" />,
];

export function HomePage() {
  const { t } = useTranslation('home');
  useDocumentTitle(t('meta.title'));
  const points = t('hero.points', { returnObjects: true });
  const legs = t('example.legs', { returnObjects: true });
  const steps = t('how.steps', { returnObjects: true });
  const why = t('why.items', { returnObjects: true });
  const railOptions = t('rail.options', { returnObjects: true });

  return (
    <div className={styles.home}>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
            <h1 className={styles.title}>{t('hero.title')}</h1>
            <p className={styles.subtitle}>{t('hero.subtitle')}</p>
            <ul className={styles.points}>
              {points.map((p) => (
                <li key={p}>
                  <CheckCircleFilled /> {p}
                </li>
              ))}
            </ul>
          </div>
          <aside className={styles.example} aria-label={t('example.label')}>
            <p className={styles.exampleLabel}>{t('example.label')}</p>
            <h2 className={styles.exampleTitle}>{t('example.title')}</h2>
            <ol className={styles.legs}>
              {legs.map((leg) => (
                <li key={leg.detail} className={styles.leg}>
                  <span className={styles.legIcon}>
                    <ModeIcon mode={leg.mode} />
                  </span>
                  <span>
                    <strong>{leg.title}</strong>
                    <span className={styles.legDetail}>{leg.detail}</span>
                  </span>
                </li>
              ))}
            </ol>
            <p className={styles.exampleTotal}>{t('example.total')}</p>
            <p className={styles.exampleNote}>{t('example.note')}</p>
          </aside>
        </div>
      </section>

      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('how.title')}</h2>
        <ol className={styles.steps}>
          {steps.map((s, i) => (
            <li key={s.title} className={styles.step}>
              <span className={styles.stepNumber}>{i + 1}</span>
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('why.title')}</h2>
        <div className={styles.why}>
          {why.map((item, i) => (
            <div key={item.title} className={styles.whyItem}>
              <span className={styles.whyIcon}>{WHY_ICONS[i % WHY_ICONS.length]}</span>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className={styles.section}>
        <div className={styles.rail}>
          <div className={styles.railIntro}>
            <h2 className={styles.sectionTitle}>{t('rail.title')}</h2>
            <p>{t('rail.subtitle')}</p>
            <a href={paths.agreement('kyfw-auth')} target="_blank" rel="noopener">
              {t('rail.more')}
            </a>
          </div>
          {railOptions.map((o) => (
            <div key={o.title} className={styles.railOption}>
              <span className={styles.railTag}>{o.tag}</span>
              <h3>{o.title}</h3>
              <p>{o.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className={styles.section}>
        <div className={styles.app}>
          <div>
            <h2>{t('app.title')}</h2>
            <p>{t('app.text')}</p>
          </div>
          <Link to={paths.download()} className={styles.appButton}>
            <MobileOutlined /> {t('app.action')}
          </Link>
        </div>
      </section>
    </div>
  );
}
