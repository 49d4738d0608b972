import type { LocalText, NoticeKind, NoticeParams, SearchCriteria } from '@junction/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

/** What a price alert searches with (the search feature's fresh look at the suppliers). */
export type AlertSearch = {
  /** Refuses criteria the search would refuse, with the search's error. */
  check(criteria: SearchCriteria): void;
  /** The lowest price on sale now (null: nothing on sale) and the route's names; throws when nobody answered. */
  lowestNow(criteria: SearchCriteria): Promise<{ lowestMinor: number | null; from: LocalText; to: LocalText }>;
};

/** Tells a traveller, in the caller's transaction (the notifications feature's `notify`). */
export type AlertNotify = (
  trx: Kysely<Database>,
  input: { userId: string; kind: NoticeKind; params: NoticeParams; dedupeKey: string; at: Date; sms: boolean },
) => Promise<string | null>;
