import type { LocalText, NoticeKind, NoticeParams, SearchCriteria } from '@junction/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

/** What a price alert searches with (the search feature's fresh look at the suppliers). */
export type AlertSearch = {
  /** Refuses criteria the search would refuse, with the search's error. */
  check(criteria: SearchCriteria): void;
  /** The lowest price on sale now (null: nothing on sale) and the route's names; throws when nobody answered. */
  lowestNow(criteria: SearchCriteria): Promise<{ lowestMinor: number | null; from: LocalText; to: LocalText }>;
  /** The names of the route the criteria search, without a search. */
  route(criteria: SearchCriteria): { from: LocalText; to: LocalText };
  /**
   * The lowest price the month of fares holds for the criteria on each of `days` (`yyyy-mm-dd`), from the
   * searches already made and its filling job, with when it was seen; days it has none of are left out.
   */
  calendar(
    criteria: SearchCriteria,
    days: readonly string[],
  ): Promise<Map<string, { lowestMinor: number; seenAt: Date }>>;
};

/** Tells a traveller, in the caller's transaction (the notifications feature's `notify`). */
export type AlertNotify = (
  trx: Kysely<Database>,
  input: { userId: string; kind: NoticeKind; params: NoticeParams; dedupeKey: string; at: Date; sms: boolean },
) => Promise<string | null>;
