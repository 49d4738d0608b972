import type { NoticeKind, NoticeParams } from '@junction/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

/** Tells a traveller something in the caller's transaction (the notifications feature's `notify`, from `app.ts`). */
export type Notifier = (
  trx: Kysely<Database>,
  notice: {
    userId: string;
    kind: NoticeKind;
    orderId?: string | null;
    params?: NoticeParams;
    dedupeKey?: string;
    at?: Date;
  },
) => Promise<unknown>;
