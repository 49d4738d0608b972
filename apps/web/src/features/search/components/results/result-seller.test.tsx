import { type SearchResult, TRIP_TYPES } from '@junction/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../../../testing/render-app';
import { ONE_FLIGHT } from '../../../../testing/search-fixtures';
import { ResultCard } from './result-card';

afterEach(cleanup);

/** A flight American Airlines sells through Duffel. */
const THROUGH_DUFFEL: SearchResult = {
  ...ONE_FLIGHT,
  seller: { en: 'American Airlines', 'zh-CN': '美国航空' },
  sellers: [{ supplier: 'duffel', name: { en: 'American Airlines', 'zh-CN': '美国航空' }, price: ONE_FLIGHT.price }],
};

function show(result: SearchResult, language: 'en' | 'zh-CN') {
  stubApi({});
  const card = (
    <ResultCard
      result={result}
      showDate={false}
      tripType={TRIP_TYPES.ONE_WAY}
      travellers={1}
      party={{ adults: 1, children: 0 }}
      isExpanded
      isSelecting={false}
      onToggle={() => undefined}
      onSelect={() => undefined}
    />
  );
  renderApp([{ path: '/', element: card }], { language });
}

const SHOWN = {
  en: {
    duffel: 'Booked through American Airlines',
    own: 'Booked through Junction',
    hint: 'Sold and ticketed by the airline',
  },
  'zh-CN': { duffel: '预订渠道：美国航空', own: '预订渠道：联程自营', hint: '由航空公司销售并出票' },
};

describe("a result's seller", () => {
  it.each(['en', 'zh-CN'] as const)(
    'is the airline that sells a flight through Duffel, never Junction (%s)',
    (language) => {
      show(THROUGH_DUFFEL, language);
      expect(screen.getByTestId('result-seller').textContent).toBe(SHOWN[language].duffel);
      expect(document.body.textContent).toContain(SHOWN[language].hint);
      expect(document.body.textContent).not.toContain(SHOWN[language].own);
      expect(document.body.textContent).not.toContain('联程自营');
    },
  );

  it.each(['en', 'zh-CN'] as const)("is Junction for a fare of Junction's own (%s)", (language) => {
    show(ONE_FLIGHT, language);
    expect(screen.getByTestId('result-seller').textContent).toBe(SHOWN[language].own);
    expect(document.body.textContent).not.toContain(SHOWN[language].hint);
  });
});
