import { inLanguage, type ResultLeg, toRequestDate } from '@junction/domain';
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../../shared/lib/preferences';
import { trainStopsQueryOptions } from '../../api/search-api';
import { localClock, localDate } from '../../lib/time';
import styles from './train-stops.module.css';

/**
 * A train's stations under its leg, on demand: each by name with its arrival, departure and the minutes
 * the train stands there; the traveller's own boarding and alighting stations stand out, the others
 * outside the ride are shown faint.
 */
export function TrainStops({ leg }: { leg: ResultLeg }) {
  const { t } = useTranslation('results');
  const { language } = usePreferences();
  const [isOpen, setOpen] = useState(false);
  const listId = useId();
  const date = toRequestDate(localDate(leg.departureTime));
  const stops = useQuery({ ...trainStopsQueryOptions(leg.number, leg.from.code, date), enabled: isOpen });
  const list = stops.data?.stops ?? [];
  const board = list.findIndex((s) => s.code === leg.from.code);
  const alight = list.findIndex((s, i) => i > board && s.code === leg.to.code);
  return (
    <div className={styles.root}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
        data-testid="train-stops-toggle"
      >
        {isOpen ? t('stops.hide') : t('stops.show')}
      </button>
      {isOpen ? (
        <div id={listId}>
          {stops.isPending ? <Spin size="small" /> : null}
          {stops.isError ? <p className={styles.note}>{t('stops.unavailable')}</p> : null}
          {list.length > 0 ? (
            <ol className={styles.list} data-testid="train-stops" aria-label={t('stops.label', { train: leg.number })}>
              {list.map((stop, i) => {
                const inRide = i >= board && i <= alight;
                const isEnd = i === board || i === alight;
                return (
                  <li
                    key={`${stop.code}@${stop.arrival ?? stop.departure}`}
                    className={`${styles.stop} ${inRide ? '' : styles.outside} ${isEnd ? styles.end : ''}`}
                    data-testid="train-stop"
                    data-ride={isEnd ? 'end' : inRide ? 'ride' : 'outside'}
                  >
                    <span className={styles.name}>{inLanguage(stop.name, language)}</span>
                    <span className={styles.times}>
                      {stop.arrival ? localClock(stop.arrival) : t('stops.starts')}
                      {' – '}
                      {stop.departure ? localClock(stop.departure) : t('stops.ends')}
                    </span>
                    <span className={styles.dwell}>
                      {stop.arrival && stop.departure ? t('stops.dwell', { minutes: stop.dwellMinutes }) : ''}
                    </span>
                  </li>
                );
              })}
            </ol>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
