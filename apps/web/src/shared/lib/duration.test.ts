import { describe, expect, it } from 'vitest';
import { splitMinutes } from './duration';

describe('durations', () => {
  it('splits durations into hours and minutes', () => {
    expect(splitMinutes(135)).toEqual({ hours: 2, minutes: 15 });
    expect(splitMinutes(45)).toEqual({ hours: 0, minutes: 45 });
  });
});
