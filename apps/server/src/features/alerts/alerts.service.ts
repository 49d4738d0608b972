import {
  type AlertList,
  AppError,
  type NoticeKind,
  type PriceAlert,
  packSearchLink,
  unpackSearchLink,
} from '@junction/domain';
import { addJob } from '../../jobs/jobs';
import { type AlertRow, type AlertsRepository, HISTORY_POINTS, type PointRow } from './alerts.repository';
import type { AlertNotify, AlertSearch } from './ports';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    'alerts.check': { alertId: string };
    'alerts.sweep': Record<string, unknown>;
  }
}

export type AlertOptions = {
  /** Alerts one account may keep. */
  perUser: number;
  /** Between two searches of one alert. */
  checkEveryMs: number;
};

/** Alerts queued for a search by one sweep, at most. */
const SWEEP_BATCH = 500;

const present = (r: AlertRow, points: PointRow[]): PriceAlert => ({
  id: r.id,
  link: r.link,
  status: r.status,
  sms: r.sms,
  currency: 'CNY',
  lowestMinor: r.lowestMinor,
  checkedAt: r.checkedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  history: points.slice(-HISTORY_POINTS).map((p) => ({ at: p.seenAt.toISOString(), lowestMinor: p.lowestMinor })),
});

/** What a check that moved from `was` to `now` tells, if anything: a lower price, or seats on sale again. */
export function alertEvent(checkedBefore: boolean, was: number | null, now: number | null): NoticeKind | null {
  if (!checkedBefore || now === null) return null;
  if (was === null) return 'seats-returned';
  return now < was ? 'price-fell' : null;
}

/**
 * Price alerts: a traveller's watch on a search, searched afresh on a schedule; when the lowest price falls
 * or seats come back, the owner is told by notice, e-mail and (when asked) SMS, once per check.
 */
export class AlertsService {
  constructor(
    private readonly repo: AlertsRepository,
    private readonly search: AlertSearch,
    private readonly notify: AlertNotify,
    private readonly options: AlertOptions,
    private readonly now: () => Date,
  ) {}

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
   * watched takes the new choice of texts and watches again if it was paused.
   */
  async create(userId: string, input: { link: string; sms: boolean }): Promise<PriceAlert> {
    const criteria = unpackSearchLink(input.link);
    if (!criteria) throw new AppError('PLACE_UNKNOWN');
    this.search.check(criteria);
    const link = packSearchLink({ ...criteria, sort: 'cheapest', filters: {} });
    const made = await this.repo.transaction(async (trx) => {
      const r = await this.repo.create(trx, { userId, link, sms: input.sms, at: this.now() }, this.options.perUser);
      if (typeof r !== 'string' && r.created)
        await addJob(trx, 'alerts.check', { alertId: r.row.id }, { jobKey: `alert-check:${r.row.id}` });
      return r;
    });
    if (made === 'limit') throw new AppError('ALERT_LIMIT', { params: { max: this.options.perUser } });
    if (made === 'no-mobile') throw new AppError('VALIDATION_FAILED', { params: { field: 'sms', reason: 'noMobile' } });
    return present(made.row, made.created ? [] : await this.repo.history([made.row.id]));
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
   * job retries; criteria the search now refuses (the travel date has passed) end the alert.
   */
  async check(alertId: string): Promise<'told' | 'recorded' | 'skipped' | 'ended'> {
    const alert = await this.repo.one(alertId);
    if (alert?.status !== 'active') return 'skipped';
    const criteria = unpackSearchLink(alert.link);
    if (!criteria) return 'skipped';
    const seen = await this.search.lowestNow(criteria).catch((e: unknown) => {
      if (e instanceof AppError && e.code !== 'PARTNER_UNAVAILABLE') return null;
      throw e;
    });
    if (!seen) return (await this.repo.end(alert)) ? 'ended' : 'skipped';
    const at = this.now();
    return this.repo.transaction(async (trx) => {
      if (!(await this.repo.record(trx, alert, seen.lowestMinor, at))) return 'skipped';
      const kind = alertEvent(alert.checkedAt !== null, alert.lowestMinor, seen.lowestMinor);
      if (!kind || seen.lowestMinor === null) return 'recorded';
      await this.notify(trx, {
        userId: alert.userId,
        kind,
        params: {
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

  /** Queues a search of every active alert not searched lately (of one user: all of theirs, now). */
  async sweep(userId?: string): Promise<number> {
    const before =
      userId === undefined ? new Date(this.now().getTime() - this.options.checkEveryMs) : new Date(8.64e15);
    const ids = await this.repo.due(before, SWEEP_BATCH, userId);
    for (const id of ids) await addJob(this.repo.db, 'alerts.check', { alertId: id }, { jobKey: `alert-check:${id}` });
    return ids.length;
  }
}
