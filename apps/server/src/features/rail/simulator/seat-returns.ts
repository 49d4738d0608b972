import { sql } from 'kysely';
import type { Db } from '../../../db/database';

export type SeatReturnOptions = {
  /** Chance that one look at a sold-out class finds seats come back (another traveller's refund). */
  rate: number;
  /** At most this many seats come back at once (at least one). */
  maxSeats: number;
  random?: () => number;
};

/**
 * China Railway's seats coming back, as the simulated railway has them: tickets refunded or changed by
 * other travellers and reservations not paid for return to sale now and then. Each look at a train
 * class on a day may find more seats back (`rate`); the running total is kept in the simulator's own
 * table, so every process and every look agree. `give` is the control development and tests use.
 */
export class SimulatedSeatReturns {
  constructor(
    private readonly db: Db,
    private readonly options: SeatReturnOptions,
    private readonly now: () => Date,
  ) {}

  private random(): number {
    return (this.options.random ?? Math.random)();
  }

  /** Seats of a class on a train and day that came back to sale so far, after this look. */
  async returned(train: string, date: string, seatClass: string): Promise<number> {
    const found =
      this.random() < this.options.rate ? 1 + Math.floor(this.random() * Math.max(1, this.options.maxSeats)) : 0;
    return this.add(train, date, seatClass, found);
  }

  /** Seats come back now (development and tests): the new total. */
  give(train: string, date: string, seatClass: string, seats: number): Promise<number> {
    return this.add(train, date, seatClass, seats);
  }

  private async add(train: string, date: string, seatClass: string, seats: number): Promise<number> {
    const row = await this.db
      .insertInto('railSimSeatReturns')
      .values({ key: `${train}:${date}:${seatClass}`, returned: seats, updatedAt: this.now() })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          returned: sql`rail_sim_seat_returns.returned + excluded.returned`,
          updatedAt: this.now(),
        }),
      )
      .returning('returned')
      .executeTakeFirstOrThrow();
    return row.returned;
  }
}
