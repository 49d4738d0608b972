import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SizedLru } from './sized-lru';

const op = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom('a', 'b', 'c', 'd', 'e'), size: fc.nat(12) }),
  fc.record({ kind: fc.constant('get' as const), key: fc.constantFrom('a', 'b', 'c', 'd', 'e') }),
);

describe('SizedLru', () => {
  it('keeps what it held within its bound, the least recently used going first, and the value just put always', () => {
    fc.assert(
      fc.property(fc.nat(30), fc.array(op, { maxLength: 60 }), (bound, ops) => {
        const lru = new SizedLru<string>(bound, (v) => v.length);
        // The model: keys from least to most recently used.
        let model: [string, string][] = [];
        for (const o of ops) {
          if (o.kind === 'get') {
            const known = model.find(([k]) => k === o.key);
            expect(lru.get(o.key)).toBe(known?.[1]);
            if (known) model = [...model.filter(([k]) => k !== o.key), known];
            continue;
          }
          const value = 'x'.repeat(o.size);
          lru.set(o.key, value);
          model = [...model.filter(([k]) => k !== o.key), [o.key, value]];
          let total = model.reduce((s, [, v]) => s + v.length, 0);
          while (total > bound && model.length > 1) {
            total -= (model[0] as [string, string])[1].length;
            model = model.slice(1);
          }
          expect(lru.size).toBe(model.length);
          expect(lru.get(o.key)).toBe(value);
        }
      }),
    );
  });
});
