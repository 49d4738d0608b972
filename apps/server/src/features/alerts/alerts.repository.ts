import type { AlertStatus } from '@junction/domain';
import { type Kysely, sql } from 'kysely';
import type { Database, Db } from '../../db/database';

export type AlertRow = {
  id: string;
  userId: string;
  link: string;
  status: AlertStatus;
  sms: boolean;
  lowestMinor: number | null;
  /** Any day of this month (`yyyy/MM`); null: the link's own dates. */
  month: string | null;
  /** The day (`yyyy-mm-dd`) of the lowest price of an alert over a month. */
  lowestDay: string | null;
  checkedAt: Date | null;
  version: number;
  createdAt: Date;
};

export type PointRow = { alertId: string; seenAt: Date; lowestMinor: number | null; day: string | null };
/** The lowest price an alert over a month saw on one day (null: nothing on sale), and when. */
export type DayRow = { day: string; lowestMinor: number | null; seenAt: Date };

/** The most checks an alert's history keeps on its page. */
export const HISTORY_POINTS = 30;

/** The only SQL on price alerts. Every read and change a traveller asks for names the user. */
export class AlertsRepository {
  constructor(readonly db: Db) {}

  transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async list(userId: string): Promise<AlertRow[]> {
    const rows = await this.db
      .selectFrom('priceAlerts')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('createdAt', 'desc')
      .execute();
    return rows as AlertRow[];
  }

  async one(id: string, userId?: string): Promise<AlertRow | undefined> {
    let q = this.db.selectFrom('priceAlerts').selectAll().where('id', '=', id);
    if (userId !== undefined) q = q.where('userId', '=', userId);
    return (await q.executeTakeFirst()) as AlertRow | undefined;
  }

  /** The last checks of each alert, oldest first. */
  async history(alertIds: string[]): Promise<PointRow[]> {
    if (alertIds.length === 0) return [];
    const rows = await sql<PointRow>`
      select alert_id, seen_at, lowest_minor, day from (
        select p.*, row_number() over (partition by alert_id order by version desc) as n
        from price_alert_points p where alert_id in (${sql.join(alertIds)})
      ) ranked where n <= ${HISTORY_POINTS} order by alert_id, version`.execute(this.db);
    return rows.rows;
  }

  /**
   * Stores a new alert unless the user has `max` already; the user's row is locked meanwhile, so two
   * requests at once cannot pass the limit together. Texts need the account's mobile number. The same
   * search watched twice (on its date, or over the same month) is the one alert, watching again with the
   * latest choice of texts.
   */
  async create(
    trx: Kysely<Database>,
    a: { userId: string; link: string; month: string | null; sms: boolean; at: Date },
    max: number,
  ): Promise<{ row: AlertRow; created: boolean } | 'limit' | 'no-mobile'> {
    const user = await trx
      .selectFrom('users')
      .select('mobile')
      .where('id', '=', a.userId)
      .forUpdate()
      .executeTakeFirst();
    if (a.sms && !user?.mobile) return 'no-mobile';
    const mine = await trx.selectFrom('priceAlerts').selectAll().where('userId', '=', a.userId).execute();
    const same = mine.find((r) => r.link === a.link && r.month === a.month);
    if (same) {
      const row = await trx
        .updateTable('priceAlerts')
        .set({ sms: a.sms, status: sql<AlertStatus>`case when status = 'ended' then status else 'active' end` })
        .where('id', '=', same.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row: row as AlertRow, created: false };
    }
    if (mine.length >= max) return 'limit';
    const row = await trx
      .insertInto('priceAlerts')
      .values({
        userId: a.userId,
        link: a.link,
        month: a.month,
        status: 'active',
        sms: a.sms,
        createdAt: a.at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row: row as AlertRow, created: true };
  }

  /** Pauses or resumes the user's alert; an ended alert stays ended. */
  async setStatus(userId: string, id: string, status: 'active' | 'paused'): Promise<AlertRow | undefined> {
    const row = await this.db
      .updateTable('priceAlerts')
      .set({ status })
      .where('id', '=', id)
      .where('userId', '=', userId)
      .where('status', '<>', 'ended')
      .returningAll()
      .executeTakeFirst();
    if (row) return row as AlertRow;
    return (await this.db
      .selectFrom('priceAlerts')
      .selectAll()
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst()) as AlertRow | undefined;
  }

  /** Ends an active alert whose search can no longer be made, keeping its last price and history. */
  async end(alert: AlertRow): Promise<boolean> {
    const ended = await this.db
      .updateTable('priceAlerts')
      .set({ status: 'ended', version: alert.version + 1 })
      .where('id', '=', alert.id)
      .where('version', '=', alert.version)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return (ended.numUpdatedRows ?? 0n) > 0n;
  }

  async remove(userId: string, id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('priceAlerts').where('id', '=', id).where('userId', '=', userId).execute();
    return (r[0]?.numDeletedRows ?? 0n) > 0n;
  }

  /**
   * Records a check made at `version`: compare-and-set on the version, so of two checks of one state only
   * the first is recorded (and told), and the checks beyond the last `HISTORY_POINTS` are forgotten; false
   * when another check came first or the alert is paused or gone.
   */
  async record(
    trx: Kysely<Database>,
    alert: AlertRow,
    seen: { lowestMinor: number | null; day: string | null },
    at: Date,
  ): Promise<boolean> {
    const { lowestMinor, day } = seen;
    const moved = await trx
      .updateTable('priceAlerts')
      .set({ lowestMinor, lowestDay: day, checkedAt: at, version: alert.version + 1 })
      .where('id', '=', alert.id)
      .where('version', '=', alert.version)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if ((moved.numUpdatedRows ?? 0n) === 0n) return false;
    await trx
      .insertInto('priceAlertPoints')
      .values({ alertId: alert.id, version: alert.version + 1, seenAt: at, lowestMinor, day })
      .execute();
    // The chart shows the last checks only; older ones go with the check that pushes them out.
    await trx
      .deleteFrom('priceAlertPoints')
      .where('alertId', '=', alert.id)
      .where('version', '<=', alert.version + 1 - HISTORY_POINTS)
      .execute();
    return true;
  }

  /** The lowest price an alert over a month saw on each of its days from `first` on; the days before are forgotten. */
  async days(alertId: string, first: string): Promise<DayRow[]> {
    await this.db.deleteFrom('priceAlertDays').where('alertId', '=', alertId).where('day', '<', first).execute();
    return this.db
      .selectFrom('priceAlertDays')
      .select(['day', 'lowestMinor', 'seenAt'])
      .where('alertId', '=', alertId)
      .execute();
  }

  /** Keeps the lowest price an alert over a month saw on one day, in place of the one seen before. */
  async saveDay(alertId: string, seen: DayRow): Promise<void> {
    await this.db
      .insertInto('priceAlertDays')
      .values({ alertId, ...seen })
      .onConflict((oc) =>
        oc.columns(['alertId', 'day']).doUpdateSet({ lowestMinor: seen.lowestMinor, seenAt: seen.seenAt }),
      )
      .execute();
  }

  /** Active alerts not checked since `before`, oldest check first, at most `limit`. */
  async due(before: Date, limit: number, userId?: string): Promise<{ id: string; version: number }[]> {
    let q = this.db
      .selectFrom('priceAlerts')
      .select(['id', 'version'])
      .where('status', '=', 'active')
      .where((eb) => eb.or([eb('checkedAt', 'is', null), eb('checkedAt', '<', before)]))
      .orderBy(sql`checked_at nulls first`)
      .limit(limit);
    if (userId !== undefined) q = q.where('userId', '=', userId);
    return q.execute();
  }
}
