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

/** Networks of `min` to `max` stops: the stop count, with what `rest` draws for that many stops. */
export const withStopCount = <T extends object>(
  min: number,
  max: number,
  rest: (stopCount: number) => fc.Arbitrary<T>,
) => fc.integer({ min, max }).chain((stopCount) => rest(stopCount).map((drawn) => ({ stopCount, ...drawn })));

/** The stops a line calls at, in order: two to `maxLength` different ones of `stopCount`. */
const lineStopsArb = (stopCount: number, maxLength: number) =>
  fc.uniqueArray(fc.integer({ min: 0, max: stopCount - 1 }), { minLength: 2, maxLength });

/** One to `maxLines` lines, each over two to `maxStops` of `stopCount` stops, with what `more` draws for it. */
export const linesArb = <T extends object>(
  stopCount: number,
  maxStops: number,
  more: { [K in keyof T]: fc.Arbitrary<T[K]> },
  maxLines: number,
) =>
  fc.array(
    fc.tuple(lineStopsArb(stopCount, maxStops), fc.record(more)).map(([stops, drawn]) => ({ stops, ...drawn })),
    { minLength: 1, maxLength: maxLines },
  );
