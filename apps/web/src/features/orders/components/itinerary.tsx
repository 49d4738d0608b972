import { CarOutlined, NodeIndexOutlined, RocketOutlined, SwapOutlined, WalletOutlined } from '@ant-design/icons';
import { placeCodeShown, type ResultLeg, rideName } from '@junction/domain';
import { Tag } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDuration } from '../../../shared/lib/duration';
import { formatTravelDate } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/lib/preferences';
import { Price } from '../../../shared/ui/price';
import { PlusDays } from '../../../shared/ui/travel-dates';
import { clockOf, dayOf } from '../lib/time';
import styles from './orders.module.css';

/** The icon of each kind of leg. */
export const LEG_ICON: Record<ResultLeg['kind'], ReactNode> = {
  air: <RocketOutlined />,
  land: <NodeIndexOutlined />,
  subway: <NodeIndexOutlined />,
  taxi: <CarOutlined />,
  lands: <WalletOutlined />,
};

export const isSold = (leg: ResultLeg): boolean => leg.kind === 'air' || leg.kind === 'land';

/**
 * The legs of one journey in order, each drawn by `children`, with a self-transfer marked after a ticket that
 * the next ride does not share.
 */
export function JourneyLegs({
  legs,
  bound,
  classes,
  children,
}: {
  legs: ResultLeg[];
  bound: { start: number; end: number };
  classes: { legs?: string; selfTransfer?: string };
  children: (leg: ResultLeg, index: number) => ReactNode;
}) {
  const { t } = useTranslation('orders');
  return (
    <ol className={classes.legs}>
      {legs.slice(bound.start, bound.end).map((leg, k) => {
        const index = bound.start + k;
        const next = legs.slice(index + 1, bound.end).find(isSold);
        return (
          <Fragment key={`${leg.kind}-${leg.number}-${leg.departureTime}`}>
            {children(leg, index)}
            {isSold(leg) && leg.separateTicket && next ? (
              <li className={classes.selfTransfer} data-testid="self-transfer">
                <SwapOutlined /> {t('legs.selfTransfer')}
              </li>
            ) : null}
          </Fragment>
        );
      })}
    </ol>
  );
}

export type ItineraryProps = {
  legs: ResultLeg[];
  bounds: { start: number; end: number }[];
  selfTransferMinutes?: number;
};

/**
 * Door to door, leg by leg under the date of each journey: times (an arrival the next day marked "+1"),
 * stations or airports, the ride and its class; rides are sold, ground legs (metro, taxi, walks) are
 * guidance with an estimated price. A self-transfer is marked between tickets.
 */
export function Itinerary({ legs, bounds }: ItineraryProps) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  return (
    <div className={styles.itinerary} data-testid="itinerary">
      {bounds.map((b, n) => (
        <section key={`${b.start}-${b.end}`} className={styles.bound}>
          <h4 className={styles.boundTitle} data-testid="journey-date">
            {bounds.length > 1 ? `${t('legs.bound', { n: n + 1 })} · ` : ''}
            {legs[b.start] ? formatTravelDate(legs[b.start]?.departureTime ?? '', language) : ''}
          </h4>
          <JourneyLegs legs={legs} bound={b} classes={styles}>
            {(leg) => <ItineraryLeg leg={leg} journeyDay={dayOf(legs[b.start]?.departureTime ?? '')} />}
          </JourneyLegs>
        </section>
      ))}
    </div>
  );
}

/** One leg of the itinerary: a ride sold, or ground guidance with its estimated price. */
function ItineraryLeg({ leg, journeyDay }: { leg: ResultLeg; journeyDay: string }) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const duration = useFormatDuration();
  const sold = isSold(leg);
  const ride = rideName(leg, language);
  return (
    <li className={`${styles.leg} ${sold ? styles.soldLeg : styles.groundLeg}`} data-testid="leg" data-kind={leg.kind}>
      <span className={styles.legIcon} aria-hidden="true">
        {LEG_ICON[leg.kind]}
      </span>
      <div className={styles.legTimes}>
        {dayOf(leg.departureTime) !== journeyDay ? (
          <span className={styles.legDuration}>{formatTravelDate(leg.departureTime, language)}</span>
        ) : null}
        <strong>{clockOf(leg.departureTime)}</strong>
        <span className={styles.legDuration}>{duration(leg.durationMinutes)}</span>
        <strong>
          {clockOf(leg.arrivalTime)}
          <PlusDays from={leg.departureTime} to={leg.arrivalTime} />
        </strong>
      </div>
      <div className={styles.legPlaces}>
        <span>
          {leg.from.name[language]}
          {placeCodeShown(leg.from) ? <span className={styles.code}> {placeCodeShown(leg.from)}</span> : null}
        </span>
        <span className={styles.legRide}>
          {t(`legs.${leg.kind}`)}
          {ride ? ` · ${ride}` : ''}
          {leg.kind === 'air' && leg.cabin ? ` · ${t(`cabins.${leg.cabin}` as 'cabins.Y')}` : ''}
          {leg.kind === 'land' && leg.cabin ? ` · ${t(`seats.${leg.cabin}` as 'seats.O')}` : ''}
          {leg.aircraft ? ` · ${leg.aircraft[language]}` : ''}
        </span>
        <span>
          {leg.to.name[language]}
          {placeCodeShown(leg.to) ? <span className={styles.code}> {placeCodeShown(leg.to)}</span> : null}
        </span>
      </div>
      {sold ? null : (
        <span className={styles.guidance}>
          <Tag variant="filled">{t('legs.guidance')}</Tag>
          {leg.price.amount > 0 ? (
            <span>
              {t('legs.estimate', { price: '' })}
              <Price money={{ amountMinor: leg.price.amount, currency: leg.price.currency }} />
            </span>
          ) : null}
        </span>
      )}
    </li>
  );
}
