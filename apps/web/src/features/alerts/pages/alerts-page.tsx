import {
  daysBetween,
  daysLeftInMonth,
  formatMonth,
  formatTravelDate,
  fromRequestDate,
  linkOnDay,
  localDate,
  type PriceAlert,
  type SearchCriteria,
  unpackSearchLink,
} from '@junction/domain';
import { App, Button, Popconfirm, Skeleton, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useErrorText } from '../../../shared/lib/error-text';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { paths } from '../../../shared/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useFormatCny } from '../../../shared/ui/price';
import { useCriteriaNames } from '../../../widgets/place-picker/use-criteria-names';
import { useAlerts, useDeleteAlert, usePauseAlert } from '../api/alerts';
import { PriceChart } from '../components/price-chart';
import styles from './alerts.module.css';

/**
 * The search an alert opens: its own; of an alert over a month, the search of `day` when it is still to
 * come, else of the day of its lowest price, else of the month's first day left (in Beijing, as the site
 * counts days).
 */
function searchOf(alert: PriceAlert, day?: string | null): string {
  if (!alert.month) return alert.link;
  const left = daysLeftInMonth(alert.month, localDate(Date.now(), 'Asia/Shanghai'));
  const lowest = fromRequestDate(alert.lowestDay ?? '');
  const open = [day, lowest].find((d) => d && left.includes(d)) ?? left[0];
  return open ? linkOnDay(alert.link, open) : alert.link;
}

/** What days an alert watches: its dates, or any day of its month (a round trip with its length). */
function useWatchedDays(alert: PriceAlert, criteria: SearchCriteria | null): string {
  const { t } = useTranslation('alerts');
  const { language } = usePreferences();
  const leg = criteria?.legs[0];
  const leaves = fromRequestDate(leg?.departure_date ?? '');
  const back = fromRequestDate(leg?.return_date ?? '');
  if (alert.month) {
    const month = t('anyDay', { month: formatMonth(alert.month, language) });
    return leaves && back ? `${month}, ${t('tripDays', { count: daysBetween(leaves, back) })}` : month;
  }
  if (!leaves) return '';
  const day = (d: string) => formatTravelDate(d, language);
  return back ? `${day(leaves)} – ${day(back)}` : day(leaves);
}

/**
 * `/account/price-alerts`: the searches the traveller tracks, each with its lowest price, a chart of the
 * prices seen, and the ways to open, pause or delete it. `?open=<alert>` (a notice's link) opens its search,
 * and `&day=` the search of that day of an alert over a month.
 */
export function AlertsPage() {
  const { t } = useTranslation('alerts');
  useDocumentTitle(t('title'));
  const { data, isPending } = useAlerts();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const open = params.get('open');
  const target = data?.items.find((a) => a.id === open && a.status !== 'ended');
  useEffect(() => {
    if (target) navigate(paths.searchResults(searchOf(target, params.get('day'))), { replace: true });
  }, [target, navigate, params]);

  return (
    <section className={styles.panel} data-testid="alerts-page">
      <div className={styles.head}>
        <h1>{t('title')}</h1>
        {data ? <p className={styles.lead}>{t('count', { count: data.items.length, max: data.max })}</p> : null}
      </div>
      {isPending ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
      {data && data.items.length === 0 ? (
        <EmptyState kind="empty" title={t('empty')} description={t('emptyHint')} />
      ) : null}
      <ul className={styles.list}>
        {data?.items.map((a) => (
          <li key={a.id}>
            <AlertItem alert={a} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The first leg's places named in the site's language, from the place data rather than the link's names. */
function RouteTitle({ criteria }: { criteria: SearchCriteria }) {
  const { t } = useTranslation('alerts');
  const [names] = useCriteriaNames(criteria);
  return <>{names ? t('route', names) : null}</>;
}

function AlertItem({ alert }: { alert: PriceAlert }) {
  const { t } = useTranslation('alerts');
  const { language } = usePreferences();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const pause = usePauseAlert();
  const remove = useDeleteAlert();
  const criteria = unpackSearchLink(alert.link);
  const money = useFormatCny();
  const dates = useWatchedDays(alert, criteria);
  const lowestDay = fromRequestDate(alert.lowestDay ?? '');
  const paused = alert.status === 'paused';
  const ended = alert.status === 'ended';
  const failed = (e: unknown) => message.error(errorText(e));
  return (
    <article className={styles.item} data-testid="price-alert" data-status={alert.status}>
      <div className={styles.text}>
        <h2>
          {criteria ? <RouteTitle criteria={criteria} /> : null}
          {paused ? <Tag className={styles.tag}>{t('paused')}</Tag> : null}
          {ended ? <Tag className={styles.tag}>{t('ended')}</Tag> : null}
        </h2>
        <p className={styles.facts} data-testid="alert-days">
          {dates}
          {criteria && criteria.flexDays > 0 ? ` · ${t('flex', { count: criteria.flexDays })}` : ''}
          {criteria ? ` · ${t(`modes.${criteria.mode}`)}` : ''}
          {alert.sms ? ` · ${t('bySms')}` : ''}
        </p>
        <p className={styles.price} data-testid="alert-lowest">
          {alert.lowestMinor !== null
            ? lowestDay && !ended
              ? t('lowestOn', { price: money(alert.lowestMinor), day: formatTravelDate(lowestDay, language) })
              : t(ended ? 'lastPrice' : 'lowest', { price: money(alert.lowestMinor) })
            : alert.checkedAt
              ? t('nothingOnSale')
              : t('notChecked')}
        </p>
        {ended ? <p className={styles.facts}>{t('endedHint')}</p> : null}
        <PriceChart points={alert.history} label={t('chart', { count: alert.history.length })} format={money} />
      </div>
      <div className={styles.actions}>
        {ended ? null : (
          <>
            <Link to={paths.searchResults(searchOf(alert))} data-testid="alert-open">
              {t('open')}
            </Link>
            <Button
              size="small"
              onClick={() => pause.mutate({ id: alert.id, paused: !paused }, { onError: failed })}
              loading={pause.isPending}
              data-testid="alert-pause"
            >
              {paused ? t('resume') : t('pause')}
            </Button>
          </>
        )}
        <Popconfirm
          title={t('deleteConfirm')}
          okText={t('delete')}
          cancelText={t('cancel')}
          onConfirm={() => remove.mutate(alert.id, { onError: failed })}
        >
          <Button size="small" danger data-testid="alert-delete">
            {t('delete')}
          </Button>
        </Popconfirm>
      </div>
    </article>
  );
}
