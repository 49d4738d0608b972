import { SafetyCertificateOutlined } from '@ant-design/icons';
import { type Bound, inLanguage, type SearchResult } from '@junction/domain';
import { useTranslation } from 'react-i18next';
import { useFormatDuration } from '../../../../shared/lib/duration';
import { usePreferences } from '../../../../shared/lib/preferences';
import { sellerLabel } from '../../../../shared/lib/seller';
import { Price } from '../../../../shared/ui/price';
import { PlanMapToggle } from '../../../../widgets/map/plan-map-toggle';
import { RailTerms } from '../../../../widgets/rail/rail-terms';
import { cityName, toMoney } from '../../lib/result-model';
import { minutesBetween } from '../../lib/time';
import { JourneyTimeline } from './journey-timeline';
import styles from './result-details.module.css';

export type ResultDetailsProps = {
  id: string;
  result: SearchResult;
  bounds: Bound[];
  boundLabel: (index: number) => string | null;
};

type Fee = SearchResult['fees']['cancelBefore'];

function FeeValue({ fee }: { fee: Fee }) {
  const { t } = useTranslation('results');
  if (fee === null) return <span className={styles.notAllowed}>{t('fees.notAllowed')}</span>;
  if (fee.amount === 0) return <span className={styles.free}>{t('fees.free')}</span>;
  return <Price money={toMoney(fee)} />;
}

/** The expanded card: the door-to-door timeline of each journey, fees, baggage and who sells it. */
export function ResultDetails({ id, result, bounds, boundLabel }: ResultDetailsProps) {
  const { t } = useTranslation('results');
  const { language } = usePreferences();
  const formatDuration = useFormatDuration();
  const { fees } = result;
  const baggage = result.legs.find((l) => l.baggage)?.baggage;
  // Trains follow the railway's own refund ladder; an airline's fee table is for flights only.
  const flies = result.legs.some((l) => l.kind === 'air');
  const rides = result.legs.some((l) => l.kind === 'land');

  return (
    <section id={id} className={styles.details} aria-label={t('timeline.label')} data-testid="result-details">
      <div className={styles.journeys}>
        {bounds.map((bound) => {
          const first = bound.legs[0];
          const last = bound.legs[bound.legs.length - 1];
          if (!first || !last) return null;
          const label = boundLabel(bound.index);
          return (
            <div key={bound.index} className={styles.journey}>
              <h4 className={styles.journeyTitle}>
                {label ? <span className={styles.journeyLabel}>{label}</span> : null}
                {t('summary.route', {
                  from: cityName(first.from, language),
                  to: cityName(last.to, language),
                })}
                <span className={styles.journeyDuration}>
                  {formatDuration(minutesBetween(first.departureTime, last.arrivalTime))}
                </span>
              </h4>
              <JourneyTimeline result={result} legs={bound.legs} />
              {result.kind === 'mix' ? <PlanMapToggle legs={bound.legs} /> : null}
            </div>
          );
        })}
      </div>

      <div className={styles.facts}>
        <div className={styles.panel} data-testid="fees-panel">
          {flies ? <h4 className={styles.panelTitle}>{t('fees.title')}</h4> : null}
          {flies && fees.free24h ? (
            <p className={styles.free24h}>
              <SafetyCertificateOutlined /> {t('fees.free24h')}
            </p>
          ) : null}
          {flies ? (
            <table className={styles.fees}>
              <thead>
                <tr>
                  <td />
                  <th scope="col">{t('fees.before')}</th>
                  <th scope="col">{t('fees.after')}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{t('fees.cancel')}</th>
                  <td>
                    <FeeValue fee={fees.cancelBefore} />
                  </td>
                  <td>
                    <FeeValue fee={fees.cancelAfter} />
                  </td>
                </tr>
                <tr>
                  <th scope="row">{t('fees.change')}</th>
                  <td>
                    <FeeValue fee={fees.changeBefore} />
                  </td>
                  <td>
                    <FeeValue fee={fees.changeAfter} />
                  </td>
                </tr>
              </tbody>
            </table>
          ) : null}
          {rides ? <RailTerms /> : null}
        </div>

        {baggage ? (
          <div className={styles.panel}>
            <h4 className={styles.panelTitle}>{t('fees.baggage')}</h4>
            <p className={styles.line}>{t('timeline.carryOn', baggage.carryOn)}</p>
            <p className={styles.line}>
              {baggage.checked.pieces > 0 ? t('timeline.checked', baggage.checked) : t('timeline.noChecked')}
            </p>
            {baggage.checked.extraPrice ? (
              <p className={styles.muted}>
                {t('timeline.extraBag')} <Price money={toMoney(baggage.checked.extraPrice)} />
              </p>
            ) : null}
          </div>
        ) : null}

        <div className={styles.panel}>
          <h4 className={styles.panelTitle}>{t('fees.agent')}</h4>
          <p className={styles.line}>
            <strong>{sellerLabel(result, t, language)}</strong>
          </p>
          <p className={styles.muted}>
            {t(result.seller ? 'fees.agentHint.airline' : `fees.agentHint.${result.agent}`)}
          </p>
          {result.sellers.length > 1 ? (
            <>
              <h5 className={styles.sellersTitle}>{t('fees.sellers')}</h5>
              <ul className={styles.sellers}>
                {[...result.sellers]
                  .sort((a, b) => a.price.amount - b.price.amount)
                  .map((s) => (
                    <li key={s.supplier}>
                      <span>{inLanguage(s.name, language)}</span>
                      <Price money={toMoney(s.price)} />
                    </li>
                  ))}
              </ul>
            </>
          ) : null}
        </div>
      </div>
    </section>
  );
}
