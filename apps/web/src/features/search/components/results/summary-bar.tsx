import { ArrowRightOutlined, EditOutlined, LinkOutlined, SwapOutlined } from '@ant-design/icons';
import { type SearchCriteria, shortLinkOf, TRIP_TYPES } from '@junction/domain';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePreferences } from '../../../../shared/lib/preferences';
import { paths } from '../../../../shared/paths';
import { VisuallyHidden } from '../../../../shared/ui/visually-hidden';
import { formatRequestDate } from '../../lib/use-result-format';
import styles from './summary-bar.module.css';
import { TrackPrices } from './track-prices';

export type SummaryBarProps = {
  criteria: SearchCriteria;
  /** Place names by criteria leg when the criteria carry only codes. */
  names: { from: string; to: string }[];
  modifyHref: string;
};

/**
 * The address of these criteria to share: their short link (a door as its point and name) when one can
 * carry them, else the page's own search link.
 */
function shareUrl(criteria: SearchCriteria): string {
  const short = shortLinkOf(criteria);
  return short ? new URL(paths.searchRoute(short), window.location.origin).href : window.location.href;
}

/** The criteria at a glance, with the link to share them and the way back to the form (prefilled through `?s=`). */
export function SummaryBar({ criteria, names, modifyHref }: SummaryBarProps) {
  const { t } = useTranslation('results');
  const { message } = App.useApp();
  const { language } = usePreferences();
  const isRoundTrip = criteria.type === TRIP_TYPES.ROUND_TRIP;
  const date = (d: string) => formatRequestDate(d, language);
  const first = criteria.legs[0];
  const travellers = [
    t('summary.adults', { count: criteria.adults }),
    criteria.children > 0 ? t('summary.children', { count: criteria.children }) : null,
    criteria.infants > 0 ? t('summary.infants', { count: criteria.infants }) : null,
  ].filter((s): s is string => s !== null);
  // "2 adults, 1 child" / "2位成人、1位儿童": each language's own list punctuation.
  const travellerList = new Intl.ListFormat(language, { type: 'conjunction', style: 'narrow' }).format(travellers);

  return (
    <section className={styles.bar} aria-label={t('summary.label')} data-testid="search-summary">
      <div className={styles.main}>
        <span className={styles.tripType}>{t(`summary.tripTypes.${criteria.type}`)}</span>
        <h1 className={styles.routes}>
          {criteria.legs.map((leg, i) => {
            const name = names[i] ?? { from: leg.departure, to: leg.destination };
            return (
              <span key={`${leg.departure}-${leg.destination}-${leg.departure_date}`} className={styles.route}>
                <span className={styles.routeVisual} aria-hidden="true">
                  <span>{name.from}</span>
                  <span className={styles.arrow}>{isRoundTrip ? <SwapOutlined /> : <ArrowRightOutlined />}</span>
                  <span>{name.to}</span>
                </span>
                <VisuallyHidden>{t('summary.route', name)}</VisuallyHidden>
              </span>
            );
          })}
        </h1>
        <ul className={styles.facts}>
          {criteria.type === TRIP_TYPES.MULTI_CITY ? (
            criteria.legs.map((leg) => <li key={leg.departure_date + leg.departure}>{date(leg.departure_date)}</li>)
          ) : first ? (
            <li>
              {isRoundTrip && first.return_date
                ? t('summary.dateRange', { from: date(first.departure_date), to: date(first.return_date) })
                : date(first.departure_date)}
            </li>
          ) : null}
          {criteria.flexDays > 0 ? <li>{t('summary.flex', { count: criteria.flexDays })}</li> : null}
          <li>{travellerList}</li>
          <li>{t(`cabins.${criteria.cabin}`)}</li>
          <li>{t(`summary.modes.${criteria.mode}`)}</li>
        </ul>
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.share}
          data-testid="copy-search-link"
          onClick={(e) => {
            const link = shareUrl(criteria);
            e.currentTarget.dataset.link = link;
            navigator.clipboard.writeText(link).then(
              () => message.success(t('summary.linkCopied')),
              () => message.info(t('summary.linkCopyFailed', { link })),
            );
          }}
        >
          <LinkOutlined /> {t('summary.copyLink')}
        </button>
        <TrackPrices criteria={criteria} />
        <Link to={modifyHref} className={styles.modify} data-testid="modify-search">
          <EditOutlined /> {t('summary.modify')}
        </Link>
      </div>
    </section>
  );
}
