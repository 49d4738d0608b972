import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SharedParts } from './shared-parts';

const money = (amount: number, currency = 'CNY') => ({ amount, currency });
const name = (en: string, zh: string) => ({ en, 'zh-CN': zh });
const beijing = () => ({ id: 9406, name: name('Beijing', '北京') });
const pek = (terminal?: string) => ({
  placeId: 2941,
  code: 'PEK',
  name: name('Beijing Capital International Airport', '北京首都国际机场'),
  city: beijing(),
  kind: 'airport',
  ...(terminal ? { terminal } : {}),
  lat: 40.0801,
  lon: 116.585,
});
const flight = (amount: number, terminal?: string) => ({
  id: `F:${amount}`,
  kind: 'flight',
  price: money(amount),
  legs: [{ kind: 'air', carrierName: name('Air China', '中国国际航空'), from: pek(terminal), price: money(amount) }],
  sellers: [{ supplier: 'skyway', name: name('SkyWay Travel', '天途旅行'), price: money(amount) }],
});

/**
 * Values shaped like results from a small vocabulary, so that equal parts, near-equal ones (a key more, keys in
 * another order, a number as text) and ones under the same place number come up often.
 */
const key = fc.constantFrom('amount', 'currency', 'en', 'zh-CN', 'placeId', 'id', 'name', 'terminal', 'lat', 'legs');
const { value: resultValue } = fc.letrec<{ value: unknown; object: Record<string, unknown> }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(0, 1, -0, 2.5, 9406, 'CNY', 'USD', '1', 'Beijing', '北京', '', true, false, null),
    tie('object'),
    fc.array(tie('value'), { maxLength: 3 }),
  ),
  object: fc.oneof(
    fc.record({ amount: fc.constantFrom(0, 100, 250), currency: fc.constantFrom('CNY', 'USD') }),
    fc.record({ currency: fc.constantFrom('CNY'), amount: fc.constantFrom(0, 100) }),
    fc.record({ en: fc.constantFrom('Beijing', 'Xidan'), 'zh-CN': fc.constantFrom('北京', '西单') }),
    fc.record({ 'zh-CN': fc.constantFrom('北京'), en: fc.constantFrom('Beijing') }),
    fc.record(
      { placeId: fc.constantFrom(1, 2), id: fc.constantFrom(1, 2), name: tie('value'), terminal: tie('value') },
      { requiredKeys: [] },
    ),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
}));
const answer = fc.array(resultValue, { maxLength: 6 });

describe('shared parts of results', () => {
  it('leave every answer exactly as it was, whatever its parts and however many answers share them', () => {
    fc.assert(
      fc.property(fc.array(answer, { minLength: 1, maxLength: 5 }), fc.integer({ min: 0, max: 30 }), (answers, max) => {
        const parts = new SharedParts(max);
        const texts = answers.map((a) => JSON.stringify(a));
        const shared = texts.map((t) => parts.share(JSON.parse(t) as unknown[]));
        // Each answer reads as its own text, after all of them were shared (a part shared later changes none).
        expect(shared.map((a) => JSON.stringify(a))).toEqual(texts);
      }),
      { numRuns: 1000 },
    );
  });

  it('makes equal sums, names and places of different answers one frozen object', () => {
    const parts = new SharedParts();
    const [a] = parts.share([flight(110_500, 'T3')]);
    const [b] = parts.share(JSON.parse(JSON.stringify([flight(110_500, 'T3')])) as ReturnType<typeof flight>[]);
    expect(b).not.toBe(a);
    expect(b?.price).toBe(a?.price);
    expect(b?.legs[0]?.price).toBe(a?.price);
    expect(b?.sellers[0]?.price).toBe(a?.price);
    expect(b?.legs[0]?.from).toBe(a?.legs[0]?.from);
    expect(b?.legs[0]?.from.city).toBe(a?.legs[0]?.from.city);
    expect(b?.legs[0]?.carrierName).toBe(a?.legs[0]?.carrierName);
    expect(Object.isFrozen(a?.price)).toBe(true);
    expect(() => {
      (a?.price as { amount: number }).amount = 1;
    }).toThrow(TypeError);
    expect(a?.price.amount).toBe(110_500);
  });

  it('keeps apart parts that differ in a value, a key or the order of their keys', () => {
    const parts = new SharedParts();
    const [withTerminal, without, dearer] = parts.share([
      flight(110_500, 'T3'),
      flight(110_500),
      flight(120_000, 'T3'),
    ]);
    expect(without?.legs[0]?.from).not.toBe(withTerminal?.legs[0]?.from);
    expect(without?.legs[0]?.from).not.toHaveProperty('terminal');
    expect(withTerminal?.legs[0]?.from.terminal).toBe('T3');
    expect(dearer?.price).not.toBe(withTerminal?.price);
    expect(dearer?.legs[0]?.from).toBe(withTerminal?.legs[0]?.from);
    const [first, reordered, otherCurrency] = parts.share([
      money(100),
      { currency: 'CNY', amount: 100 },
      money(100, 'USD'),
    ]);
    expect(reordered).not.toBe(first);
    expect(JSON.stringify(reordered)).toBe('{"currency":"CNY","amount":100}');
    expect(otherCurrency).not.toBe(first);
    expect(otherCurrency?.currency).toBe('USD');
    const [city, cityReordered] = parts.share([beijing(), { name: name('Beijing', '北京'), id: 9406 }]);
    expect(cityReordered).not.toBe(city);
    expect(JSON.stringify(cityReordered)).toBe('{"name":{"en":"Beijing","zh-CN":"北京"},"id":9406}');
  });

  it('starts its tables afresh past its bound, and parts shared before stay as they are', () => {
    const parts = new SharedParts(3);
    const before = parts.share([flight(100)]);
    // A sum, four names, a city and an airport.
    expect(parts.size).toBe(7);
    const after = parts.share([flight(100)]);
    expect(parts.size).toBe(7);
    expect(after[0]?.price).not.toBe(before[0]?.price);
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
  });
});
