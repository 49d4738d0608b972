import type { ResultLeg } from '@junction/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { durationText, ITINERARY_TEXTS, legTitle, rideText } from './itinerary-text';

const point = (en: string, zh: string, kind: 'station' | 'airport', code = '') =>
  ({ kind, code, name: { en, 'zh-CN': zh } }) as unknown as ResultLeg['from'];
const expressLeg = {
  kind: 'subway',
  carrier: 'METRO',
  carrierName: { en: 'Capital Airport Express', 'zh-CN': '首都机场线' },
  number: 'Capital Airport Express',
  from: point('Dongzhimen', '东直门', 'station'),
  to: point('Beijing Capital International Airport', '北京首都国际机场', 'airport', 'PEK'),
} as unknown as ResultLeg;

describe('an itinerary’s words for a metro ride', () => {
  it('names the line once, in the itinerary’s language', () => {
    expect(rideText(expressLeg, ITINERARY_TEXTS['zh-CN'], 'zh-CN')).toBe(
      `${ITINERARY_TEXTS['zh-CN'].legs.subway} · 首都机场线`,
    );
    expect(rideText(expressLeg, ITINERARY_TEXTS.en, 'en')).toBe(
      `${ITINERARY_TEXTS.en.legs.subway} · Capital Airport Express`,
    );
  });

  it('titles its calendar event by the line in the calendar’s language', () => {
    expect(legTitle(expressLeg, ITINERARY_TEXTS['zh-CN'], 'zh-CN')).toBe(
      `${ITINERARY_TEXTS['zh-CN'].legs.subway} 首都机场线 东直门 → PEK`,
    );
  });
});

describe('an itinerary’s durations', () => {
  it.each(['en', 'zh-CN'] as const)('read back as the minutes they stand for, with no zero part (%s)', (language) => {
    const tx = ITINERARY_TEXTS[language];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 72 * 60 }), (minutes) => {
        const text = durationText(minutes, tx);
        const hours = Number(/(\d+) ?(?:h|小时)/.exec(text)?.[1] ?? 0);
        const rest = Number(/(\d+) ?(?:min|分)/.exec(text)?.[1] ?? 0);
        expect(hours * 60 + rest).toBe(minutes);
        expect(text).not.toMatch(/(^|\D)0 ?(h|min|小时|分)/);
      }),
    );
  });
});
