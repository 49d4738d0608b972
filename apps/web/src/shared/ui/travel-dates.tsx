import { daysLater, formatTravelTime } from '../lib/format';
import { usePreferences } from '../lib/preferences';
import styles from './travel-dates.module.css';

/** "+1" beside an arrival on a later day than its departure, each in its place's local time. */
export function PlusDays({ from, to }: { from: string; to: string }) {
  const days = daysLater(from, to);
  return days > 0 ? (
    <sup className={styles.plusDays} data-testid="plus-days">
      +{days}
    </sup>
  ) : null;
}

/**
 * When a trip leaves and arrives, in the site's language: "Sat, Dec 5, 2026 21:30 – 07:10 +1"; a trip
 * ending days later (a return journey) gives its last day in full.
 */
export function TravelDates({ departure, arrival }: { departure: string; arrival: string }) {
  const { language } = usePreferences();
  const clock = arrival.slice(11, 16);
  return (
    <span data-testid="travel-dates">
      {formatTravelTime(departure, language)} –{' '}
      {daysLater(departure, arrival) > 1 ? (
        formatTravelTime(arrival, language)
      ) : (
        <>
          {clock}
          <PlusDays from={departure} to={arrival} />
        </>
      )}
    </span>
  );
}
