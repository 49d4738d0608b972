import type { AppError, RailFeeTable } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { checkPrice } from './check-price';
import { domesticTrip, flightLeg, resultOf, trainLeg } from './create.test-support';

const fees: RailFeeTable = { onlinePerTicketMinor: 0, offlinePerTicketMinor: 2000, offlineByTrainType: {} };
const types = { air: ['ADULT' as const], rail: ['ADULT' as const] };
const extras = { rail: [], baggage: [] };
const errorOf = async (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e as AppError;
  }
  throw new Error('no error');
};

describe('checking the price of a new order', () => {
  const flight = resultOf('flight', [flightLeg(60_000)]);

  it('answers the price worked out now when it is the one the traveller saw', () => {
    const { priced } = checkPrice({
      result: flight,
      input: { extras, expected: { totalMinor: 60_000, baggageMinor: 0 } },
      types,
      trip: domesticTrip(false),
      ticketing: { link: 'none', fees },
      railServiceFeeMinor: 2000,
    });
    expect(priced.breakdown.totalMinor).toBe(60_000);
  });

  it('refuses a total that changed, with both amounts', async () => {
    const e = await errorOf(() =>
      checkPrice({
        result: flight,
        input: { extras, expected: { totalMinor: 55_000, baggageMinor: 0 } },
        types,
        trip: domesticTrip(false),
        ticketing: { link: 'none', fees },
        railServiceFeeMinor: 2000,
      }),
    );
    expect(e.code).toBe('PRICE_CHANGED');
    expect(e.extra.params).toEqual({ original: 55_000, latest: 60_000 });
  });

  it('issues rail tickets offline by default without a 12306 link, and refuses online ticketing without a live one', async () => {
    const train = resultOf('train', [trainLeg(55_300)]);
    const input = { extras, expected: { totalMinor: 57_300, baggageMinor: 0 } };
    const base = { result: train, input, types, trip: domesticTrip(true), railServiceFeeMinor: 2000 };
    expect(checkPrice({ ...base, ticketing: { link: 'none', fees } }).way).toBe('offline');
    const online = { ...input, railTicketing: 'online' as const };
    const unlinked = await errorOf(() => checkPrice({ ...base, input: online, ticketing: { link: 'none', fees } }));
    expect(unlinked.code).toBe('RAIL_NOT_LINKED');
    const expired = await errorOf(() => checkPrice({ ...base, input: online, ticketing: { link: 'expired', fees } }));
    expect(expired.code).toBe('RAIL_SESSION_EXPIRED');
  });
});
