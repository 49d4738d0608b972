import {
  AppError,
  criteriaOnDay,
  daysLeftInMonth,
  type LocalText,
  localDate,
  lowestOfMonth,
  type SearchCriteria,
} from '@junction/domain';
import type { AlertRow, AlertsRepository, DayRow } from './alerts.repository';
import type { AlertSearch } from './ports';

/** A month's days are the traveller's days: in Beijing time. */
export const HOME_ZONE = 'Asia/Shanghai';

export type MonthOptions = {
  /** Days of the month one check searches afresh, at most. */
  searches: number;
  /** A day's price seen more lately than this is not searched again. */
  freshMs: number;
};

/** What a check of an alert over a month found: the month's lowest price and its day, with the route's names. */
export type MonthSeen = { lowestMinor: number | null; day: string | null; from: LocalText; to: LocalText };

/**
 * The days a check searches: those without a price first, then those whose price is oldest (only those
 * older than `staleBefore`), earlier days first among equals, at most `searches`.
 */
export function daysToSearch(
  days: readonly string[],
  known: ReadonlyMap<string, { seenAt: Date }>,
  staleBefore: Date,
  searches: number,
): string[] {
  const age = (day: string) => known.get(day)?.seenAt.getTime() ?? Number.NEGATIVE_INFINITY;
  return days
    .filter((day) => age(day) < staleBefore.getTime())
    .sort((a, b) => age(a) - age(b) || (a < b ? -1 : 1))
    .slice(0, Math.max(0, searches));
}

/**
 * An alert over a flexible month, by the machinery of the month of fares: each day still to come of the
 * month has its lowest price from the month of fares (searches already made, its filling job) or from
 * the alert's own search of that day, whichever is newer; a check searches the days missing or oldest, a
 * bounded number at a time, and the month's lowest is known once every day left has a price.
 */
export class MonthWatch {
  constructor(
    private readonly repo: AlertsRepository,
    private readonly search: AlertSearch,
    private readonly options: MonthOptions,
    private readonly now: () => Date,
  ) {}

  /**
   * The month's lowest now; `passed` when no day of it is left, `partial` while some day left has no
   * price yet (the next check searches on). A search some supplier did not answer leaves its day for
   * later, and throws when it was the only kind of answer of the check, so the job retries; a day the
   * search refuses (not on sale yet) has nothing on sale.
   */
  async lowest(
    alert: AlertRow & { month: string },
    criteria: SearchCriteria,
  ): Promise<MonthSeen | 'passed' | 'partial'> {
    const at = this.now();
    const days = daysLeftInMonth(alert.month, localDate(at.getTime(), HOME_ZONE));
    const [first] = days;
    if (first === undefined) return 'passed';
    const known = await this.known(alert.id, criteria, days, first);
    const searched = daysToSearch(days, known, new Date(at.getTime() - this.options.freshMs), this.options.searches);
    let failure: unknown = null;
    let answered = 0;
    for (const day of searched) {
      const seen = await this.searchDay(criteria, day);
      if ('failed' in seen) {
        failure = seen.failed;
        continue;
      }
      await this.repo.saveDay(alert.id, seen);
      known.set(day, seen);
      answered++;
    }
    if (failure !== null && answered === 0) throw failure;
    if (days.some((day) => !known.has(day))) return 'partial';
    const lowest = lowestOfMonth(days.map((day) => ({ day, lowestMinor: known.get(day)?.lowestMinor ?? null })));
    return { ...lowest, ...this.search.route(criteriaOnDay(criteria, first)) };
  }

  /** Each day's newest price: the alert's own search of it, or the month of fares'. */
  private async known(
    alertId: string,
    criteria: SearchCriteria,
    days: string[],
    first: string,
  ): Promise<Map<string, DayRow>> {
    const own = await this.repo.days(alertId, first);
    const calendar = await this.search.calendar(criteria, days).catch(() => new Map<string, never>());
    const known = new Map<string, DayRow>(own.map((d) => [d.day, d]));
    for (const [day, seen] of calendar) {
      const mine = known.get(day);
      if (!mine || mine.seenAt < seen.seenAt) known.set(day, { day, ...seen });
    }
    return known;
  }

  /** One day's lowest price searched afresh; a day the search refuses has nothing on sale. */
  private async searchDay(criteria: SearchCriteria, day: string): Promise<DayRow | { failed: unknown }> {
    try {
      const seen = await this.search.lowestNow(criteriaOnDay(criteria, day));
      return { day, lowestMinor: seen.lowestMinor, seenAt: this.now() };
    } catch (e) {
      if (e instanceof AppError && e.code !== 'PARTNER_UNAVAILABLE')
        return { day, lowestMinor: null, seenAt: this.now() };
      return { failed: e };
    }
  }
}
