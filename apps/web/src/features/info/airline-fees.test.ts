import { describe, expect, it } from 'vitest';
import { AIRLINE_FEES } from './airline-fees';

describe('airline fee table', () => {
  it('covers the main Chinese carriers and foreign carriers serving China, once each', () => {
    const codes = AIRLINE_FEES.airlines.map((a) => a.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(['CA', 'MU', 'CZ', 'HU', '3U', 'ZH', '9C', 'CX', 'SQ', 'EK', 'LH']));
  });

  it('names every airline in both languages and keeps money in integer hundredths', () => {
    for (const a of AIRLINE_FEES.airlines) {
      expect(a.name.zh).toMatch(/[\u4e00-\u9fff]/);
      expect(Number.isInteger(a.extraBagMinor)).toBe(true);
    }
  });
});
