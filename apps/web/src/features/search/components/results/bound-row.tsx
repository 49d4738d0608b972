import { type Bound, type LegPoint, placeCodeShown, type SearchResult } from '@junction/domain';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDuration } from '../../../../shared/lib/duration';
import { usePreferences } from '../../../../shared/lib/preferences';
import { VisuallyHidden } from '../../../../shared/ui/visually-hidden';
import { cityName, isMainLeg, pointName, shortPointName, transfersOf } from '../../lib/result-model';
import { dayOffset, localClock, minutesBetween } from '../../lib/time';
import { LegIcon } from './leg-icon';
import styles from './result-card.module.css';

export type BoundRowProps = {
  result: SearchResult;
  bound: Bound;
  boundCount: number;
  label: string | null;
};

/** Where a journey starts or ends: the station or airport by name, an airport's code and terminal small beside it. */
function PlaceName({ point }: { point: LegPoint }) {
  const { language } = usePreferences();
  const code = placeCodeShown(point);
  return (
    <span className={styles.place} title={pointName(point, language)} data-testid="place-name">
      <span className={styles.placeName}>{shortPointName(point, language)}</span>
      {code ? <span className={styles.placeCode}>{code}</span> : null}
    </span>
  );
}

/** One journey of a result: departure, a line with its stops and trip time, arrival with a "+1" mark. */
export function BoundRow({ result, bound, boundCount, label }: BoundRowProps) {
  const { t } = useTranslation('results');
  const { language } = usePreferences();
  const formatDuration = useFormatDuration();
  const first = bound.legs[0];
  const last = bound.legs[bound.legs.length - 1];
  if (!first || !last) return null;
  const rides = bound.legs.filter(isMainLeg);
  const transfers = transfersOf(result, bound, boundCount);
  const days = dayOffset(first.departureTime, last.arrivalTime);
  const duration = boundCount > 1 ? minutesBetween(first.departureTime, last.arrivalTime) : result.durationMinutes;
  const via = rides.slice(1).filter((l) => l.from.code);
  // Flights make stops; a journey with a train in it makes changes.
  const isAirOnly = rides.every((l) => l.kind === 'air');
  const stopsText =
    transfers === 0
      ? isAirOnly
        ? t('card.directFlight')
        : t('card.direct')
      : isAirOnly
        ? t('card.stops', { count: transfers })
        : t('card.changes', { count: transfers });
  const showKinds = result.kind === 'mix' || bound.legs.some((l) => !isMainLeg(l));

  return (
    <div className={`${styles.bound} ${label ? styles.withLabel : ''}`} data-testid="bound-row">
      {label ? <span className={styles.boundLabel}>{label}</span> : null}
      <div className={styles.end}>
        <span className={styles.clock}>{localClock(first.departureTime)}</span>
        <PlaceName point={first.from} />
      </div>
      <div className={styles.middle}>
        <span className={styles.duration}>{formatDuration(duration)}</span>
        <span className={styles.line} aria-hidden="true">
          {via.map((leg, i) => (
            <span
              key={leg.departureTime}
              className={styles.stopDot}
              style={{ left: `${((i + 1) * 100) / (via.length + 1)}%` }}
            />
          ))}
        </span>
        {showKinds ? (
          <span className={styles.kinds}>
            {bound.legs.map((leg, i) => (
              <Fragment key={`${leg.kind}-${leg.departureTime}`}>
                {i > 0 ? <span className={styles.kindSep}>›</span> : null}
                <LegIcon kind={leg.kind} className={styles.kindIcon} />
              </Fragment>
            ))}
            <VisuallyHidden>{bound.legs.map((l) => t(`legKinds.${l.kind}`)).join(', ')}</VisuallyHidden>
          </span>
        ) : null}
        <span className={transfers === 0 ? styles.direct : styles.stops}>
          {stopsText}
          {via.length > 0 ? (
            <span className={styles.via}>
              {' '}
              {t('card.via', { places: [...new Set(via.map((l) => cityName(l.from, language)))].join(', ') })}
            </span>
          ) : null}
        </span>
      </div>
      <div className={styles.end}>
        <span className={styles.clock}>
          {localClock(last.arrivalTime)}
          {days !== 0 ? (
            <sup className={styles.dayMark} title={t('card.nextDay', { count: days })}>
              {days > 0 ? `+${days}` : days}
            </sup>
          ) : null}
        </span>
        <PlaceName point={last.to} />
      </div>
    </div>
  );
}
