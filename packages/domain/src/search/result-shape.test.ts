import { describe, expect, it } from 'vitest';
import { cnyPriceOf, legTrainType, minutesOfDay, placeCodeShown, shiftRequestDate, trainGroupOf } from './result-shape';
import type { ResultLeg, SearchResult } from './search.schema';

describe('result shape', () => {
  it('reads the local time of day printed on the ticket, whatever the offset', () => {
    expect(minutesOfDay('2030-05-01T01:30:00+09:00')).toBe(90);
    expect(minutesOfDay('2030-05-01T23:40:00-07:00')).toBe(23 * 60 + 40);
  });

  it('moves request dates across months', () => {
    expect(shiftRequestDate('2030/05/31', 1)).toBe('2030/06/01');
    expect(shiftRequestDate('2030/03/01', -1)).toBe('2030/02/28');
    expect(() => shiftRequestDate('2030-03-01', 1)).toThrow(RangeError);
  });

  it('compares prices in CNY hundredths through the rates', () => {
    const dollars = { price: { amount: 10_000, currency: 'USD' } } as SearchResult;
    const yuan = { price: { amount: 10_000, currency: 'CNY' } } as SearchResult;
    expect(cnyPriceOf({ 'USD:CNY': 7.1 })(dollars)).toBe(71_000);
    expect(cnyPriceOf({ 'USD:CNY': 7.1 })(yuan)).toBe(10_000);
    expect(cnyPriceOf(undefined)(dollars)).toBe(10_000);
  });

  it('groups trains by the letter of their type or number', () => {
    const train = (number: string, trainType?: string) => ({ kind: 'land', number, trainType }) as ResultLeg;
    expect(trainGroupOf(legTrainType(train('G123')))).toBe('GC');
    expect(trainGroupOf(legTrainType(train('123', 'K')))).toBe('ZTK');
    expect(legTrainType({ kind: 'air', number: 'CA1' } as ResultLeg)).toBeUndefined();
  });
});

describe('the code after a place name', () => {
  const point = (kind: 'airport' | 'station' | 'metro' | 'address', code: string, terminal?: string) => ({
    kind,
    code,
    ...(terminal ? { terminal } : {}),
  });
  it('is an airport’s code with its terminal, and nothing after a station', () => {
    expect(placeCodeShown(point('airport', 'PEK', 'T3'))).toBe('PEK T3');
    expect(placeCodeShown(point('airport', 'PKX'))).toBe('PKX');
    expect(placeCodeShown(point('station', 'VNP'))).toBe('');
    expect(placeCodeShown(point('metro', ''))).toBe('');
  });
});
