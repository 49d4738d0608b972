import { type SearchResult, searchResultSchema } from '@junction/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContractError, checkedResult } from './result-contract';

const money = (amount: number) => ({ amount, currency: 'CNY' });
const text = (en: string, zh: string) => ({ en, 'zh-CN': zh });

/** A result with every kind of part the contract names: optional ones, nullable fees, a metro stop and a door. */
const base = (): Record<string, unknown> => ({
  id: 'D:1',
  kind: 'mix',
  price: money(123_400),
  departureTime: '2026-12-12T07:29:00+08:00',
  arrivalTime: '2026-12-12T13:05:00+08:00',
  durationMinutes: 336,
  transfers: 1,
  date: '2026/12/12',
  legs: [
    {
      kind: 'subway',
      carrier: 'METRO',
      carrierName: text('Line 4', '4号线'),
      number: 'L4',
      from: { code: '', name: text('Xidan', '西单'), kind: 'metro', lat: 39.907, lon: 116.374 },
      to: {
        placeId: 12,
        code: 'VNP',
        name: text('Beijing South', '北京南'),
        city: { id: 9406, name: text('Beijing', '北京') },
        kind: 'station',
        lat: 39.865,
        lon: 116.379,
      },
      departureTime: '2026-12-12T07:29:00+08:00',
      arrivalTime: '2026-12-12T07:50:00+08:00',
      durationMinutes: 21,
      price: money(400),
    },
    {
      kind: 'air',
      carrier: 'CZ',
      carrierName: text('China Southern Airlines', '中国南方航空'),
      number: 'CZ3802',
      from: {
        placeId: 2941,
        code: 'PEK',
        name: text('Beijing Capital', '北京首都'),
        city: { id: 9406, name: text('Beijing', '北京') },
        kind: 'airport',
        terminal: 'T2',
        lat: 40.08,
        lon: 116.585,
      },
      to: { code: '', name: text('1 Century Avenue', '世纪大道1号'), kind: 'address', lat: 31.2, lon: 121.5 },
      departureTime: '2026-12-12T09:00:00+08:00',
      arrivalTime: '2026-12-12T13:05:00+08:00',
      durationMinutes: 245,
      cabin: 'Y',
      aircraft: text('COMAC C919', '中国商飞C919'),
      aircraftClass: 'narrow-body',
      seats: [{ code: 'Y', price: money(99_100), remaining: 15 }],
      soldOut: false,
      baggage: { carryOn: { pieces: 1, kg: 7 }, checked: { pieces: 1, kg: 20, extraPrice: money(30_000) } },
      price: money(123_000),
      separateTicket: true,
    },
  ],
  bounds: [{ start: 0, end: 2 }],
  agent: 'combined',
  seller: text('Junction', '联程'),
  sellers: [{ supplier: 'asiajet', name: text('AsiaJet Connect', '亚捷联程'), price: money(123_400) }],
  fees: { cancelBefore: money(14_900), cancelAfter: null, changeBefore: null, changeAfter: money(0), free24h: true },
  selfTransferMinutes: 75,
});

/** Every place in a JSON value where a key can be set or dropped: its objects, with their paths. */
function objectsOf(value: unknown, path: string[] = []): { path: string[]; keys: string[] }[] {
  if (value === null || typeof value !== 'object') return [];
  const own = Array.isArray(value) ? [] : [{ path, keys: Object.keys(value) }];
  return [...own, ...Object.entries(value).flatMap(([k, v]) => objectsOf(v, [...path, k]))];
}

const at = (root: unknown, path: string[]): Record<string, unknown> =>
  path.reduce((o, k) => (o as Record<string, unknown>)[k], root) as Record<string, unknown>;

/** A change a supplier's bug could make: a key dropped, a value of another kind, or a key the contract does not name. */
const oddValue = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY, 1.5, -1, '', 'T3', 'CNY', 'XXX', '2026/1/1'),
);
const changeArb = fc.record({
  at: fc.nat(),
  key: fc.nat(),
  how: fc.constantFrom('drop', 'set', 'add'),
  value: oddValue,
  name: fc.constantFrom('extra', 'internalCost', '__proto__x', 'legs2'),
});

function changed(changes: { at: number; key: number; how: string; value: unknown; name: string }[]) {
  const result = base();
  for (const c of changes) {
    const objects = objectsOf(result);
    const target = objects[c.at % objects.length] as { path: string[]; keys: string[] };
    const object = at(result, target.path);
    const key = target.keys[c.key % Math.max(1, target.keys.length)];
    // A copy: the check changes what it is given, and fast-check gives the same values again as it shrinks.
    const value = structuredClone(c.value);
    if (c.how === 'add' || key === undefined) object[c.name] = value;
    else if (c.how === 'drop') delete object[key];
    else object[key] = value;
  }
  return result;
}

describe('the contract check of suppliers’ results', () => {
  it('passes a whole result as it is, filling in a default the supplier left out', () => {
    const result = base();
    delete (at(result, ['legs', '0']) as { separateTicket?: boolean }).separateTicket;
    const checked = checkedResult(result);
    expect(checked).toBe(result);
    expect(checked.legs[0]?.separateTicket).toBe(false);
    expect(checked).toEqual(searchResultSchema.parse(base()));
  });

  it('drops keys the contract does not name, at every depth', () => {
    const result = base();
    result.internalCost = 5;
    (at(result, ['legs', '1', 'from']) as Record<string, unknown>).gate = 'A12';
    (at(result, ['fees']) as Record<string, unknown>).note = 'x';
    const checked = checkedResult(result) as SearchResult & Record<string, unknown>;
    expect(checked.internalCost).toBeUndefined();
    expect(checked.legs[1]?.from).not.toHaveProperty('gate');
    expect(checked.fees).not.toHaveProperty('note');
  });

  it('fails a result with a wrong price, kind or date, saying where', () => {
    const wrongPrice = base();
    (wrongPrice.price as { amount: number }).amount = 12.5;
    expect(() => checkedResult(wrongPrice)).toThrow(ContractError);
    expect(() => checkedResult(wrongPrice)).toThrow(/price\/amount/);
    expect(() => checkedResult({ ...base(), kind: 'bus' })).toThrow(ContractError);
    expect(() => checkedResult({ ...base(), date: '2026-12-12' })).toThrow(/date/);
    const notANumber = base();
    (at(notANumber, ['legs', '0', 'from']) as { lat: number }).lat = Number.NaN;
    expect(() => checkedResult(notANumber)).toThrow(/lat/);
    expect(() => checkedResult(null)).toThrow(ContractError);
  });

  it('accepts exactly what parsing with the domain schema accepts, and gives the same result', () => {
    fc.assert(
      fc.property(fc.array(changeArb, { minLength: 1, maxLength: 4 }), (changes) => {
        const parsed = searchResultSchema.safeParse(changed(changes));
        let checked: SearchResult | undefined;
        let failure = '';
        try {
          checked = checkedResult(changed(changes));
        } catch (error) {
          expect(error).toBeInstanceOf(ContractError);
          failure = String(error);
        }
        expect(checked !== undefined, failure || JSON.stringify(parsed.error?.issues)).toBe(parsed.success);
        if (checked && parsed.success) expect(checked).toEqual(parsed.data);
      }),
      { numRuns: 2000 },
    );
  });
});
