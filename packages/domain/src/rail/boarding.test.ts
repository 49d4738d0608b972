import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type GroundArrival,
  RAIL_BOARDING,
  railBoardingMinutes,
  railChangeMinutes,
  type StationSize,
  stationSizeOf,
} from './boarding';

const SIZES: StationSize[] = ['small', 'large', 'hub'];
const ARRIVALS: GroundArrival[] = ['taxi', 'subway', 'walk'];

describe('boarding a train from the ground', () => {
  it('gives a hub like Beijing South 35 minutes from a taxi and 40 from the metro', () => {
    expect(stationSizeOf(346)).toBe('hub');
    expect(railBoardingMinutes('hub', 'taxi')).toBe(35);
    expect(railBoardingMinutes('hub', 'subway')).toBe(40);
    expect(railBoardingMinutes('small', 'walk')).toBe(15);
  });

  it('sizes stations by their trains a day: more trains never make a smaller station', () => {
    fc.assert(
      fc.property(fc.nat(2000), fc.nat(2000), (a, b) => {
        const [fewer, more] = a <= b ? [a, b] : [b, a];
        expect(SIZES.indexOf(stationSizeOf(more))).toBeGreaterThanOrEqual(SIZES.indexOf(stationSizeOf(fewer)));
      }),
    );
  });

  it('always leaves the ticket check, the entrance and the walk to the gate, more at a bigger station', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SIZES), fc.constantFrom(...ARRIVALS), (size, arrival) => {
        const minutes = railBoardingMinutes(size, arrival);
        expect(minutes).toBeGreaterThan(RAIL_BOARDING.ticketCheckClosesMin + 5);
        expect(minutes).toBeGreaterThanOrEqual(railBoardingMinutes(size, 'taxi'));
        const smaller = SIZES[SIZES.indexOf(size) - 1];
        if (smaller) {
          expect(minutes).toBeGreaterThan(railBoardingMinutes(smaller, arrival));
          expect(railChangeMinutes(size)).toBeGreaterThan(railChangeMinutes(smaller));
        }
      }),
    );
  });
});
