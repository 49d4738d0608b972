import fc from 'fast-check';

/** Up to `maxLength` paid transfers between any two of `stopCount` stops, of up to two hours each. */
export const transfersArb = (stopCount: number, maxLength: number) =>
  fc.array(
    fc.record({
      from: fc.integer({ min: 0, max: stopCount - 1 }),
      to: fc.integer({ min: 0, max: stopCount - 1 }),
      seconds: fc.integer({ min: 0, max: 2 * 3600 }),
      price: fc.integer({ min: 0, max: 3000 }),
    }),
    { maxLength },
  );

/** The fares of a three-leg line's legs. */
export const faresArb = () => fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 3, maxLength: 3 });
