import {
  CustomerServiceOutlined,
  FileProtectOutlined,
  NodeIndexOutlined,
  SafetyCertificateOutlined,
  SwapOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
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

type TilesProps = {
  heading: string;
  items: readonly { title: string; text: string }[];
  icons: readonly ReactNode[];
  grid: string | undefined;
};

/** A section of tiles, each with its icon, title and text. */
function Tiles({ heading, items, icons, grid }: TilesProps) {
  return (
    <section className={styles.card}>
      <h2 className={styles.sectionTitle}>{heading}</h2>
      <div className={grid}>
        {items.map((item, i) => (
          <div key={item.title} className={styles.tile}>
            <span className={styles.tileIcon}>{icons[i % icons.length]}</span>
            <h3 className={styles.tileTitle}>{item.title}</h3>
            <p className={styles.tileText}>{item.text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

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
        <Tiles heading={t('pillars.heading', values)} items={pillars} icons={PILLAR_ICONS} grid={styles.grid4} />
        <Tiles
          heading={t('commitments.heading', values)}
          items={commitments}
          icons={COMMITMENT_ICONS}
          grid={styles.grid3}
        />
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
