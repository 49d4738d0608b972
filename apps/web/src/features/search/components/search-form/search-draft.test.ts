import { packSearchLink, TRIP_TYPES, unpackSearchLink } from '@junction/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { BEIJING, PVG, pickedPlace, SHANGHAI } from '../../../../testing/search-fixtures';
import type { PickedPlace } from '../../../../widgets/place-picker/place-picker';
import {
  checkDraft,
  defaultDraft,
  fromCriteria,
  loadLastSearch,
  type SearchDraft,
  saveLastSearch,
  toCriteria,
  withNewLeg,
  withTripType,
} from './search-draft';

const TODAY = '2026-11-22';
const CHENGDU = pickedPlace(9600, 'Chengdu', 'CTU');

function oneWay(patch: Partial<SearchDraft> = {}): SearchDraft {
  const d = defaultDraft(TODAY);
  return { ...d, legs: [{ id: 'a', from: BEIJING, to: SHANGHAI, date: '2026-11-29' }], ...patch };
}

afterEach(() => localStorage.clear());

describe('checkDraft', () => {
  it('asks for both places of every leg in use', () => {
    const d = defaultDraft(TODAY);
    expect(checkDraft(d, TODAY)?.legs).toEqual([{ from: 'FROM_REQUIRED', to: 'TO_REQUIRED' }]);
  });

  it('refuses the same city at both ends, also as a city and one of its airports', () => {
    expect(
      checkDraft(oneWay({ legs: [{ id: 'a', from: SHANGHAI, to: PVG, date: '2026-11-29' }] }), TODAY)?.legs[0],
    ).toEqual({ to: 'SAME_PLACE' });
  });

  it('refuses past dates and a return before departure', () => {
    expect(
      checkDraft(oneWay({ legs: [{ id: 'a', from: BEIJING, to: SHANGHAI, date: '2026-11-21' }] }), TODAY)?.legs[0],
    ).toEqual({ date: 'DATE_IN_PAST' });
    const round = oneWay({ type: TRIP_TYPES.ROUND_TRIP, returnDate: '2026-11-28' });
    expect(checkDraft(round, TODAY)?.legs[0]).toEqual({ date: 'RETURN_BEFORE_DEPARTURE' });
    expect(checkDraft({ ...round, returnDate: undefined }, TODAY)?.legs[0]).toEqual({ date: 'RETURN_REQUIRED' });
  });

  it('refuses a later leg that departs before the previous one', () => {
    const d: SearchDraft = {
      ...oneWay(),
      type: TRIP_TYPES.MULTI_CITY,
      legs: [
        { id: 'a', from: BEIJING, to: SHANGHAI, date: '2026-12-05' },
        { id: 'b', from: SHANGHAI, to: CHENGDU, date: '2026-12-04' },
      ],
    };
    expect(checkDraft(d, TODAY)?.legs).toEqual([{}, { date: 'LEG_ORDER' }]);
    expect(checkDraft({ ...d, legs: [d.legs[0] as never, { ...d.legs[1], date: '2026-12-05' } as never] }, TODAY)).toBe(
      null,
    );
  });

  it('passes travellers through the domain rule', () => {
    expect(checkDraft(oneWay({ adults: 1, children: 3 }), TODAY)?.travellers).toBe('TOO_MANY_CHILDREN');
    expect(checkDraft(oneWay({ adults: 5, children: 5 }), TODAY)?.travellers).toBe('TOO_MANY_TRAVELLERS');
    expect(checkDraft(oneWay(), TODAY)).toBe(null);
  });
});

describe('toCriteria', () => {
  it('writes places as base-35 place codes, dates as yyyy/MM/dd and keeps the only-this flags', () => {
    const c = toCriteria(
      oneWay({
        type: TRIP_TYPES.ROUND_TRIP,
        returnDate: '2026-12-03',
        legs: [{ id: 'a', from: BEIJING, to: PVG, date: '2026-11-29' }],
        cabin: 'C',
        adults: 2,
        infants: 1,
        mode: 'flight',
        flexDays: 2,
      }),
    );
    expect(c).toEqual({
      type: 2,
      cabin: 'C',
      adults: 2,
      children: 0,
      infants: 1,
      sort: 'best',
      mode: 'flight',
      flexDays: 2,
      filters: {},
      legs: [
        {
          departure: '07NR',
          destination: '02EA',
          departure_date: '2026/11/29',
          return_date: '2026/12/03',
          departure_only_airport: false,
          destination_only_airport: true,
          departureName: 'Beijing',
          destinationName: 'Shanghai Pudong International Airport',
          departureCityCode: 'BJS',
          destinationCityCode: 'SHA',
        },
      ],
    });
  });

  it('gives multi-city legs the names shown below the places (spec §3), and other trips none', () => {
    const below = (p: PickedPlace, belowName: string): PickedPlace => ({ ...p, belowName });
    const legs = [
      { id: 'a', from: below(BEIJING, 'China'), to: below(PVG, 'Shanghai'), date: '2026-11-29' },
      { id: 'b', from: below(PVG, 'Shanghai'), to: below(CHENGDU, 'China'), date: '2026-12-02' },
    ];
    const multi = toCriteria(oneWay({ type: TRIP_TYPES.MULTI_CITY, legs }));
    expect(multi.legs.map((l) => [l.departureBelowName, l.destinationBelowName])).toEqual([
      ['China', 'Shanghai'],
      ['Shanghai', 'China'],
    ]);
    expect(fromCriteria(multi)?.legs.map((l) => l.to?.belowName)).toEqual(['Shanghai', 'China']);
    const single = toCriteria(oneWay({ legs: legs.slice(0, 1) }));
    expect(single.legs[0]).not.toHaveProperty('departureBelowName');
  });

  it('uses only the first leg for a one-way trip even when multi-city legs are kept', () => {
    const d = withTripType(withTripType(oneWay(), TRIP_TYPES.MULTI_CITY, TODAY), TRIP_TYPES.ONE_WAY, TODAY);
    expect(d.legs).toHaveLength(2);
    expect(toCriteria(d).legs).toHaveLength(1);
  });

  it('round-trips through the search link and back into a draft', () => {
    const d = oneWay({ legs: [{ id: 'a', from: BEIJING, to: PVG, date: '2026-11-29' }], children: 1 });
    const back = fromCriteria(unpackSearchLink(packSearchLink(toCriteria(d))) ?? toCriteria(d));
    expect(back && toCriteria(back)).toEqual(toCriteria(d));
  });
});

describe('trip type and legs', () => {
  it('a multi-city trip starts with two legs, the second leaving where the first arrives', () => {
    const d = withTripType(oneWay(), TRIP_TYPES.MULTI_CITY, TODAY);
    expect(d.legs).toHaveLength(2);
    expect(d.legs[1]).toMatchObject({ from: SHANGHAI, date: '2026-12-02' });
  });

  it('adds legs up to the limit', () => {
    let d = withTripType(oneWay(), TRIP_TYPES.MULTI_CITY, TODAY);
    for (let i = 0; i < 10; i++) d = withNewLeg(d, TODAY);
    expect(d.legs).toHaveLength(5);
  });

  it('a round trip gets a return date after departure', () => {
    expect(withTripType(oneWay(), TRIP_TYPES.ROUND_TRIP, TODAY).returnDate).toBe('2026-12-02');
  });
});

describe('the last search', () => {
  it('is remembered and moves past dates a week ahead, keeping the gaps', () => {
    saveLastSearch(
      oneWay({
        type: TRIP_TYPES.ROUND_TRIP,
        legs: [{ id: 'a', from: BEIJING, to: SHANGHAI, date: '2026-11-29' }],
        returnDate: '2026-12-02',
        adults: 2,
      }),
    );
    expect(loadLastSearch('2026-11-25')).toMatchObject({ legs: [{ from: BEIJING, date: '2026-11-29' }], adults: 2 });
    const later = loadLastSearch('2026-12-10');
    expect(later?.legs[0]?.date).toBe('2026-12-17');
    expect(later?.returnDate).toBe('2026-12-20');
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('last_search', '{"value":{"legs":"x"},"expiresAt":null}');
    expect(loadLastSearch(TODAY)).toBe(null);
  });
});
