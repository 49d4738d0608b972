import { SwapOutlined, WarningFilled } from '@ant-design/icons';
import {
  inLanguage,
  isSelfTransferAfter,
  type Language,
  legCo2Grams,
  placeCodeShown,
  RAIL_BOARDING,
  type ResultLeg,
  type SearchResult,
} from '@junction/domain';
import type { TFunction } from 'i18next';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDuration } from '../../../../shared/lib/duration';
import { usePreferences } from '../../../../shared/lib/preferences';
import { paths } from '../../../../shared/paths';
import { Price } from '../../../../shared/ui/price';
import { isMainLeg, pointName, toMoney } from '../../lib/result-model';
import { dayOffset, localClock, minutesBetween } from '../../lib/time';
import { useFormatCo2 } from '../../lib/use-co2-format';
import styles from './journey-timeline.module.css';
import { LegIcon } from './leg-icon';
import { TrainStops } from './train-stops';

export type JourneyTimelineProps = { result: SearchResult; legs: ResultLeg[] };

/**
 * Whether leg i leaves from where and when leg i − 1 arrives, with nothing between them (no wait, no change
 * of station, no connection of the traveller's own): the stop is then shown once, as the earlier leg's end.
 */
function continuesFrom(legs: ResultLeg[], i: number, language: Language): boolean {
  const before = legs[i - 1];
  const leg = legs[i];
  if (!before || !leg || isSelfTransferAfter(legs, i - 1)) return false;
  return (
    minutesBetween(before.arrivalTime, leg.departureTime) <= 0 &&
    before.to.code === leg.from.code &&
    before.to.terminal === leg.from.terminal &&
    pointName(before.to, language) === pointName(leg.from, language)
  );
}

/** Door to door, leg by leg: where and when, how, for how long, and what happens between legs. */
export function JourneyTimeline({ result, legs }: JourneyTimelineProps) {
  const { language } = usePreferences();
  const start = legs[0]?.departureTime ?? result.departureTime;
  return (
    <ol className={styles.timeline} data-testid="journey-timeline">
      {legs.map((leg, i) => {
        const next = legs[i + 1];
        return (
          <Fragment key={`${leg.kind}-${leg.number}-${leg.departureTime}`}>
            <LegItem
              leg={leg}
              start={start}
              isInPlan={result.kind === 'mix'}
              showsFrom={!continuesFrom(legs, i, language)}
            />
            {next ? (
              <Connection
                leg={leg}
                next={next}
                result={result}
                isSelfTransfer={isSelfTransferAfter(legs, i)}
                isLastRide={!legs.slice(i + 1).some(isMainLeg)}
              />
            ) : null}
          </Fragment>
        );
      })}
    </ol>
  );
}

function Stop({ time, start, name, code }: { time: string; start: string; name: string; code: string }) {
  const { t } = useTranslation('results');
  const days = dayOffset(start, time);
  return (
    <div className={styles.stop}>
      <span className={styles.dot} aria-hidden="true" />
      <time className={styles.time} dateTime={time}>
        {localClock(time)}
        {days !== 0 ? (
          <sup className={styles.dayMark} title={t('card.nextDay', { count: days })}>
            {days > 0 ? `+${days}` : days}
          </sup>
        ) : null}
      </time>
      <span className={styles.place}>
        {name}
        {code && code !== name ? <span className={styles.code}> {code}</span> : null}
      </span>
    </div>
  );
}

function legTitle(leg: ResultLeg, t: TFunction<'results'>, language: Language): string {
  const carrier = inLanguage(leg.carrierName, language);
  switch (leg.kind) {
    case 'taxi':
      return t('timeline.taxi');
    case 'lands':
      return t('timeline.walk');
    case 'subway':
      // The line is named in full ("Metro Line 4", "地铁4号线"); the generic word only when it is not.
      return carrier || t('legKinds.subway');
    default:
      return t('timeline.operatedBy', { carrier: carrier || leg.carrier, number: leg.number });
  }
}

/**
 * `isInPlan`: a ride of a door-to-door plan, which shows its own fare (the card shows the plan's). `showsFrom`:
 * false when the leg before ends where and when this one starts, which shows that stop already.
 */
function LegItem({
  leg,
  start,
  isInPlan,
  showsFrom,
}: {
  leg: ResultLeg;
  start: string;
  isInPlan: boolean;
  showsFrom: boolean;
}) {
  const { t } = useTranslation('results');
  const { language } = usePreferences();
  const formatDuration = useFormatDuration();
  const formatCo2 = useFormatCo2();
  const details: string[] = [];
  if (leg.kind === 'air') {
    if (leg.cabin)
      details.push(t('timeline.cabin', { cabin: t(`cabins.${leg.cabin as 'Y'}`, { defaultValue: leg.cabin }) }));
    if (leg.aircraft) {
      const aircraft = inLanguage(leg.aircraft, language);
      details.push(
        leg.aircraftClass
          ? t('timeline.aircraft', { aircraft, aircraftClass: t(`aircraftClasses.${leg.aircraftClass}`) })
          : aircraft,
      );
    }
  }
  if (leg.kind === 'land' && leg.cabin)
    details.push(t('timeline.seat', { seat: t(`seats.${leg.cabin as 'O'}`, { defaultValue: leg.cabin }) }));
  const baggage = leg.baggage;
  const co2 = legCo2Grams(leg);

  return (
    <li className={`${styles.leg} ${isMainLeg(leg) ? styles.main : styles.ground}`} data-leg-kind={leg.kind}>
      {showsFrom ? (
        <Stop
          time={leg.departureTime}
          start={start}
          name={pointName(leg.from, language)}
          code={placeCodeShown(leg.from)}
        />
      ) : null}
      <div className={styles.ride}>
        <LegIcon kind={leg.kind} className={styles.icon} />
        <div className={styles.rideText}>
          <p className={styles.rideTitle}>
            <strong>{legTitle(leg, t, language)}</strong>
            {isMainLeg(leg) ? <span className={styles.kindLabel}>{t(`legKinds.${leg.kind}`)}</span> : null}
            <span className={styles.rideDuration}>{formatDuration(leg.durationMinutes)}</span>
          </p>
          {details.length > 0 ? <p className={styles.rideDetail}>{details.join(' · ')}</p> : null}
          {baggage ? (
            <p className={styles.rideDetail}>
              {t('timeline.carryOn', baggage.carryOn)}
              {' · '}
              {baggage.checked.pieces > 0 ? t('timeline.checked', baggage.checked) : t('timeline.noChecked')}
            </p>
          ) : null}
          {(!isMainLeg(leg) || isInPlan) && leg.price.amount > 0 ? (
            <p className={styles.rideDetail} data-testid="leg-fare">
              {t('timeline.fare')} <Price money={toMoney(leg.price)} />
            </p>
          ) : null}
          {co2 > 0 ? (
            <p className={styles.rideDetail} data-testid="leg-co2" data-grams={co2}>
              {formatCo2(co2)}
            </p>
          ) : null}
          {leg.kind === 'land' && leg.number ? <TrainStops leg={leg} /> : null}
        </div>
      </div>
      <Stop time={leg.arrivalTime} start={start} name={pointName(leg.to, language)} code={placeCodeShown(leg.to)} />
    </li>
  );
}

type ConnectionProps = {
  leg: ResultLeg;
  next: ResultLeg;
  result: SearchResult;
  isSelfTransfer: boolean;
  /** No flight or train after `leg`: the time after it is the way out of the airport or station. */
  isLastRide: boolean;
};

function Connection({ leg, next, result, isSelfTransfer, isLastRide }: ConnectionProps) {
  const { t } = useTranslation('results');
  const { language } = usePreferences();
  const formatDuration = useFormatDuration();
  const wait = minutesBetween(leg.arrivalTime, next.departureTime);
  const changesPlace = !!leg.to.code && !!next.from.code && leg.to.code !== next.from.code;
  if (wait <= 0 && !changesPlace && !isSelfTransfer) return null;
  // Reaching a station over the ground: the time there before the train, and why it is needed.
  const isBoardingTrain = next.kind === 'land' && !isMainLeg(leg);
  const duration = formatDuration(wait);
  // What the time is for: boarding a train, the way out after the last flight or train, a change, or a wait.
  const waitText = isBoardingTrain
    ? t('timeline.boarding', { duration, station: pointName(next.from, language) })
    : isMainLeg(leg) && isLastRide
      ? t(leg.kind === 'air' ? 'timeline.exitAirport' : 'timeline.exitStation', { duration })
      : isMainLeg(leg) || isMainLeg(next)
        ? t('timeline.transfer', { duration })
        : t('timeline.wait', { duration });
  return (
    <li className={`${styles.connection} ${isSelfTransfer ? styles.connectionWarn : ''}`} data-testid="connection">
      {wait > 0 ? (
        <p className={styles.wait} data-minutes={wait}>
          {waitText}
        </p>
      ) : null}
      {isBoardingTrain ? (
        <p className={styles.boardingNote} data-testid="boarding-note">
          {t('timeline.ticketCheck', { minutes: RAIL_BOARDING.ticketCheckClosesMin })}
        </p>
      ) : null}
      {changesPlace ? (
        <p className={styles.changePlace}>
          <SwapOutlined />{' '}
          {t('timeline.changePlace', { from: pointName(leg.to, language), to: pointName(next.from, language) })}
        </p>
      ) : null}
      {isSelfTransfer ? (
        <div className={styles.selfTransfer} role="note" data-testid="self-transfer-warning">
          <WarningFilled />
          <p>
            {t('timeline.selfTransfer')}
            {result.selfTransferMinutes !== undefined ? (
              <> {t('timeline.protected', { duration: formatDuration(result.selfTransferMinutes) })}</>
            ) : null}{' '}
            <a
              href={paths.agreement('connection-protection')}
              target="_blank"
              rel="noopener"
              data-testid="protection-terms"
            >
              {t('timeline.protectionTerms')}
            </a>
          </p>
        </div>
      ) : null}
    </li>
  );
}
