import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitTax } from './invoice-tax';

describe('splitTax', () => {
  it('takes the tax out of a tax-inclusive amount, half up to the fen', () => {
    // 30.00 at 6 %: 30 × 0.06 / 1.06 = 1.6981… → 1.70
    expect(splitTax(3000, 600)).toEqual({ netMinor: 2830, taxMinor: 170 });
    // 553.00 at 9 %: 45.660… → 45.66
    expect(splitTax(55300, 900)).toEqual({ netMinor: 50734, taxMinor: 4566 });
    // exactly half a fen rounds up: 0.53 at 6 % = 0.03 exactly? 53·600/10600 = 3.0 → 3; 0.09 at 6 % = 0.509… → 1
    expect(splitTax(9, 600)).toEqual({ netMinor: 8, taxMinor: 1 });
    // 1.06 at 6 % is exactly 0.06
    expect(splitTax(106, 600)).toEqual({ netMinor: 100, taxMinor: 6 });
    expect(splitTax(5000, 0)).toEqual({ netMinor: 5000, taxMinor: 0 });
    expect(splitTax(0, 900)).toEqual({ netMinor: 0, taxMinor: 0 });
  });

  it('rounds a remainder of exactly half a fen up', () => {
    // gross 53 at 600 bp: 53·600 = 31800 / 10600 = 3 exactly; find a half: g·r/d = k + 0.5 → g = 1767 at 600 bp: 100.02…
    // 2·g·r = d·(2k+1): with r = 10000 (100 %), d = 20000, g = 1 → tax 0.5 → 1
    expect(splitTax(1, 10_000)).toEqual({ netMinor: 0, taxMinor: 1 });
    expect(splitTax(3, 10_000)).toEqual({ netMinor: 1, taxMinor: 2 });
  });

  it('always adds back up to the gross, within half a fen of the exact tax', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_00 }),
        fc.constantFrom(0, 300, 600, 900, 1300),
        (gross, rate) => {
          const { netMinor, taxMinor } = splitTax(gross, rate);
          expect(netMinor + taxMinor).toBe(gross);
          expect(taxMinor).toBeGreaterThanOrEqual(0);
          const exact = (gross * rate) / (10_000 + rate);
          expect(Math.abs(taxMinor - exact)).toBeLessThanOrEqual(0.5);
          // half up: a remainder of exactly one half goes up, never down
          if (taxMinor - exact === -0.5) throw new Error('rounded a half down');
        },
      ),
    );
  });

  it('refuses amounts that are not whole hundredths and rates out of range', () => {
    expect(() => splitTax(1.5, 600)).toThrow(RangeError);
    expect(() => splitTax(-1, 600)).toThrow(RangeError);
    expect(() => splitTax(100, -1)).toThrow(RangeError);
    expect(() => splitTax(100, 10_001)).toThrow(RangeError);
  });
});
