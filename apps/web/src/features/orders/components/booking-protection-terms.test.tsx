import type { BookingOffer, SearchResult } from '@junction/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../../shared/paths';
import { renderApp, stubApi } from '../../../testing/render-app';
import { ONE_FLIGHT, SELF_TRANSFER } from '../../../testing/search-fixtures';
import { BookingItineraryStep } from './booking-itinerary-step';

afterEach(cleanup);

const TERMS = { en: 'Protection terms', 'zh-CN': '保障条款' };

/** Step 2 of booking for an offer of this result (the step reads the result alone). */
function show(result: SearchResult, language: 'en' | 'zh-CN') {
  stubApi({});
  const offer = { result } as unknown as BookingOffer;
  renderApp([{ path: '/', element: <BookingItineraryStep offer={offer} extras={{ rail: [], baggage: [] }} /> }], {
    language,
  });
}

describe('the itinerary step of booking', () => {
  it.each(['en', 'zh-CN'] as const)(
    'links a self-transfer to the connection protection terms, in a new tab (%s)',
    (language) => {
      show(SELF_TRANSFER, language);
      const box = screen.getByTestId('self-transfer-protection');
      const link = screen.getByTestId('protection-terms');
      expect(box.contains(link)).toBe(true);
      expect(link.getAttribute('href')).toBe(paths.agreement('connection-protection'));
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.textContent).toBe(TERMS[language]);
    },
  );

  it('has no protection terms for a trip on one ticket', () => {
    show(ONE_FLIGHT, 'en');
    expect(screen.getByTestId('step-itinerary')).toBeTruthy();
    expect(screen.queryByTestId('protection-terms')).toBeNull();
  });
});
