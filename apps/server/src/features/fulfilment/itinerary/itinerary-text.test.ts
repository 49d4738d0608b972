import type { ResultLeg } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { ITINERARY_TEXTS, legTitle, rideText } from './itinerary-text';

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
