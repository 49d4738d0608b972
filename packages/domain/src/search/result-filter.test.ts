import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameInBoth } from '../text';
import {
  activeFilterCount,
  facetOptions,
  facetValues,
  filterResults,
  NO_FILTERS,
  onlyOption,
  rangeBounds,
  toggleOption,
} from './result-filter';
import type { LegPoint, ResultLeg, SearchResult } from './search.schema';

const point = (code: string, kind: LegPoint['kind'] = 'airport'): LegPoint => ({
  code,
  name: sameInBoth(code),
  kind,
  lat: 0,
  lon: 0,
});

function leg(kind: ResultLeg['kind'], from: string, to: string, extra: Partial<ResultLeg> = {}): ResultLeg {
  return {
    kind,
    carrier: kind === 'land' ? 'CR' : kind === 'air' ? 'CA' : '',
    carrierName: sameInBoth(kind === 'land' ? 'China Railway' : kind === 'air' ? 'Air China' : ''),
    number: kind === 'land' ? 'G1' : 'CA1501',
    from: point(from, kind === 'land' ? 'station' : 'airport'),
    to: point(to, kind === 'land' ? 'station' : 'airport'),
    departureTime: '2030-05-01T08:00:00+08:00',
    arrivalTime: '2030-05-01T10:00:00+08:00',
    durationMinutes: 120,
    price: { amount: 10_000, currency: 'CNY' },
    separateTicket: false,
    ...extra,
  };
}

function result(id: string, legs: ResultLeg[], p: Partial<SearchResult> = {}): SearchResult {
  return {
    id,
    kind: legs.every((l) => l.kind === 'land') ? 'train' : legs.every((l) => l.kind === 'air') ? 'flight' : 'mix',
    price: { amount: 50_000, currency: 'CNY' },
    departureTime: legs[0]?.departureTime ?? '2030-05-01T08:00:00+08:00',
    arrivalTime: legs[legs.length - 1]?.arrivalTime ?? '2030-05-01T10:00:00+08:00',
    durationMinutes: 120,
    transfers: Math.max(0, legs.filter((l) => l.kind === 'air' || l.kind === 'land').length - 1),
    date: '2030/05/01',
    legs,
    bounds: [],
    agent: 'own',
    sellers: [],
    fees: { cancelBefore: null, cancelAfter: null, changeBefore: null, changeAfter: null, free24h: false },
    ...p,
  };
}

const priceOf = (r: SearchResult) => r.price.amount;
const ids = (rs: SearchResult[]) => rs.map((r) => r.id);

const direct = result('direct', [leg('air', 'PEK', 'SHA', { cabin: 'Y', aircraftClass: 'narrow-body' })]);
const oneStop = result(
  'one-stop',
  [
    leg('air', 'PKX', 'CAN', { carrier: 'CZ', carrierName: sameInBoth('China Southern'), cabin: 'C' }),
    leg('air', 'CAN', 'PVG', { carrier: 'CZ', carrierName: sameInBoth('China Southern'), cabin: 'C' }),
  ],
  { price: { amount: 30_000, currency: 'CNY' }, durationMinutes: 400, departureTime: '2030-05-01T19:30:00+08:00' },
);
const train = result('train', [
  leg('land', 'BJP', 'AOH', {
    trainType: 'G',
    seats: [
      { code: 'O', price: { amount: 55_300, currency: 'CNY' }, remaining: 20 },
      { code: 'M', price: { amount: 93_000, currency: 'CNY' }, remaining: 0 },
    ],
  }),
]);
const slowTrain = result('slow-train', [leg('land', 'BJP', 'SHH', { trainType: 'K', number: 'K101' })], {
  durationMinutes: 900,
});
const door = result(
  'door',
  [
    leg('taxi', '', 'PEK'),
    leg('air', 'PEK', 'SHA', { cabin: 'Y' }),
    leg('subway', 'SHA', 'AOH'),
    leg('land', 'AOH', 'HZH', { trainType: 'D', number: 'D1' }),
  ],
  { price: { amount: 90_000, currency: 'CNY' } },
);
const all = [direct, oneStop, train, slowTrain, door];

describe('result filters', () => {
  it('reads each facet off a result; ground legs add nothing', () => {
    expect(facetValues(door, 'kinds')).toEqual(['mix']);
    expect(facetValues(door, 'stops')).toEqual(['1']);
    expect(facetValues(door, 'carriers')).toEqual(['CA', 'CR']);
    expect(facetValues(door, 'departurePlaces')).toEqual(['PEK']);
    expect(facetValues(door, 'arrivalPlaces')).toEqual(['HZH']);
    expect(facetValues(door, 'trainGroups')).toEqual(['D']);
    expect(facetValues(slowTrain, 'trainGroups')).toEqual(['ZTK']);
    expect(facetValues(train, 'seats')).toEqual(['O', 'M']);
    expect(facetValues(direct, 'aircraft')).toEqual(['narrow-body']);
  });

  it('takes a train’s seat classes for the seat filter, never the cabins a flight lists', () => {
    const cabins = [{ code: 'C', price: { amount: 330_000, currency: 'CNY' as const }, remaining: 4 }];
    const flight = result('cabins', [leg('air', 'PEK', 'SHA', { cabin: 'Y', seats: cabins })]);
    expect(facetValues(flight, 'seats')).toEqual([]);
  });

  it('gives a journey whose flights are in different cabins the cabin mixed, and filters it as one', () => {
    const mixed = result('mixed', [leg('air', 'PEK', 'CAN', { cabin: 'C' }), leg('air', 'CAN', 'SZX', { cabin: 'M' })]);
    expect(facetValues(mixed, 'cabins')).toEqual(['mixed']);
    expect(facetValues(oneStop, 'cabins')).toEqual(['C']);
    expect(facetValues(train, 'cabins')).toEqual([]);
    const noMixed = toggleOption(NO_FILTERS, 'cabins', 'mixed', false);
    expect(ids(filterResults([...all, mixed], noMixed, priceOf))).toEqual(ids(all));
    const businessOnly = onlyOption(NO_FILTERS, 'cabins', 'C', ['Y', 'C', 'mixed']);
    expect(ids(filterResults([...all, mixed], businessOnly, priceOf))).toEqual(['one-stop', 'train', 'slow-train']);
  });

  it('hides results with a stop count the traveller unticked', () => {
    const f = toggleOption(NO_FILTERS, 'stops', '1', false);
    expect(ids(filterResults(all, f, priceOf))).toEqual(['direct', 'train', 'slow-train']);
  });

  it('keeps a result only when every airline or railway on it is ticked', () => {
    const f = toggleOption(NO_FILTERS, 'carriers', 'CR', false);
    expect(ids(filterResults(all, f, priceOf))).toEqual(['direct', 'one-stop']);
  });

  it('restricts train types without hiding flights, which have none', () => {
    const f = onlyOption(NO_FILTERS, 'trainGroups', 'GC', ['GC', 'D', 'ZTK']);
    expect(ids(filterResults(all, f, priceOf))).toEqual(['direct', 'one-stop', 'train']);
  });

  it('keeps a train while any ticked seat class is offered on it', () => {
    expect(ids(filterResults([train], toggleOption(NO_FILTERS, 'seats', 'M', false), priceOf))).toEqual(['train']);
    const noSecond = toggleOption(toggleOption(NO_FILTERS, 'seats', 'O', false), 'seats', 'M', false);
    expect(filterResults([train], noSecond, priceOf)).toEqual([]);
  });

  it('filters by departure time window, price, trip time and date', () => {
    expect(ids(filterResults(all, { ...NO_FILTERS, departureMinutes: [18 * 60, 24 * 60] }, priceOf))).toEqual([
      'one-stop',
    ]);
    expect(ids(filterResults(all, { ...NO_FILTERS, price: [0, 40_000] }, priceOf))).toEqual(['one-stop']);
    expect(ids(filterResults(all, { ...NO_FILTERS, maxDurationMinutes: 500 }, priceOf))).not.toContain('slow-train');
    expect(filterResults(all, { ...NO_FILTERS, date: '2030/05/02' }, priceOf)).toEqual([]);
  });

  it('counts each option under every other filter but not its own', () => {
    const f = toggleOption({ ...NO_FILTERS, price: [0, 60_000] }, 'stops', '0', false);
    const stops = Object.fromEntries(facetOptions(all, f, 'stops', priceOf).map((o) => [o.value, o.count]));
    // The direct ones still count (as if ticked again); the dearer door-to-door plan is priced out.
    expect(stops).toEqual({ '0': 3, '1': 1 });
  });

  it('gives slider ends and counts active filters', () => {
    expect(rangeBounds(all, priceOf)).toEqual({ price: [30_000, 90_000], duration: [120, 900] });
    expect(rangeBounds([], priceOf)).toBeNull();
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    const f = toggleOption({ ...NO_FILTERS, price: [1, 2], date: '2030/05/01' }, 'cabins', 'C', false);
    expect(activeFilterCount(f)).toBe(3);
    expect(activeFilterCount(toggleOption(f, 'cabins', 'C', true))).toBe(2);
  });
});

describe('the airlines a filter offers', () => {
  it('are exactly the carriers riding in the results, each with the results it would show', () => {
    const carriers = ['CA', 'MU', 'CZ', 'KE', 'CR'];
    const drawn = fc.array(fc.array(fc.constantFrom(...carriers), { minLength: 1, maxLength: 3 }), { maxLength: 12 });
    fc.assert(
      fc.property(drawn, (journeys) => {
        const results = journeys.map((rides, i) =>
          result(
            `r${i}`,
            rides.map((carrier) => leg(carrier === 'CR' ? 'land' : 'air', 'AAA', 'BBB', { carrier })),
          ),
        );
        const offered = facetOptions(results, NO_FILTERS, 'carriers', priceOf);
        expect(new Set(offered.map((o) => o.value))).toEqual(new Set(journeys.flat()));
        for (const o of offered) expect(o.count).toBe(journeys.filter((rides) => rides.includes(o.value)).length);
      }),
    );
  });
});
