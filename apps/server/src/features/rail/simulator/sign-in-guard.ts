import { sql } from 'kysely';
import type { Db } from '../../../db/database';

/** Wrong passwords an account takes before it is locked, and for how long, as 12306 does. */
export const SIM_SIGN_IN_TRIES = 5;
export const SIM_LOCK_MS = 30 * 60_000;

/**
 * The simulated rail service's password guard: each try is reserved in one statement before the
 * comparison, so of any number of tries at once at most five compare; the fifth wrong one locks the
 * account for half an hour, and a right one clears the count.
 */
export class SimSignInGuard {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** A password compared under the guard: false when wrong, and while locked even when right. */
  async check(accountId: string, compare: () => Promise<boolean>): Promise<boolean> {
    if (!(await this.reserve(accountId))) return false;
    if (await compare()) {
      await this.succeeded(accountId);
      return true;
    }
    await this.failed(accountId);
    return false;
  }

  /** Reserves a try; false while the account is locked or its tries are used up. */
  async reserve(accountId: string): Promise<boolean> {
    const now = this.now();
    const row = await this.db
      .updateTable('railSimAccounts')
      .set((eb) => ({
        signInFailures: sql<number>`case when ${eb.ref('lockedUntil')} <= ${now} then 1 else ${eb.ref('signInFailures')} + 1 end`,
        lockedUntil: null,
      }))
      .where('id', '=', accountId)
      .where((eb) =>
        eb.or([
          eb('lockedUntil', '<=', now),
          eb.and([eb('lockedUntil', 'is', null), eb('signInFailures', '<', SIM_SIGN_IN_TRIES)]),
        ]),
      )
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async succeeded(accountId: string): Promise<void> {
    await this.db
      .updateTable('railSimAccounts')
      .set({ signInFailures: 0, lockedUntil: null })
      .where('id', '=', accountId)
      .execute();
  }

  /** A wrong password: the try stays counted, and the last of them locks the account. */
  async failed(accountId: string): Promise<void> {
    await this.db
      .updateTable('railSimAccounts')
      .set({ lockedUntil: new Date(this.now().getTime() + SIM_LOCK_MS) })
      .where('id', '=', accountId)
      .where('signInFailures', '>=', SIM_SIGN_IN_TRIES)
      .where('lockedUntil', 'is', null)
      .execute();
  }
}
