import { describe, expect, it } from 'vitest';
import { isRide, JOURNEY_CABINS, journeyCabin } from './search-options';

describe('the cabin of a journey (spec §3)', () => {
  const air = (cabin?: string) => ({ kind: 'air', cabin });
  it('is the one cabin of its flights, M as Y and W as S', () => {
    expect(journeyCabin([air('C'), { kind: 'taxi' }, air('C')])).toBe('C');
    expect(journeyCabin([air('M'), air('Y')])).toBe('Y');
    expect(journeyCabin([air('W')])).toBe('S');
  });
  it('is mixed when the flights are in different cabins', () => {
    expect(journeyCabin([air('Y'), air('C')])).toBe('mixed');
    expect(JOURNEY_CABINS).toContain('mixed');
  });
  it('is none for a journey without flights, whatever seat class its trains have', () => {
    expect(journeyCabin([{ kind: 'land', cabin: 'O' }])).toBeUndefined();
  });
});

describe('rides (the one "is this leg a ride" rule)', () => {
  it('are flights and trains, not the taxi, metro and walks between them', () => {
    const kinds = ['air', 'land', 'lands', 'subway', 'taxi'] as const;
    expect(kinds.filter((kind) => isRide({ kind }))).toEqual(['air', 'land']);
  });
});
