import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FlightSeatMap, seatPriceIn, sellerPassengerOf } from './seat-map.schema';
import type { AirType } from './traveller-rules';

const KIND: Record<AirType, number> = { ADULT: 0, TEEN: 0, CHILD: 1, INFANT: 2 };

/**
 * A seat priced by the seller for each of its passengers, in the order the party is asked for (adults and
 * teens, then children, then infants): the price says whose it is, kind and place within the kind.
 */
function sellersSeat(party: readonly AirType[]): FlightSeatMap {
  const asked = [...party].sort((a, b) => KIND[a] - KIND[b]);
  const pricesMinor = asked.map(
    (t, i) => 10_000 * (KIND[t] + 1) + 100 * asked.slice(0, i).filter((x) => KIND[x] === KIND[t]).length,
  );
  const seat = { kind: 'seat' as const, designator: '12A', priceMinor: pricesMinor[0] ?? null, pricesMinor };
  return { leg: 0, cabins: [{ deck: 0, aisles: 1, rows: [{ sections: [[seat]] }] }] };
}

const airType = fc.constantFrom<AirType>('ADULT', 'TEEN', 'CHILD', 'INFANT');

describe('a seat priced per seller passenger', () => {
  it('costs each traveller of a party, in any order, the price of their own kind and place within it', () => {
    fc.assert(
      fc.property(fc.array(airType, { minLength: 1, maxLength: 9 }), (party) => {
        const map = sellersSeat(party);
        party.forEach((type, i) => {
          const within = party.slice(0, i).filter((x) => KIND[x] === KIND[type]).length;
          expect(seatPriceIn([map], 0, '12A', i, party)).toBe(10_000 * (KIND[type] + 1) + 100 * within);
        });
        // Each traveller is one passenger of the seller, none twice.
        const passengers = party.map((_, i) => sellerPassengerOf(party, i));
        expect([...passengers].sort((a, b) => a - b)).toEqual(party.map((_, i) => i));
      }),
      { numRuns: 300 },
    );
  });

  it('costs a child listed first the child’s price, and the adult after them the adult’s', () => {
    const map = sellersSeat(['ADULT', 'CHILD']);
    expect(seatPriceIn([map], 0, '12A', 0, ['CHILD', 'ADULT'])).toBe(20_000);
    expect(seatPriceIn([map], 0, '12A', 1, ['CHILD', 'ADULT'])).toBe(10_000);
  });
});
