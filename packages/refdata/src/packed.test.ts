import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodeColumn, Codes, Groups, groupBy, PackedStrings } from './packed';

const texts = fc.array(fc.oneof(fc.string(), fc.constant(''), fc.string({ unit: 'grapheme' })), { maxLength: 60 });

describe('packed columns', () => {
  it('give every string back as it was, empty ones included, and tell the empty ones apart', () => {
    fc.assert(
      fc.property(texts, (list) => {
        const packed = PackedStrings.of(list);
        expect(packed.length).toBe(list.length);
        expect(list.map((_, i) => packed.get(i))).toEqual(list);
        expect(list.map((_, i) => packed.isEmpty(i))).toEqual(list.map((s) => s === ''));
      }),
    );
  });

  it('find where a key would go among sorted strings, as a binary search over the plain list does', () => {
    fc.assert(
      fc.property(texts, fc.string(), (list, key) => {
        const sorted = [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        const expected = sorted.findIndex((s) => s >= key);
        expect(PackedStrings.of(sorted).lowerBound(key)).toBe(expected < 0 ? sorted.length : expected);
      }),
    );
  });

  it('hold repeated codes as indexes and give the same code back for every row', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('BJS', 'SHA', '', 'CN', 'US'), { maxLength: 80 }), (list) => {
        const column = CodeColumn.of(list);
        expect(list.map((_, i) => column.get(i))).toEqual(list);
        for (const [i, s] of list.entries()) expect(column.at(i)).toBe(column.indexOf(s));
        expect(column.indexOf('nowhere')).toBe(-1);
      }),
    );
  });

  it('group ids by key, each group in the order of its ids, and give nothing for a key no id has', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 30_000_000 }), { maxLength: 80 }), (keys) => {
        const groups = new Groups(keys);
        for (const key of new Set(keys)) {
          const ids = keys.flatMap((k, id) => (k === key ? [id] : []));
          expect([...groups.get(key)]).toEqual(ids);
        }
        expect([...groups.get(30_000_001)]).toEqual([]);
      }),
    );
  });

  it('group ids given in another order (or only some of them) in that order', () => {
    const keysAndOrder = fc
      .array(fc.integer({ min: 0, max: 4 }), { maxLength: 60 })
      .chain((keys) =>
        fc.tuple(fc.constant(keys), fc.shuffledSubarray([...keys.keys()], { minLength: Math.min(1, keys.length) })),
      );
    fc.assert(
      fc.property(keysAndOrder, ([keys, order]) => {
        const groups = new Groups(keys, order);
        for (let key = 0; key <= 4; key++) expect([...groups.get(key)]).toEqual(order.filter((id) => keys[id] === key));
      }),
    );
  });

  it('number codes in the order they are first met, and find only those met', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('PEK', 'SHA', 'CAN', ''), { maxLength: 40 }), (list) => {
        const codes = new Codes();
        const ids = list.map((c) => codes.idOf(c));
        expect(codes.list).toEqual([...new Set(list)]);
        expect(ids).toEqual(list.map((c) => codes.list.indexOf(c)));
        expect(codes.size).toBe(new Set(list).size);
        expect(codes.find('XIY')).toBeUndefined();
      }),
    );
  });

  it('group ids by a key of a range, each group in the order the ids were given', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 6 })
          .chain((groups) =>
            fc.tuple(
              fc.constant(groups),
              fc.uniqueArray(fc.nat(200), { maxLength: 60 }),
              fc.array(fc.nat(groups - 1), { minLength: 201, maxLength: 201 }),
            ),
          ),
        ([groups, ids, keys]) => {
          const { start, ids: grouped } = groupBy(ids, (id) => keys[id] as number, groups);
          expect(start.length).toBe(groups + 1);
          for (let g = 0; g < groups; g++)
            expect([...grouped.subarray(start[g], start[g + 1])]).toEqual(ids.filter((id) => keys[id] === g));
        },
      ),
    );
  });
});
