import {
  type AlertList,
  AppError,
  criteriaOnDay,
  daysLeftInMonth,
  localDate,
  monthBounds,
  type NoticeKind,
  type PriceAlert,
  packSearchLink,
  type SearchCriteria,
  toRequestDate,
  unpackSearchLink,
} from '@junction/domain';
import { addJob } from '../../jobs/jobs';
import { HOME_ZONE, type MonthSeen, MonthWatch } from './alert-month';
import { type AlertRow, type AlertsRepository, HISTORY_POINTS, type PointRow } from './alerts.repository';
import type { AlertNotify, AlertSearch } from './ports';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    /** `version`: the alert's version when the check was asked for; a check asked for a state already checked is skipped. */
    'alerts.check': { alertId: string; version?: number };
    'alerts.sweep': Record<string, unknown>;
  }
}

export type AlertOptions = {
  /** Alerts one account may keep. */
  perUser: number;
  /** Between two searches of one alert. */
  checkEveryMs: number;
  /** Days of an alert over a month searched afresh in one check, at most. */
  monthSearches: number;
};

/** What an alert over a month tells in place of a date alert's notice: the same news, with its day. */
const MONTH_KINDS = { 'price-fell': 'month-price-fell', 'seats-returned': 'month-seats-returned' } as const;

const asRequestDate = (day: string | null) => (day === null ? null : toRequestDate(day));

/** Alerts queued for a search by one sweep, at most. */
const SWEEP_BATCH = 500;

const present = (r: AlertRow, points: PointRow[]): PriceAlert => ({
  id: r.id,
  link: r.link,
  month: r.month,
  status: r.status,
  sms: r.sms,
  currency: 'CNY',
  lowestMinor: r.lowestMinor,
  lowestDay: asRequestDate(r.lowestDay),
  checkedAt: r.checkedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  history: points
    .slice(-HISTORY_POINTS)
    .map((p) => ({ at: p.seenAt.toISOString(), lowestMinor: p.lowestMinor, day: asRequestDate(p.day) })),
});

/** What a check that moved from `was` to `now` tells, if anything: a lower price, or seats on sale again. */
export function alertEvent(
  checkedBefore: boolean,
  was: number | null,
  now: number | null,
): Extract<NoticeKind, 'price-fell' | 'seats-returned'> | null {
  if (!checkedBefore || now === null) return null;
  if (was === null) return 'seats-returned';
  return now < was ? 'price-fell' : null;
}

/**
 * Price alerts: a traveller's watch on a search, searched afresh on a schedule; when the lowest price falls
 * or seats come back, the owner is told by notice, e-mail and (when asked) SMS, once per check.
 */
export class AlertsService {
  private readonly months: MonthWatch;

  constructor(
    private readonly repo: AlertsRepository,
    private readonly search: AlertSearch,
    private readonly notify: AlertNotify,
    private readonly options: AlertOptions,
    private readonly now: () => Date,
  ) {
    this.months = new MonthWatch(repo, search, { searches: options.monthSearches, freshMs: options.checkEveryMs }, now);
  }

  async list(userId: string): Promise<AlertList> {
    const rows = await this.repo.list(userId);
    const points = await this.repo.history(rows.map((r) => r.id));
    return {
      items: rows.map((r) =>
        present(
          r,
          points.filter((p) => p.alertId === r.id),
        ),
      ),
      max: this.options.perUser,
    };
  }

  /**
   * Watches the search of a search link; its first check is queued at once. Tracking a search already
   * watched takes the new choice of texts and watches again if it was paused. Over a month, the search is
   * kept as made on the month's first day, and refused when no day of the month is left.
   */
  async create(userId: string, input: { link: string; sms: boolean; month?: string | undefined }): Promise<PriceAlert> {
    const criteria = unpackSearchLink(input.link);
    if (!criteria) throw new AppError('PLACE_UNKNOWN');
    const month = input.month ?? null;
    const link = packSearchLink({ ...this.checked(criteria, month), sort: 'cheapest', filters: {} });
    const made = await this.repo.transaction(async (trx) => {
      const at = this.now();
      const r = await this.repo.create(trx, { userId, link, month, sms: input.sms, at }, this.options.perUser);
      if (typeof r !== 'string' && r.created)
        await addJob(
          trx,
          'alerts.check',
          { alertId: r.row.id, version: r.row.version },
          { jobKey: `alert-check:${r.row.id}` },
        );
      return r;
    });
    if (made === 'limit') throw new AppError('ALERT_LIMIT', { params: { max: this.options.perUser } });
    if (made === 'no-mobile') throw new AppError('VALIDATION_FAILED', { params: { field: 'sms', reason: 'noMobile' } });
    return present(made.row, made.created ? [] : await this.repo.history([made.row.id]));
  }

  /** The criteria an alert keeps, checked as a search checks them: over a month, on its first day left. */
  private checked(criteria: SearchCriteria, month: string | null): SearchCriteria {
    if (month === null) {
      this.search.check(criteria);
      return criteria;
    }
    const [first] = daysLeftInMonth(month, localDate(this.now().getTime(), HOME_ZONE));
    if (first === undefined) throw new AppError('DATE_IN_PAST', { params: { month } });
    this.search.check(criteriaOnDay(criteria, first));
    return criteriaOnDay(criteria, monthBounds(month).first);
  }

  async pause(userId: string, id: string, paused: boolean): Promise<PriceAlert> {
    const row = await this.repo.setStatus(userId, id, paused ? 'paused' : 'active');
    if (!row) throw new AppError('ALERT_NOT_FOUND');
    return present(row, await this.repo.history([id]));
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.repo.remove(userId, id))) throw new AppError('ALERT_NOT_FOUND');
  }

  /**
   * One search of an alert: the lowest price now is recorded as the next point of its history by
   * compare-and-set, and a fall (or seats back) is told in the same transaction, so a check run twice at
   * once, in two processes, records and tells once. A search some supplier did not answer throws, and the
   * job retries; criteria the search now refuses (the travel date has passed) end the alert. An alert over
   * a month records its month's lowest and that day once every day left has a price (`partial` before),
   * and ends when its month has passed.
   */
  async check(alertId: string, version?: number): Promise<'told' | 'recorded' | 'skipped' | 'ended' | 'partial'> {
    const alert = await this.repo.one(alertId);
    if (alert?.status !== 'active') return 'skipped';
    // Asked for while another check of the same state ran (two sweeps at once): that check answered it.
    if (version !== undefined && alert.version !== version) return 'skipped';
    const criteria = unpackSearchLink(alert.link);
    if (!criteria) return 'skipped';
    const seen = await this.lookNow(alert, criteria);
    if (seen === 'partial') return 'partial';
    if (!seen) return (await this.repo.end(alert)) ? 'ended' : 'skipped';
    const at = this.now();
    return this.repo.transaction(async (trx) => {
      if (!(await this.repo.record(trx, alert, seen, at))) return 'skipped';
      const event = alertEvent(alert.checkedAt !== null, alert.lowestMinor, seen.lowestMinor);
      if (!event || seen.lowestMinor === null) return 'recorded';
      await this.notify(trx, {
        userId: alert.userId,
        kind: alert.month === null ? event : MONTH_KINDS[event],
        params: {
          ...(seen.day === null ? {} : { day: seen.day }),
          alert: alert.id,
          fromEn: seen.from.en,
          fromZh: seen.from['zh-CN'],
          toEn: seen.to.en,
          toZh: seen.to['zh-CN'],
          priceMinor: seen.lowestMinor,
          ...(alert.lowestMinor === null ? {} : { wasMinor: alert.lowestMinor }),
        },
        dedupeKey: `price-alert:${alert.id}:${alert.version + 1}`,
        at,
        sms: alert.sms,
      });
      return 'told';
    });
  }

  /** The lowest price now: of the alert's search, or of its month's days; null when it can be made no more. */
  private async lookNow(alert: AlertRow, criteria: SearchCriteria): Promise<MonthSeen | 'partial' | null> {
    if (alert.month !== null) {
      const seen = await this.months.lowest({ ...alert, month: alert.month }, criteria);
      return seen === 'passed' ? null : seen;
    }
    const seen = await this.search.lowestNow(criteria).catch((e: unknown) => {
      if (e instanceof AppError && e.code !== 'PARTNER_UNAVAILABLE') return null;
      throw e;
    });
    return seen && { ...seen, day: null };
  }

  /** Queues a search of every active alert not searched lately (of one user: all of theirs, now). */
  async sweep(userId?: string): Promise<number> {
    const before =
      userId === undefined ? new Date(this.now().getTime() - this.options.checkEveryMs) : new Date(8.64e15);
    const due = await this.repo.due(before, SWEEP_BATCH, userId);
    for (const { id, version } of due)
      await addJob(this.repo.db, 'alerts.check', { alertId: id, version }, { jobKey: `alert-check:${id}` });
    return due.length;
  }
}
