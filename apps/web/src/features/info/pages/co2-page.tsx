import { AVERAGE_LOAD_FACTOR, GROUND_G_PER_PKM, JET_FUEL_CO2_PER_KG, numberFormat } from '@junction/domain';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import styles from '../components/info.module.css';
import { PageHero } from '../components/page-hero';
import co2 from './co2.module.css';

/** The factor of each row of the ground table, in the order of its rows. */
const GROUND_ROWS = [
  GROUND_G_PER_PKM.highSpeedRail,
  GROUND_G_PER_PKM.conventionalRail,
  GROUND_G_PER_PKM.metro,
  GROUND_G_PER_PKM.taxi,
];

function Paragraphs({ items }: { items: readonly string[] }) {
  return items.map((p) => (
    <p key={p} className={styles.paragraph}>
      {p}
    </p>
  ));
}

/** How the CO₂ beside each option is estimated: the flight model, the ground factors and their sources. */
export function Co2Page() {
  const { t } = useTranslation('co2');
  const { language } = usePreferences();
  useDocumentTitle(t('meta.title'));
  const values = {
    fuelFactor: numberFormat(language, { maximumFractionDigits: 4 }).format(JET_FUEL_CO2_PER_KG),
    load: numberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(AVERAGE_LOAD_FACTOR),
  };
  const rows = t('ground.rows', { returnObjects: true });

  return (
    <>
      <PageHero title={t('hero.title')} subtitle={t('hero.subtitle')} />
      <div className={styles.page} data-testid="co2-method">
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t('flights.heading')}</h2>
          <Paragraphs items={t('flights.paragraphs', { returnObjects: true, ...values })} />
        </section>
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t('ground.heading')}</h2>
          <Paragraphs items={t('ground.paragraphs', { returnObjects: true })} />
          <div className={co2.tableWrap}>
            <table className={co2.factors}>
              <thead>
                <tr>
                  <th scope="col">{t('ground.table.mode')}</th>
                  <th scope="col">{t('ground.table.factor')}</th>
                  <th scope="col">{t('ground.table.source')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => (
                  <tr key={row.mode}>
                    <th scope="row">{row.mode}</th>
                    <td className={co2.factor}>{GROUND_ROWS[i]}</td>
                    <td>{row.source}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t('plans.heading')}</h2>
          <Paragraphs items={t('plans.paragraphs', { returnObjects: true })} />
        </section>
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t('limits.heading')}</h2>
          <Paragraphs items={t('limits.paragraphs', { returnObjects: true })} />
        </section>
      </div>
    </>
  );
}
