import type { RawPlace } from '@junction/refdata';
import type { Db } from '../../../db/database';

/** A sale the simulated flight sellers run on a route: a share off every fare between two places. */
export type FareSale = { origin: string; destination: string; percentOff: number };

/** The sales the simulated flight sellers run now, the same in every process. */
export type FareSales = { current(): Promise<FareSale[]> };

/**
 * The share of a fare left by the sales of a journey from one place to another: a sale names a city or
 * an airport at each end, in the direction flown; the deepest sale that matches counts.
 */
export function fareFactor(sales: readonly FareSale[], from: RawPlace, to: RawPlace): number {
  const names = (p: RawPlace) => new Set([p.code, p.cityCode]);
  const origins = names(from);
  const destinations = names(to);
  const off = Math.max(
    0,
    ...sales.filter((s) => origins.has(s.origin) && destinations.has(s.destination)).map((s) => s.percentOff),
  );
  return 1 - off / 100;
}

/** The simulated sellers' sales in PostgreSQL (`sim_fare_sales`, migration 0023). */
export class SimFareSales implements FareSales {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** The read under way: the sellers of a search ask at once, and one read answers them all. */
  private reading: Promise<FareSale[]> | undefined;

  current(): Promise<FareSale[]> {
    if (!this.reading) {
      const read = this.db
        .selectFrom('simFareSales')
        .select(['origin', 'destination', 'percentOff'])
        .execute()
        .finally(() => {
          if (this.reading === read) this.reading = undefined;
        });
      this.reading = read;
    }
    return this.reading;
  }

  /** Runs a sale on a route from now on (0 ends it). */
  async set(sale: FareSale): Promise<FareSale> {
    await this.db
      .insertInto('simFareSales')
      .values({ ...sale, setAt: this.now() })
      .onConflict((oc) =>
        oc.columns(['origin', 'destination']).doUpdateSet({ percentOff: sale.percentOff, setAt: this.now() }),
      )
      .execute();
    // Whoever asks from now on reads the sale: not a read begun before it.
    this.reading = undefined;
    return sale;
  }
}
