import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ResultLeg, SearchResult } from '../search/search.schema';
import type { BookingExtras } from './order.schema';
import {
  airSeatsNeeded,
  extrasProblem,
  flightShortOfSeats,
  priceOrder,
  railChildFare,
  railPartyFare,
  shownPriceMinor,
  studentClassFare,
  ticketsOf,
} from './pricing';
import type { PartyTypes } from './traveller-rules';

const point = (code: string) => ({
  code,
  name: { en: code, 'zh-CN': code },
  kind: 'airport' as const,
  lat: 0,
  lon: 0,
});
const cny = (amount: number) => ({ amount, currency: 'CNY' as const });
const base = {
  carrier: '',
  carrierName: { en: '', 'zh-CN': '' },
  number: '',
  departureTime: '',
  arrivalTime: '',
  durationMinutes: 60,
};
const air = (fare: number, separateTicket = false): ResultLeg => ({
  ...base,
  kind: 'air',
  carrier: 'CA',
  number: 'CA1',
  from: point('PEK'),
  to: point('SHA'),
  price: cny(fare),
  cabin: 'Y',
  separateTicket,
  baggage: { carryOn: { pieces: 1, kg: 7 }, checked: { pieces: 1, kg: 20, extraPrice: cny(30_000) } },
});
const rail = (fare: number): ResultLeg => ({
  ...base,
  kind: 'land',
  carrier: 'CR',
  number: 'Z1',
  from: point('BJP'),
  to: point('SHH'),
  price: cny(fare),
  cabin: 'A1',
  trainType: 'Z',
  separateTicket: true,
  seats: [
    { code: 'A1', price: cny(fare), remaining: 20 },
    { code: 'A3', price: cny(20_000), remaining: 5 },
  ],
});
const ground = (kind: 'taxi' | 'subway', fare: number): ResultLeg => ({
  ...base,
  kind,
  from: point('X'),
  to: point('Y'),
  price: cny(fare),
  separateTicket: false,
});
const result = (
  kind: SearchResult['kind'],
  legs: ResultLeg[],
  price: number,
  agent: SearchResult['agent'] = 'own',
): SearchResult => ({
  id: 'r',
  kind,
  price: cny(price),
  departureTime: '',
  arrivalTime: '',
  durationMinutes: 0,
  transfers: 0,
  date: '2026/07/15',
  legs,
  bounds: [{ start: 0, end: legs.length }],
  agent,
  sellers: [],
  fees: { cancelBefore: null, cancelAfter: null, changeBefore: null, changeAfter: null, free24h: false },
});
const none: BookingExtras = { rail: [], baggage: [] };
const party = (air: PartyTypes['air'], railTypes: PartyTypes['rail']): PartyTypes => ({ air, rail: railTypes });

describe('tickets', () => {
  it('keeps connecting flights on one ticket until a self-transfer, each train a ticket, ground legs unsold', () => {
    const legs = [
      ground('taxi', 8000),
      air(50_000),
      air(40_000, true),
      air(30_000),
      ground('subway', 500),
      rail(10_000),
      rail(9_000),
    ];
    expect(ticketsOf({ legs })).toEqual([
      { type: 'flight', legs: [1, 2] },
      { type: 'flight', legs: [3] },
      { type: 'railway', legs: [5] },
      { type: 'railway', legs: [6] },
    ]);
  });
});

describe('order price', () => {
  it('prices two adults and an infant on a flight as the seller does: 100 % and 10 %', () => {
    const { breakdown } = priceOrder({
      result: result('flight', [air(60_000)], 123_400),
      types: party(['ADULT', 'ADULT', 'INFANT'], ['ADULT', 'ADULT', 'FREE_CHILD']),
      extras: none,
      railServiceFeeMinor: 2000,
    });
    expect(breakdown.fares).toEqual([
      { ticket: 'flight', type: 'ADULT', count: 2, totalMinor: 246_800 },
      { ticket: 'flight', type: 'INFANT', count: 1, totalMinor: 12_300 },
    ]);
    expect(breakdown.totalMinor).toBe(246_800 + 12_300);
    expect(breakdown.taxesMinor).toBe(2 * 5000);
  });

  it("prices a student ticket at the class's student fare: half the hard seat, a hard sleeper less half the hard seat", () => {
    const r = result('train', [rail(15_000)], 15_000, 'own');
    const priced = (seatClass: string) =>
      priceOrder({
        result: r,
        types: party(['ADULT', 'ADULT'], ['ADULT', 'STUDENT']),
        extras: { rail: [{ leg: 0, seatClass, seats: [], bunks: [] }], baggage: [] },
        railServiceFeeMinor: 2000,
      });
    const seat = priced('A1');
    expect(seat.breakdown.fares).toEqual([
      { ticket: 'railway', type: 'ADULT', count: 1, totalMinor: 15_000 },
      { ticket: 'railway', type: 'STUDENT', count: 1, totalMinor: 7500 },
    ]);
    expect(seat.tickets[0]?.travellers).toEqual([
      { priceMinor: 17_000, serviceFeeMinor: 2000 },
      { priceMinor: 9500, serviceFeeMinor: 2000 },
    ]);
    expect(priced('A3').breakdown.fares[1]).toEqual({
      ticket: 'railway',
      type: 'STUDENT',
      count: 1,
      totalMinor: 20_000 - 7500,
    });
    expect(studentClassFare(rail(15_050), 'A4')).toBeUndefined();
  });

  it('lets a free child ride a train for nothing, with a child ticket at half and a service fee per seat', () => {
    const r = result('train', [rail(15_050)], 15_050, 'own');
    const { breakdown } = priceOrder({
      result: r,
      types: party(['ADULT', 'CHILD', 'CHILD'], ['ADULT', 'CHILD', 'FREE_CHILD']),
      extras: none,
      railServiceFeeMinor: 2000,
    });
    expect(breakdown.fares).toEqual([
      { ticket: 'railway', type: 'ADULT', count: 1, totalMinor: 15_050 },
      { ticket: 'railway', type: 'CHILD', count: 1, totalMinor: railChildFare(15_050) },
      { ticket: 'railway', type: 'FREE_CHILD', count: 1, totalMinor: 0 },
    ]);
    expect(breakdown.serviceFees).toEqual([{ kind: 'railOffline', count: 2, totalMinor: 4000 }]);
  });

  it('prices a berth choice: the sleeper class fare plus 10 % for a lower and 5 % for a middle bunk', () => {
    const extras: BookingExtras = { rail: [{ leg: 0, seatClass: 'A3', seats: [], bunks: [1, 2] }], baggage: [] };
    const { breakdown } = priceOrder({
      result: result('train', [rail(10_000)], 10_000),
      types: party(['ADULT', 'ADULT'], ['ADULT', 'ADULT']),
      extras,
      railServiceFeeMinor: 0,
    });
    expect(breakdown.fares[0]).toEqual({ ticket: 'railway', type: 'ADULT', count: 2, totalMinor: 40_000 });
    expect(breakdown.extras).toEqual([{ kind: 'bunk', count: 2, totalMinor: 2000 + 1000 }]);
    expect(breakdown.totalMinor).toBe(43_000);
  });

  it('adds extra checked pieces at the airline price and leaves ground legs out of the total', () => {
    const legs = [ground('taxi', 8000), air(50_000, true), ground('subway', 600), rail(10_000)];
    const { breakdown, tickets } = priceOrder({
      result: result('mix', legs, 0, 'combined'),
      types: party(['ADULT', 'ADULT'], ['ADULT', 'ADULT']),
      extras: { rail: [], baggage: [{ ticket: 0, pieces: [2, 0] }] },
      railServiceFeeMinor: 2000,
    });
    expect(breakdown.extras).toEqual([{ kind: 'baggage', count: 2, totalMinor: 60_000 }]);
    expect(breakdown.groundEstimateMinor).toBe(8600);
    expect(tickets.map((t) => t.priceMinor)).toEqual([100_000 + 60_000, 20_000 + 4000]);
    expect(breakdown.totalMinor).toBe(184_000);
  });

  it('property: the total is the sum of the tickets and of the fare, extra and fee lines', () => {
    const types = fc.constantFrom<PartyTypes>(
      party(['ADULT'], ['ADULT']),
      party(['ADULT', 'CHILD', 'INFANT'], ['ADULT', 'CHILD', 'FREE_CHILD']),
      party(['ADULT', 'TEEN', 'CHILD'], ['ADULT', 'ADULT', 'CHILD']),
    );
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 500, max: 900_000 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        types,
        fc.integer({ min: 0, max: 5000 }),
        (fares, total, t, fee) => {
          const legs = fares.map((f, i) => (i % 2 === 0 ? air(f * 100, true) : rail(f * 50)));
          const { breakdown, tickets } = priceOrder({
            result: result('mix', legs, total * 100, 'own'),
            types: t,
            extras: { rail: [], baggage: [{ ticket: 0, pieces: t.air.map((a) => (a === 'INFANT' ? 0 : 1)) }] },
            railServiceFeeMinor: fee,
          });
          const lines =
            breakdown.fares.reduce((s, l) => s + l.totalMinor, 0) +
            breakdown.extras.reduce((s, l) => s + l.totalMinor, 0) +
            breakdown.serviceFees.reduce((s, l) => s + l.totalMinor, 0);
          expect(breakdown.totalMinor).toBe(lines);
          expect(breakdown.totalMinor).toBe(tickets.reduce((s, k) => s + k.priceMinor, 0));
        },
      ),
    );
  });

  it('property: a flight result keeps its whole price however it is shared across tickets', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 9000 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 90_000 }),
        (fares, price) => {
          const legs = fares.map((f) => air(f * 100, true));
          const { breakdown } = priceOrder({
            result: result('flight', legs, price * 100),
            types: party(['ADULT'], ['ADULT']),
            extras: none,
            railServiceFeeMinor: 0,
          });
          expect(breakdown.totalMinor).toBe(price * 100);
        },
      ),
    );
  });
});

describe('extras', () => {
  const types = party(['ADULT', 'CHILD'], ['ADULT', 'FREE_CHILD']);
  const train = result('train', [rail(10_000)], 10_000);

  it('accepts a sleeper bunk for a seated traveller', () => {
    expect(
      extrasProblem(train, types, { rail: [{ leg: 0, seatClass: 'A3', seats: [], bunks: [1] }], baggage: [] }),
    ).toBeNull();
  });

  it('refuses an unknown class, a bunk in a seat class, a choice for a free child, or a leg that is no ride', () => {
    const bad: BookingExtras[] = [
      { rail: [{ leg: 0, seatClass: 'A9', seats: [], bunks: [] }], baggage: [] },
      { rail: [{ leg: 0, seatClass: 'A1', seats: [], bunks: [1] }], baggage: [] },
      { rail: [{ leg: 0, seatClass: 'A3', seats: [], bunks: [1, 3] }], baggage: [] },
      { rail: [{ leg: 1, seatClass: 'A3', seats: [], bunks: [] }], baggage: [] },
      { rail: [], baggage: [{ ticket: 0, pieces: [1] }] },
    ];
    for (const extras of bad)
      expect(extrasProblem(train, types, extras), JSON.stringify(extras)).toEqual({ error: 'EXTRAS_INVALID' });
  });

  it('sells no extra bag to an infant, and combined fares sell no infant ticket', () => {
    const flight = result('flight', [air(50_000)], 50_000);
    const withInfant = party(['ADULT', 'INFANT'], ['ADULT', 'FREE_CHILD']);
    expect(extrasProblem(flight, withInfant, { rail: [], baggage: [{ ticket: 0, pieces: [1, 1] }] })).toEqual({
      error: 'EXTRAS_INVALID',
    });
    expect(extrasProblem(flight, withInfant, { rail: [], baggage: [{ ticket: 0, pieces: [1, 0] }] })).toBeNull();
    expect(extrasProblem({ ...flight, agent: 'combined' }, withInfant, none)).toEqual({
      error: 'NO_QUOTA',
      params: { type: 'INFANT' },
    });
  });
});

describe('the price a train result shows', () => {
  it('is what its order charges the party searched, service fees included, so booking at it is no price change', () => {
    const fare = fc.integer({ min: 10, max: 4_000 }).map((n) => n * 50);
    fc.assert(
      fc.property(
        fc.array(fare, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.constantFrom(0, 500, 1000, 2000, 3000), { minLength: 3, maxLength: 3 }),
        (fares, adults, children, fees) => {
          const legs = fares.map((f) => rail(f));
          // Each ride priced for the party as China Railway prices it: the supplier's result price.
          const price = fares.reduce((sum, f) => sum + railPartyFare(f, { adults, children }), 0);
          const feeOf = (leg: number) => fees[leg] ?? 0;
          const types = party(
            [...Array(adults).fill('ADULT'), ...Array(children).fill('CHILD')],
            [...Array(adults).fill('ADULT'), ...Array(children).fill('CHILD')],
          );
          const charged = priceOrder({
            result: result('train', legs, price, 'railway'),
            types,
            extras: none,
            railServiceFeeMinor: 0,
            railServiceFeeOf: feeOf,
          }).breakdown.totalMinor;
          return shownPriceMinor({ price: cny(price), legs }, { adults, children }, feeOf) === charged;
        },
      ),
    );
  });

  it('adds ¥20 a seated ticket to a ¥614 fare ticketed offline: ¥634 shown, ¥634 charged', () => {
    const legs = [rail(61_400)];
    expect(shownPriceMinor({ price: cny(61_400), legs }, { adults: 1, children: 0 }, () => 2000)).toBe(63_400);
  });
});

describe('each traveller’s part of a ticket', () => {
  it('adds up to the ticket’s price and service fees, for any party, bags and berths', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 2 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 5 }),
        fc.array(fc.constantFrom(null, 1, 2, 3), { maxLength: 5 }),
        fc.constantFrom(0, 2000, 3000),
        (adults, children, pieces, bunks, fee) => {
          const airTypes = [...Array(adults).fill('ADULT'), ...Array(children).fill('CHILD')];
          const railTypes = [...Array(adults).fill('ADULT'), ...Array(children).fill('CHILD')];
          const n = adults + children;
          const legs = [rail(15_050)];
          const flight = priceOrder({
            result: result('flight', [air(60_000)], 60_000),
            types: party(airTypes, railTypes),
            extras: { rail: [], baggage: [{ ticket: 0, pieces: pieces.slice(0, n) }] },
            railServiceFeeMinor: 0,
          });
          const train = priceOrder({
            result: result('train', legs, 15_050 * n, 'railway'),
            types: party(airTypes, railTypes),
            extras: { rail: [{ leg: 0, seatClass: 'A3', seats: [], bunks: bunks.slice(0, n) }], baggage: [] },
            railServiceFeeMinor: fee,
          });
          for (const t of [...flight.tickets, ...train.tickets]) {
            expect(t.travellers).toHaveLength(n);
            expect(t.travellers.reduce((s, x) => s + x.priceMinor, 0)).toBe(t.priceMinor);
            expect(t.travellers.reduce((s, x) => s + x.serviceFeeMinor, 0)).toBe(t.serviceFeeMinor);
          }
        },
      ),
    );
  });
});

describe('seats on a flight for the party', () => {
  const CABIN_CODES = ['Y', 'S', 'C', 'F'] as const;
  const flight = (cabin: string, seats: { code: string; remaining: number }[]): ResultLeg => ({
    ...air(60_000),
    cabin,
    seats: seats.map((s) => ({ ...s, price: cny(60_000) })),
  });

  it('counts every traveller but infants on a lap', () => {
    expect(airSeatsNeeded({ air: ['ADULT', 'TEEN', 'CHILD', 'INFANT', 'INFANT'], rail: [] })).toBe(3);
  });

  it('finds a business cabin with two seats left short for three, and a cabin the flight does not sell', () => {
    const business = flight('C', [
      { code: 'Y', remaining: 80 },
      { code: 'C', remaining: 2 },
    ]);
    expect(flightShortOfSeats(result('flight', [business], 60_000), 2)).toBeNull();
    expect(flightShortOfSeats(result('flight', [business], 60_000), 3)).toEqual({ leg: 0, cabin: 'C', remaining: 2 });
    const noFirst = flight('F', [{ code: 'Y', remaining: 80 }]);
    expect(flightShortOfSeats(result('flight', [noFirst], 60_000), 1)).toEqual({ leg: 0, cabin: 'F', remaining: 0 });
    // A train's classes are held by our own seat stock, and a flight whose seller lists no cabins is its seller's.
    expect(flightShortOfSeats(result('train', [rail(50_000)], 50_000), 30)).toBeNull();
    expect(flightShortOfSeats(result('flight', [air(60_000)], 60_000), 9)).toBeNull();
  });

  it('property: a party fits exactly when every flight has at least a seat each left in its cabin', () => {
    const cabins = fc.uniqueArray(
      fc.record({ code: fc.constantFrom(...CABIN_CODES), remaining: fc.integer({ min: 0, max: 12 }) }),
      { selector: (c) => c.code, minLength: 1, maxLength: 4 },
    );
    const flights = fc.array(fc.tuple(fc.constantFrom(...CABIN_CODES), cabins), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(flights, fc.integer({ min: 1, max: 9 }), (list, seated) => {
        const legs = list.map(([cabin, seats]) => flight(cabin, seats));
        const left = list.map(([cabin, seats]) => seats.find((s) => s.code === cabin)?.remaining ?? 0);
        const short = flightShortOfSeats(result('flight', legs, 60_000), seated);
        const first = left.findIndex((n) => n < seated);
        expect(short?.leg ?? -1).toBe(first);
        if (short) expect(short.remaining).toBe(left[first]);
      }),
    );
  });
});

describe('fare lines', () => {
  it('counts one adult on two flights (two tickets) as one adult paying the fare of the whole journey', () => {
    const r = result('flight', [air(50_000, true), air(40_000)], 90_000);
    expect(ticketsOf(r)).toHaveLength(2);
    const { breakdown } = priceOrder({ result: r, types: party(['ADULT'], []), extras: none, railServiceFeeMinor: 0 });
    expect(breakdown.fares).toEqual([{ ticket: 'flight', type: 'ADULT', count: 1, totalMinor: 90_000 }]);
  });

  it('property: each line counts the travellers of its type once, however many tickets of its kind they hold', () => {
    const airTypes = fc.constantFrom<PartyTypes['air'][number]>('ADULT', 'CHILD', 'INFANT');
    const railTypes = fc.constantFrom<PartyTypes['rail'][number]>('ADULT', 'CHILD', 'FREE_CHILD');
    const ride = fc.oneof(
      fc.integer({ min: 1, max: 2000 }).map((y) => air(y * 100, true)),
      fc.integer({ min: 1, max: 2000 }).map((y) => rail(y * 100)),
    );
    fc.assert(
      fc.property(
        fc.array(ride, { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(airTypes, railTypes), { minLength: 1, maxLength: 4 }),
        (legs, people) => {
          const types = party(['ADULT', ...people.map(([a]) => a)], ['ADULT', ...people.map(([, r]) => r)]);
          const r = result(
            'flight',
            legs,
            legs.reduce((s, l) => s + l.price.amount, 0),
          );
          const { breakdown, tickets } = priceOrder({ result: r, types, extras: none, railServiceFeeMinor: 0 });
          for (const line of breakdown.fares) {
            const list = line.ticket === 'flight' ? types.air : types.rail;
            expect(line.count).toBe(list.filter((x) => x === line.type).length);
          }
          // The lines still carry every fare of every ticket.
          const fares = breakdown.fares.reduce((s, f) => s + f.totalMinor, 0);
          expect(fares).toBe(tickets.reduce((s, t) => s + t.priceMinor, 0));
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('seats chosen on a seat map', () => {
  const flights = (n: number) => Array.from({ length: n }, () => air(50_000));
  const seated = fc.constantFrom<PartyTypes>(
    party(['ADULT'], []),
    party(['ADULT', 'CHILD'], []),
    party(['ADULT', 'ADULT', 'INFANT'], []),
  );

  it('property: each seat chosen adds its price for its own traveller to their share, its ticket and the total, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        seated,
        fc.array(fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }), { minLength: 9, maxLength: 9 }),
        (n, types, picks) => {
          const r = result('flight', flights(n), n * 50_000);
          // Seat `<row>A` of each flight for each seated traveller (a row of their own), priced by the row and
          // otherwise for each traveller (a child's seat may cost less than an adult's).
          const price = (_leg: number, seat: string, t: number) => Number(seat.slice(0, -1)) * 100 + t * 1000;
          const seats = Array.from({ length: n }, (_, leg) => ({
            leg,
            seats: types.air.map((type, t) => {
              const pick = picks[(leg * 3 + t) % 9];
              return type === 'INFANT' || pick === null || pick === undefined ? null : `${pick * 2 + t + 1}A`;
            }),
          }));
          const extras: BookingExtras = { ...none, seats };
          expect(extrasProblem(r, types, extras)).toBeNull();
          const without = priceOrder({ result: r, types, extras: none, railServiceFeeMinor: 0 });
          const withSeats = priceOrder({ result: r, types, extras, railServiceFeeMinor: 0, seatPriceOf: price });
          const chosen = seats.flatMap((c) => c.seats.flatMap((s, t) => (s ? [price(c.leg, s, t)] : [])));
          const sum = chosen.reduce((a, b) => a + b, 0);
          expect(withSeats.breakdown.totalMinor - without.breakdown.totalMinor).toBe(sum);
          expect(withSeats.breakdown.extras).toEqual(
            chosen.length > 0 ? [{ kind: 'seat', count: chosen.length, totalMinor: sum }] : [],
          );
          expect(withSeats.breakdown.fares).toEqual(without.breakdown.fares);
          withSeats.tickets.forEach((ticket, k) => {
            ticket.travellers.forEach((share, t) => {
              const own = seats
                .filter((c) => ticket.legs.includes(c.leg))
                .reduce((s, c) => s + (c.seats[t] ? price(c.leg, c.seats[t] as string, t) : 0), 0);
              expect(share.priceMinor - (without.tickets[k]?.travellers[t]?.priceMinor ?? 0)).toBe(own);
            });
          });
          // The travellers' shares make the total.
          const shares = withSeats.tickets.flatMap((k) => k.travellers).reduce((s, x) => s + x.priceMinor, 0);
          expect(shares).toBe(withSeats.breakdown.totalMinor);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses seats on a leg that is not a flight, twice on one flight, twice the same, or for a lap infant', () => {
    const r = result('flight', flights(2), 100_000);
    const two = party(['ADULT', 'INFANT'], []);
    const problem = (seats: BookingExtras['seats']) => extrasProblem(r, two, { ...none, seats })?.error ?? null;
    expect(problem([{ leg: 0, seats: ['3A', null] }])).toBeNull();
    expect(problem([{ leg: 5, seats: ['3A'] }])).toBe('EXTRAS_INVALID');
    expect(
      problem([
        { leg: 0, seats: ['3A'] },
        { leg: 0, seats: ['4A'] },
      ]),
    ).toBe('EXTRAS_INVALID');
    expect(problem([{ leg: 0, seats: [null, '3B'] }])).toBe('EXTRAS_INVALID');
    expect(
      extrasProblem(r, party(['ADULT', 'ADULT'], []), { ...none, seats: [{ leg: 1, seats: ['3A', '3A'] }] })?.error,
    ).toBe('EXTRAS_INVALID');
  });
});
