import { type LegPoint, legCo2Grams, type ResultLeg, type SearchResult, sameInBoth } from '@junction/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../testing/render-app';
import { resultLeg } from '../../../../testing/search-fixtures';
import { Co2Chips } from './co2-chip';
import { JourneyTimeline } from './journey-timeline';

const place = (code: string, name: string, kind: LegPoint['kind'], lat: number, lon: number): LegPoint => ({
  code,
  name: sameInBoth(name),
  kind,
  lat,
  lon,
});

const HOME = place('', 'Wangfujing Street 1', 'address', 39.911, 116.41);
const WANGFUJING = place('WFJ', 'Wangfujing', 'metro', 39.9135, 116.411);
const PEK = place('PEK', 'Beijing Capital', 'airport', 40.0799, 116.6031);
const SHA = place('SHA', 'Shanghai Hongqiao', 'airport', 31.1979, 121.3363);
const AOH = place('AOH', 'Shanghai Hongqiao Station', 'station', 31.194, 121.32);
const HGH = place('HGH', 'Hangzhou East', 'station', 30.291, 120.213);
const WEST_LAKE = place('', 'West Lake', 'address', 30.259, 120.149);

let minute = 0;
/** The next leg of the plan, `minutes` long, ten minutes after the one before. */
function leg(kind: ResultLeg['kind'], from: LegPoint, to: LegPoint, minutes: number, extra: Partial<ResultLeg> = {}) {
  const time = (m: number) => new Date(Date.UTC(2030, 4, 1, 0, m)).toISOString().replace('.000Z', '+00:00');
  const times: [string, string] = [time(minute), time(minute + minutes)];
  minute += minutes + 10;
  return resultLeg(kind, from, to, times, extra);
}

/** From a door in Beijing to the West Lake: a walk, the metro, a flight, a walk, a train and a taxi. */
const legs = [
  leg('lands', HOME, WANGFUJING, 8),
  leg('subway', WANGFUJING, PEK, 55, { carrierName: { en: 'Capital Airport Express', 'zh-CN': '首都机场线' } }),
  leg('air', PEK, SHA, 135, { carrier: 'CA', carrierName: sameInBoth('Air China'), number: 'CA1501', cabin: 'Y' }),
  leg('lands', SHA, AOH, 12),
  leg('land', AOH, HGH, 65, {
    carrier: 'CR',
    carrierName: sameInBoth('China Railway'),
    number: 'G7501',
    trainType: 'G',
  }),
  leg('taxi', HGH, WEST_LAKE, 30, { price: { amount: 4_500, currency: 'CNY' } }),
];
const PLAN = {
  id: 'door',
  kind: 'mix',
  price: { amount: 120_000, currency: 'CNY' },
  departureTime: legs[0]?.departureTime ?? '',
  arrivalTime: legs.at(-1)?.arrivalTime ?? '',
  durationMinutes: minute - 10,
  transfers: 1,
  date: '2030/05/01',
  legs,
  bounds: [{ start: 0, end: legs.length }],
  agent: 'combined',
  sellers: [{ supplier: 'a', name: sameInBoth('Supplier A'), price: { amount: 120_000, currency: 'CNY' } }],
  fees: { cancelBefore: null, cancelAfter: null, changeBefore: null, changeAfter: null, free24h: false },
} satisfies SearchResult;

/** Each leg's estimate per traveller in grams: the metro at 40 g and the taxi at 131 g a passenger-kilometre. */
const GRAMS = { subway: 1186, air: 97_492, land: 3851, taxi: 1209 };

function renderPlan(language: 'en' | 'zh-CN') {
  renderApp(
    [
      {
        path: '/',
        element: (
          <>
            <Co2Chips result={PLAN} />
            <JourneyTimeline result={PLAN} legs={PLAN.legs} />
          </>
        ),
      },
    ],
    { language },
  );
}

describe('the journey timeline of a door-to-door plan', () => {
  it.each([
    ['en', { subway: '1.2 kg CO₂', air: '97 kg CO₂', land: '3.9 kg CO₂', taxi: '1.2 kg CO₂' }, '104 kg CO₂'],
    [
      'zh-CN',
      { subway: '1.2 千克 CO₂', air: '97 千克 CO₂', land: '3.9 千克 CO₂', taxi: '1.2 千克 CO₂' },
      '104 千克 CO₂',
    ],
  ] as const)(
    'shows the CO₂ of each ride, none on a walk, adding up to the plan’s (%s)',
    async (language, shown, total) => {
      renderPlan(language);
      const timeline = await screen.findByTestId('journey-timeline');
      const items = [...timeline.querySelectorAll<HTMLElement>('li[data-leg-kind]')];
      expect(items.map((li) => li.dataset.legKind)).toEqual(['lands', 'subway', 'air', 'lands', 'land', 'taxi']);
      const figures = items.map((li) => within(li).queryByTestId('leg-co2'));
      for (const [i, li] of items.entries()) {
        const kind = li.dataset.legKind as keyof typeof GRAMS | 'lands';
        const figure = figures[i];
        if (kind === 'lands') {
          expect(figure).toBeNull();
          continue;
        }
        expect(figure?.dataset.grams).toBe(String(GRAMS[kind]));
        expect(figure?.textContent).toBe(shown[kind]);
      }
      const sum = figures.reduce((s, f) => s + Number(f?.dataset.grams ?? 0), 0);
      const card = screen.getByTestId('co2');
      expect(Number(card.dataset.grams)).toBe(sum);
      expect(card.textContent).toBe(total);
    },
  );

  it.each(['en', 'zh-CN'] as const)(
    'shows a stop once where a walk leaves the moment the train arrives, twice where the traveller waits, and a short ride’s CO₂ in grams (%s)',
    async (language) => {
      const at = (m: number) => new Date(Date.UTC(2030, 4, 1, 6, m)).toISOString().replace('.000Z', '+00:00');
      const METRO = place('', 'Hongqiao Railway Station', 'metro', 31.195, 121.321);
      const train = resultLeg('land', HGH, AOH, [at(0), at(60)], { number: 'G7502', trainType: 'G' });
      const walk = resultLeg('lands', AOH, METRO, [at(60), at(68)]);
      const T2 = place('', 'Hongqiao Airport Terminal 2', 'metro', 31.1975, 121.3275);
      const ride = resultLeg('subway', METRO, T2, [at(73), at(77)]);
      const plan = { ...PLAN, legs: [train, walk, ride], bounds: [{ start: 0, end: 3 }] };
      renderApp([{ path: '/', element: <JourneyTimeline result={plan} legs={plan.legs} /> }], { language });
      const timeline = await screen.findByTestId('journey-timeline');
      const stops = [...timeline.querySelectorAll('time')].map(
        (t) => `${t.textContent} ${t.nextElementSibling?.textContent}`,
      );
      expect(stops).toEqual([
        '06:00 Hangzhou East',
        '07:00 Shanghai Hongqiao Station',
        '07:08 Hongqiao Railway Station',
        '07:13 Hongqiao Railway Station',
        '07:17 Hongqiao Airport Terminal 2',
      ]);
      // A ride of a few stops emits grams, not "0 kg".
      const grams = legCo2Grams(ride);
      expect(grams).toBeGreaterThan(0);
      expect(grams).toBeLessThan(100);
      expect(within(timeline).getAllByTestId('leg-co2').at(-1)?.textContent).toBe(
        language === 'en' ? `${grams} g CO₂` : `${grams} 克 CO₂`,
      );
    },
  );
});
