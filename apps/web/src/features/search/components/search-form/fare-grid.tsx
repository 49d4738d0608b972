import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../../shared/lib/preferences';
import { Price } from '../../../../shared/ui/price';
import { fareGridQueryOptions } from '../../api/fare-calendar-api';
import { toMoney } from '../../lib/result-model';
import { formatRequestDate } from '../../lib/use-result-format';
import styles from './fare-calendar.module.css';

/** When a price was seen, as "3 hours ago" / "3小时前". */
export function useSeenAgo(): (iso: string) => string {
  const { language } = usePreferences();
  return useCallback(
    (iso: string) => {
      const minutes = Math.round((Date.parse(iso) - Date.now()) / 60_000);
      const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
      if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
      if (Math.abs(minutes) < 48 * 60) return format.format(Math.round(minutes / 60), 'hour');
      return format.format(Math.round(minutes / 1440), 'day');
    },
    [language],
  );
}

type GridProps = {
  from: string;
  to: string;
  date: string;
  returnDate: string;
  onChoose: (date: string, returnDate?: string) => void;
};

/** The round trip's grid: departure days down, return days across, the lowest price seen in each cell. */
export function FareGridTable({ from, to, date, returnDate, onChoose }: GridProps) {
  const { t } = useTranslation('search-form');
  const { language } = usePreferences();
  const seenAgo = useSeenAgo();
  const query = { from, to, departure: date.replaceAll('-', '/'), return: returnDate.replaceAll('-', '/') };
  const grid = useQuery(fareGridQueryOptions(query));
  if (!grid.data) return <p className={styles.note}>{t('fares.loading')}</p>;
  const cells = new Map(grid.data.cells.map((c) => [`${c.departure}|${c.return}`, c]));
  const short = (d: string) => formatRequestDate(d, language);
  return (
    <div className={styles.gridWrap}>
      <h4 className={styles.gridTitle}>{t('fares.gridTitle')}</h4>
      <table className={styles.grid} data-testid="fare-grid">
        <thead>
          <tr>
            <th scope="col">{t('fares.departReturn')}</th>
            {grid.data.returns.map((r) => (
              <th key={r} scope="col">
                {short(r)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.data.departures.map((d) => (
            <tr key={d}>
              <th scope="row">{short(d)}</th>
              {grid.data.returns.map((r) => {
                const cell = cells.get(`${d}|${r}`);
                if (r < d) return <td key={r} className={styles.none} />;
                return (
                  <td key={r}>
                    <button
                      type="button"
                      className={`${styles.cell} ${d === query.departure && r === query.return ? styles.chosen : ''}`}
                      onClick={() => onChoose(d.replaceAll('/', '-'), r.replaceAll('/', '-'))}
                      data-testid="fare-cell"
                      data-departure={d}
                      data-return={r}
                      data-price={cell?.price.amount}
                      title={cell ? t('fares.seen', { ago: seenAgo(cell.seenAt) }) : undefined}
                      aria-label={`${short(d)} – ${short(r)}`}
                    >
                      {cell ? <Price money={toMoney(cell.price)} /> : '—'}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
