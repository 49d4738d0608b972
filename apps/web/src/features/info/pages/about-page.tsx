import {
  CustomerServiceOutlined,
  FileProtectOutlined,
  NodeIndexOutlined,
  SafetyCertificateOutlined,
  SwapOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import styles from '../components/info.module.css';
import { PageHero } from '../components/page-hero';
import { useSiteValues } from '../components/site-text';
import about from './about.module.css';

const PILLAR_ICONS = [
  <TagsOutlined key="0" />,
  <NodeIndexOutlined key="1" />,
  <SwapOutlined key="2" />,
  <SafetyCertificateOutlined key="3" />,
];
const COMMITMENT_ICONS = [
  <FileProtectOutlined key="0" />,
  <SafetyCertificateOutlined key="1" />,
  <CustomerServiceOutlined key="2" />,
];

export function AboutPage() {
  const { t } = useTranslation('about');
  const values = useSiteValues();
  useDocumentTitle(t('meta.title'));
  const story = t('story.paragraphs', { returnObjects: true, ...values });
  const facts = t('facts', { returnObjects: true, ...values });
  const pillars = t('pillars.items', { returnObjects: true, ...values });
  const commitments = t('commitments.items', { returnObjects: true, ...values });
  const company = t('company.paragraphs', { returnObjects: true, ...values });

  return (
    <>
      <PageHero title={t('hero.title', values)} subtitle={t('hero.subtitle', values)} />
      <div className={styles.page}>
        <section className={styles.card}>
          <div className={about.storyLayout}>
            <div>
              <h2 className={styles.sectionTitle}>{t('story.heading', values)}</h2>
              {story.map((p) => (
                <p key={p} className={styles.paragraph}>
                  {p}
                </p>
              ))}
            </div>
            <dl className={about.facts}>
              {facts.map((fact) => (
                <div key={fact.label} className={about.fact}>
                  <dt>{fact.label}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t('pillars.heading', values)}</h2>
          <div className={styles.grid4}>
            {pillars.map((item, i) => (
              <div key={item.title} className={styles.tile}>
                <span className={styles.tileIcon}>{PILLAR_ICONS[i % PILLAR_ICONS.length]}</span>
                <h3 className={styles.tileTitle}>{item.title}</h3>
                <p className={styles.tileText}>{item.text}</p>
              </div>
            ))}
          </div>
        </section>
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t('commitments.heading', values)}</h2>
          <div className={styles.grid3}>
            {commitments.map((item, i) => (
              <div key={item.title} className={styles.tile}>
                <span className={styles.tileIcon}>{COMMITMENT_ICONS[i % COMMITMENT_ICONS.length]}</span>
                <h3 className={styles.tileTitle}>{item.title}</h3>
                <p className={styles.tileText}>{item.text}</p>
              </div>
            ))}
          </div>
        </section>
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>
            <TeamOutlined /> {t('company.heading', values)}
          </h2>
          {company.map((p) => (
            <p key={p} className={styles.paragraph}>
              {p}
            </p>
          ))}
        </section>
      </div>
    </>
  );
}
